import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, READ_SCHEMA } from './column-types.js';

/**
 * Dashboard figures per day the orders were placed (Africa/Cairo calendar day), counted by
 * their current status. Active orders = SUM(placed_count); total revenue = SUM(revenue);
 * month against last month = the same sums grouped by date_trunc('month', day).
 * Customers and products are counted from customers and posters.
 */
@Entity({ schema: READ_SCHEMA, name: 'daily_sales' })
export class DailySalesEntity {
  /** 'YYYY-MM-DD'. */
  @PrimaryColumn({ type: 'date' }) day!: string;
  /** Orders placed that day, any status. */
  @Column({ type: 'integer', name: 'orders_count' }) ordersCount!: number;
  /** Orders awaiting shipment (PLACED or CONFIRMED): the dashboard's active orders. */
  @Column({ type: 'integer', name: 'placed_count' }) placedCount!: number;
  @Column({ type: 'integer', name: 'shipped_count' }) shippedCount!: number;
  @Column({ type: 'integer', name: 'canceled_count' }) canceledCount!: number;
  @Column({ type: 'integer', name: 'refused_count' }) refusedCount!: number;
  /** Orders received back (RETURNED) or with goods returned after delivery. */
  @Column({ type: 'integer', name: 'returned_count' }) returnedCount!: number;
  /** Goods returned from that day's sold orders (piastres); sales is net of it. */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) returned!: number;
  /** Cash refunded on that day's delivered orders (piastres); collected is net of it. */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) refunded!: number;
  /** Sum of total of that day's orders now SHIPPED or DELIVERED (piastres). */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) revenue!: number;
  /** Sum of subtotal of that day's orders now SHIPPED or DELIVERED (the old dashboard's "subtotal, else total"). */
  @Column({ type: 'bigint', name: 'revenue_subtotal', transformer: bigintAsNumber }) revenueSubtotal!: number;
  /** Sum of total of that day's orders not CANCELED. */
  @Column({ type: 'bigint', name: 'gross_total', transformer: bigintAsNumber }) grossTotal!: number;
  /** Sales: goods after discounts of that day's orders now SHIPPED or DELIVERED, less returns (revenue.ts; piastres). */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) sales!: number;
  /** Collected: totals of that day's orders now DELIVERED, less refunds. */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) collected!: number;
  /** Pending: totals of that day's orders now SHIPPED (out for delivery). */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) pending!: number;
}

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
  /** Sum of total of that day's orders now SHIPPED or DELIVERED (piastres). */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) revenue!: number;
  /** Sum of subtotal of that day's orders now SHIPPED or DELIVERED (the old dashboard's "subtotal, else total"). */
  @Column({ type: 'bigint', name: 'revenue_subtotal', transformer: bigintAsNumber }) revenueSubtotal!: number;
  /** Sum of total of that day's orders not CANCELED. */
  @Column({ type: 'bigint', name: 'gross_total', transformer: bigintAsNumber }) grossTotal!: number;
  /** Sales: goods after discounts of that day's orders now SHIPPED or DELIVERED (revenue.ts; piastres). */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) sales!: number;
  /** Collected: totals of that day's orders now DELIVERED. */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) collected!: number;
  /** Pending: totals of that day's orders now SHIPPED (out for delivery). */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) pending!: number;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MoneyFigures } from '#domain/money/figures.js';
import { READ_SCHEMA } from './column-types.js';

/**
 * Dashboard figures per day the orders were placed (Africa/Cairo calendar day), counted by
 * their current status. Active orders = SUM(placed_count); the money figures = the sums of money;
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
  /** The money figures of that day's orders as they stand now (money/figures.ts), summed; piastres. */
  @Column({ type: 'jsonb', default: {} }) money!: MoneyFigures;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, READ_SCHEMA } from './column-types.js';

/**
 * The dashboard's orders by governorate, kept by the dashboard projection (a delta per status
 * change), so the dashboard never counts over the orders table. Same figures as counting the
 * orders: orders not CANCELED, and the totals of those now SHIPPED.
 */
@Entity({ schema: READ_SCHEMA, name: 'governorate_sales' })
export class GovernorateSalesEntity {
  @PrimaryColumn({ type: 'text' }) governorate!: string;
  /** Orders not CANCELED. */
  @Column({ type: 'integer', name: 'orders_count' }) ordersCount!: number;
  /** Sum of total of the orders now SHIPPED (piastres). */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) revenue!: number;
  /** Sales: goods after discounts of the governorate's orders now SHIPPED or DELIVERED (revenue.ts; piastres). */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) sales!: number;
  /** Collected: totals of the governorate's orders now DELIVERED. */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) collected!: number;
  /** Pending: totals of the governorate's orders now SHIPPED (out for delivery). */
  @Column({ type: 'bigint', transformer: bigintAsNumber }) pending!: number;
}

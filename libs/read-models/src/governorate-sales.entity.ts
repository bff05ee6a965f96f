import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MoneyFigures } from '#domain/money/figures.js';
import { READ_SCHEMA } from './column-types.js';

/**
 * The dashboard's orders by governorate, kept by the dashboard projection (a delta per status
 * change), so the dashboard never counts over the orders table. Same figures as counting the
 * orders: orders not CANCELED, and the money figures of all.
 */
@Entity({ schema: READ_SCHEMA, name: 'governorate_sales' })
export class GovernorateSalesEntity {
  @PrimaryColumn({ type: 'text' }) governorate!: string;
  /** Orders not CANCELED. */
  @Column({ type: 'integer', name: 'orders_count' }) ordersCount!: number;
  /** The money figures of the governorate's orders as they stand now (money/figures.ts), summed; piastres. */
  @Column({ type: 'jsonb', default: {} }) money!: MoneyFigures;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/**
 * Each order's shopper (data subject), governorate, placing time and current status: the cod-outcomes projection's
 * memory, since a status change names only the order.
 */
@Entity({ schema: READ_SCHEMA, name: 'cod_orders_state' })
export class CodOrderStateEntity {
  @PrimaryColumn({ type: 'text', name: 'order_id' }) orderId!: string;
  /** The shopper's data subject (read.orders.subject_id). */
  @Column({ type: 'text', name: 'subject_id' }) subjectId!: string;
  @Column({ type: 'text' }) governorate!: string;
  @Column({ type: 'timestamptz', name: 'placed_at' }) placedAt!: Date;
  @Column({ type: 'text' }) status!: string;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** What checkout found about an order (OrderScreened): its flags and the order it likely duplicates. Kept by the order-screening projection. */
@Entity({ schema: READ_SCHEMA, name: 'screened_orders' })
export class ScreenedOrderEntity {
  @PrimaryColumn({ type: 'text', name: 'order_id' }) orderId!: string;
  /** The same key read.orders.subject_id holds for the person. */
  @Column({ type: 'text', name: 'subject_id' }) subjectId!: string;
  /** ScreeningFlag codes. */
  @Column({ type: 'jsonb' }) flags!: string[];
  @Column({ type: 'text', name: 'duplicate_of', nullable: true }) duplicateOf!: string | null;
}

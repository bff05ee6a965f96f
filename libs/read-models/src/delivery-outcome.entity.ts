import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/**
 * One row per order now DELIVERED or REFUSED, kept by the cod-outcomes projection: the
 * dashboard's delivery-by-governorate figures aggregate the rows of a period (by outcome time).
 */
@Entity({ schema: READ_SCHEMA, name: 'delivery_outcomes' })
@Index('delivery_outcomes_outcome_at_idx', ['outcomeAt'])
export class DeliveryOutcomeEntity {
  @PrimaryColumn({ type: 'text', name: 'order_id' }) orderId!: string;
  @Column({ type: 'text' }) governorate!: string;
  /** DELIVERED or REFUSED. */
  @Column({ type: 'text' }) outcome!: string;
  /** When the outcome was recorded. */
  @Column({ type: 'timestamptz', name: 'outcome_at' }) outcomeAt!: Date;
  /** Days from placing to the outcome (fractional). */
  @Column({ type: 'double precision' }) days!: number;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/**
 * Cash-on-delivery risk per person (data subject, docs/adr/012): every order they placed, and how many of them are
 * now DELIVERED, REFUSED or CANCELED. Kept by the cod-outcomes projection, a delta per change.
 */
@Entity({ schema: READ_SCHEMA, name: 'phone_risks' })
export class PhoneRiskEntity {
  /** The same key read.orders.subject_id holds for the person. */
  @PrimaryColumn({ type: 'text', name: 'subject_id' }) subjectId!: string;
  @Column({ type: 'integer' }) orders!: number;
  @Column({ type: 'integer' }) delivered!: number;
  @Column({ type: 'integer' }) refused!: number;
  @Column({ type: 'integer' }) canceled!: number;
}

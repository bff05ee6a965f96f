import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/**
 * Cash-on-delivery risk per phone: every order placed from the number, and how many of them are
 * now DELIVERED, REFUSED or CANCELED. Kept by the cod-outcomes projection, a delta per change.
 */
@Entity({ schema: READ_SCHEMA, name: 'phone_risks' })
export class PhoneRiskEntity {
  /** phoneKey(): the same key read.orders.phone holds for the number. */
  @PrimaryColumn({ type: 'text' }) phone!: string;
  @Column({ type: 'integer' }) orders!: number;
  @Column({ type: 'integer' }) delivered!: number;
  @Column({ type: 'integer' }) refused!: number;
  @Column({ type: 'integer' }) canceled!: number;
}

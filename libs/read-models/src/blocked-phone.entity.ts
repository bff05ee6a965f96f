import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/**
 * Phones whose checkouts are refused, per person (data subject: the phone is a column, never the
 * key). Kept by the order-screening projection; a lifted block's row is removed, and so is an
 * erased person's (their subject, and with it the block, is gone).
 */
@Entity({ schema: READ_SCHEMA, name: 'blocked_phones' })
export class BlockedPhoneEntity {
  @PrimaryColumn({ type: 'text', name: 'subject_id' }) subjectId!: string;
  @Column({ type: 'text' }) phone!: string;
  /** A PhoneBlockReason code. */
  @Column({ type: 'text' }) reason!: string;
  @Column({ type: 'text', name: 'blocked_by' }) blockedBy!: string;
  @Column({ type: 'text', name: 'blocked_by_role' }) blockedByRole!: string;
  @Column({ type: 'timestamptz', name: 'blocked_at' }) blockedAt!: Date;
}

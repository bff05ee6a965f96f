import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** Promo codes; the upper-cased code is the id. Deleted codes are marked (their uses still count if created again). */
@Entity({ schema: READ_SCHEMA, name: 'promo_codes' })
export class PromoCodeEntity {
  @PrimaryColumn({ type: 'text' }) code!: string;
  @Column({ type: 'integer', name: 'percent_off' }) percentOff!: number;
  @Column({ type: 'boolean' }) active!: boolean;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
  /** Shop days as the decider validated them ('YYYY-MM-DD'); text, since the log is the authority. */
  @Column({ type: 'text', name: 'starts_on', nullable: true }) startsOn!: string | null;
  @Column({ type: 'text', name: 'ends_on', nullable: true }) endsOn!: string | null;
  @Column({ type: 'integer', name: 'usage_limit', nullable: true }) usageLimit!: number | null;
  @Column({ type: 'boolean', name: 'once_per_customer', default: false }) oncePerCustomer!: boolean;
  /** Piastres. */
  @Column({ type: 'bigint', name: 'minimum_subtotal', default: 0 }) minimumSubtotal!: string;
  @Column({ type: 'text', nullable: true }) category!: string | null;
  /** Orders placed with the code and not cancelled or refused. */
  @Column({ type: 'integer', default: 0 }) uses!: number;
  @Column({ type: 'boolean', default: false }) deleted!: boolean;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** Promo codes; the upper-cased code is the id. Deleted codes have no row. */
@Entity({ schema: READ_SCHEMA, name: 'promo_codes' })
export class PromoCodeEntity {
  @PrimaryColumn({ type: 'text' }) code!: string;
  @Column({ type: 'integer', name: 'percent_off' }) percentOff!: number;
  @Column({ type: 'boolean' }) active!: boolean;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}

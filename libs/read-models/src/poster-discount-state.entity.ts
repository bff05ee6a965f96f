import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** The posters projection's own copy of the discount rules (it never reads another projection's tables). */
@Entity({ schema: READ_SCHEMA, name: 'poster_discounts_state' })
export class PosterDiscountStateEntity {
  @PrimaryColumn({ type: 'integer', name: 'discount_id' }) discountId!: number;
  @Column({ type: 'text', nullable: true }) category!: string | null;
  @Column({ type: 'integer' }) percentage!: number;
  @Column({ type: 'boolean' }) active!: boolean;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** Category discounts; category null = all categories. Deleted discounts have no row. */
@Entity({ schema: READ_SCHEMA, name: 'discounts' })
export class DiscountEntity {
  @PrimaryColumn({ type: 'integer' }) id!: number;
  @Column({ type: 'text', nullable: true }) category!: string | null;
  @Column({ type: 'integer' }) percentage!: number;
  @Column({ type: 'boolean' }) active!: boolean;
  /** First and last shop day in force ('YYYY-MM-DD', inclusive), or null: open on that side. */
  @Column({ type: 'text', name: 'starts_on', nullable: true }) startsOn!: string | null;
  @Column({ type: 'text', name: 'ends_on', nullable: true }) endsOn!: string | null;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}

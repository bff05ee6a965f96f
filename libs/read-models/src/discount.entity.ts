import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** Category discounts; category null = all categories. Deleted discounts have no row. */
@Entity({ schema: READ_SCHEMA, name: 'discounts' })
export class DiscountEntity {
  @PrimaryColumn({ type: 'integer' }) id!: number;
  @Column({ type: 'text', nullable: true }) category!: string | null;
  @Column({ type: 'integer' }) percentage!: number;
  @Column({ type: 'boolean' }) active!: boolean;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}

import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** Quantity ordered per poster over all orders that are not CANCELED. Sort by totalOrdered desc. */
@Entity({ schema: READ_SCHEMA, name: 'bestsellers' })
@Index('bestsellers_total_idx', ['totalOrdered'])
export class BestsellerEntity {
  @PrimaryColumn({ type: 'text', name: 'poster_id' }) posterId!: string;
  @Column({ type: 'integer', name: 'total_ordered' }) totalOrdered!: number;
}

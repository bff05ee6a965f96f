import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** Each poster's category and visibility: the categories projection counts from these. */
@Entity({ schema: READ_SCHEMA, name: 'category_posters_state' })
export class CategoryPosterStateEntity {
  @PrimaryColumn({ type: 'text', name: 'poster_id' }) posterId!: string;
  @Column({ type: 'text' }) category!: string;
  @Column({ type: 'boolean' }) visible!: boolean;
  @Column({ type: 'boolean' }) deleted!: boolean;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/**
 * Categories in use by the catalogue. A row appears once any poster (even hidden or deleted)
 * used the category; posterCount counts the posters the shop shows (visible, not deleted).
 * The fixed list of all categories is CATEGORIES in #domain/shop-config.js.
 */
@Entity({ schema: READ_SCHEMA, name: 'categories' })
export class CategoryEntity {
  @PrimaryColumn({ type: 'text' }) name!: string;
  @Column({ type: 'integer', name: 'poster_count' }) posterCount!: number;
  @Column({ type: 'integer', name: 'total_count' }) totalCount!: number;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** Add-on products. Deleted products stay with deleted = true; lists show NOT deleted. */
@Entity({ schema: READ_SCHEMA, name: 'products' })
export class ProductEntity {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) description!: string;
  /** The Arabic storefront's wording; '' where the add-on has none (each storefront falls back to the other language). */
  @Column({ type: 'text', name: 'name_ar' }) nameAr!: string;
  @Column({ type: 'text', name: 'description_ar' }) descriptionAr!: string;
  /** Piastres. */
  @Column({ type: 'integer' }) price!: number;
  @Column({ type: 'text', name: 'image_url', nullable: true }) imageUrl!: string | null;
  @Column({ type: 'boolean' }) deleted!: boolean;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}

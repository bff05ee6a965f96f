import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** One size of a poster as the shop shows it; all money in piastres. */
export interface PosterVariantView {
  /** Same as variantId (the old product called it id). */
  id: string;
  variantId: string;
  size: string;
  /** Catalogue price (also the original price). */
  price: number;
  originalPrice: number;
  /** Price after the best applicable active category discount; equals price without one. */
  discountedPrice: number;
  hasDiscount: boolean;
  discountPercentage: number;
  weightGrams: number;
}

/**
 * The catalogue: every poster ever created, deleted ones included (deleted = true) so the
 * admin can list and recover them. The shop shows rows with visible AND NOT deleted.
 * Prices already carry the best active discount for the poster's category.
 */
@Entity({ schema: READ_SCHEMA, name: 'posters' })
@Index('posters_category_idx', ['category'])
@Index('posters_created_at_id_idx', ['createdAt', 'id'])
export class PosterEntity {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) description!: string;
  /** The Arabic storefront's wording; '' where the poster has none (the storefront falls back to name). */
  @Column({ type: 'text', name: 'name_ar' }) nameAr!: string;
  @Column({ type: 'text', name: 'description_ar' }) descriptionAr!: string;
  @Column({ type: 'text' }) category!: string;
  @Column({ type: 'text', name: 'image_url' }) imageUrl!: string;
  @Column({ type: 'boolean' }) visible!: boolean;
  @Column({ type: 'boolean' }) deleted!: boolean;
  /** Ordered as the admin entered them. */
  @Column({ type: 'jsonb' }) variants!: PosterVariantView[];
  @Column({ type: 'boolean', name: 'has_discount' }) hasDiscount!: boolean;
  @Column({ type: 'integer', name: 'discount_percentage' }) discountPercentage!: number;
  /** Price and discounted price of the variant with the largest discount (the cheapest when none). */
  @Column({ type: 'integer', name: 'original_price_sample' }) originalPriceSample!: number;
  @Column({ type: 'integer', name: 'discounted_price_sample' }) discountedPriceSample!: number;
  /** Lowest catalogue price (the "basePrice" of the admin form), highest, lowest after discount. */
  @Column({ type: 'integer', name: 'min_price' }) minPrice!: number;
  @Column({ type: 'integer', name: 'max_price' }) maxPrice!: number;
  @Column({ type: 'integer', name: 'min_discounted_price' }) minDiscountedPrice!: number;
  /** Name and description, in both languages, folded by foldForSearch: what the shop's and the admin's searches match. */
  @Column({ type: 'text', name: 'search_text' }) searchText!: string;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
  @Column({ type: 'timestamptz', name: 'deleted_at', nullable: true }) deletedAt!: Date | null;
}

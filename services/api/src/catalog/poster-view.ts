import type { DiscountSnapshot } from '#domain/pricing/catalogue-snapshot.js';
import { posterCardPrice, posterDisplayPrices } from '#domain/pricing/poster-display-prices.js';
import { piastresToEgp } from '#domain/shared/money.js';
import type { PosterEntity } from '#read-models/poster.entity.js';
import type { PosterCardView, PosterView } from './poster-response.js';

/** What the storefront shows of a posters read-model row. */
export const SHOP_POSTER_FIELDS = [
  'id', 'name', 'description', 'nameAr', 'descriptionAr', 'category', 'imageUrl', 'visible', 'deleted', 'variants',
  'hasDiscount', 'discountPercentage', 'originalPriceSample', 'discountedPriceSample', 'minPrice', 'maxPrice', 'createdAt',
] as const satisfies readonly (keyof PosterEntity)[];

export type ShopPosterRow = Pick<PosterEntity, (typeof SHOP_POSTER_FIELDS)[number]>;

/**
 * A poster as the storefront shows it: read-model row with money in EGP, priced with the
 * category discounts in force today (the row holds only those always in force: docs/adr/020).
 */
export function posterView(row: ShopPosterRow, inForce: readonly DiscountSnapshot[]): PosterView {
  const prices = posterDisplayPrices(row.category, row.variants, inForce);
  const p = { ...row, ...prices };
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    nameAr: p.nameAr,
    descriptionAr: p.descriptionAr,
    category: p.category,
    imageUrl: p.imageUrl,
    visible: p.visible,
    isActive: p.visible && !p.deleted,
    variants: p.variants.map((v) => ({
      id: v.variantId,
      variantId: v.variantId,
      size: v.size,
      price: piastresToEgp(v.price),
      originalPrice: piastresToEgp(v.originalPrice),
      discountedPrice: piastresToEgp(v.discountedPrice),
      hasDiscount: v.hasDiscount,
      discountPercentage: v.discountPercentage,
      weightGrams: v.weightGrams,
    })),
    hasDiscount: p.hasDiscount,
    discountPercentage: p.discountPercentage,
    originalPriceSample: piastresToEgp(p.originalPriceSample),
    discountedPriceSample: piastresToEgp(p.discountedPriceSample),
    minPrice: piastresToEgp(p.minPrice),
    maxPrice: piastresToEgp(p.maxPrice),
    createdAt: p.createdAt,
  };
}

/**
 * What a card reads of a posters row: no sizes or descriptions, whose bytes (the sizes' jsonb
 * above all) were most of the cost of a page of posters in PostgreSQL and in the API.
 */
export const SHOP_CARD_FIELDS = ['id', 'name', 'nameAr', 'category', 'imageUrl', 'minPrice'] as const satisfies readonly (keyof PosterEntity)[];

export type ShopCardRow = Pick<PosterEntity, (typeof SHOP_CARD_FIELDS)[number]>;

/** A poster's card, priced with the category discounts in force today; money in EGP. */
export function posterCard(row: ShopCardRow, inForce: readonly DiscountSnapshot[]): PosterCardView {
  const { price, originalPrice, discountPercentage } = posterCardPrice(row.category, row.minPrice, inForce);
  return {
    id: row.id,
    name: row.name,
    nameAr: row.nameAr,
    category: row.category,
    imageUrl: row.imageUrl,
    price: piastresToEgp(price),
    originalPrice: piastresToEgp(originalPrice),
    discountPercentage,
  };
}

export interface Page<T> {
  currentPage: number;
  totalPages: number;
  totalItems: number;
  itemsPerPage: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  items: T[];
}

export function page<T>(items: T[], totalItems: number, currentPage: number, itemsPerPage: number): Page<T> {
  const totalPages = Math.max(1, Math.ceil(totalItems / itemsPerPage));
  return {
    currentPage,
    totalPages,
    totalItems,
    itemsPerPage,
    hasNextPage: currentPage < totalPages,
    hasPreviousPage: currentPage > 1,
    items,
  };
}

/** LIKE pattern for a user's search text: wildcards in the text match themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

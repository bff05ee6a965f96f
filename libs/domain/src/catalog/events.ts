/** Catalogue events: posters (`poster-<id>`), add-on products (`product-<id>`), custom prices (`custompricing`). */
import type { DomainEvent } from '../shared/event.js';
import type { Piastres } from '../shared/money.js';
import type { Category, PosterSize } from '../shop-config.js';

export interface PosterVariant {
  variantId: string;
  size: PosterSize;
  price: Piastres;
}

/**
 * What the poster's details form edits. name and description are the shop's default wording (the
 * English storefront's); nameAr and descriptionAr, the Arabic storefront's, are optional: events
 * written before them, and posters never translated, leave them out, and each storefront falls
 * back to the other language's text. An empty nameAr in a change clears the translation.
 */
export interface PosterDetails {
  name: string;
  description: string;
  nameAr?: string;
  descriptionAr?: string;
  category: Category;
  imageUrl: string;
}

export type PosterCreated = DomainEvent<'PosterCreated', PosterDetails & {
  posterId: string;
  visible: boolean;
  variants: PosterVariant[];
}>;

/** Only the fields that changed are present. */
export type PosterDetailsChanged = DomainEvent<'PosterDetailsChanged', Partial<PosterDetails> & { posterId: string }>;

/** The full new list of variants (sizes and prices). */
export type PosterVariantsChanged = DomainEvent<'PosterVariantsChanged', {
  posterId: string;
  variants: PosterVariant[];
}>;

export type PosterVisibilityChanged = DomainEvent<'PosterVisibilityChanged', { posterId: string; visible: boolean }>;
export type PosterDeleted = DomainEvent<'PosterDeleted', { posterId: string }>;
export type PosterRecovered = DomainEvent<'PosterRecovered', { posterId: string }>;

export type PosterEvent =
  | PosterCreated
  | PosterDetailsChanged
  | PosterVariantsChanged
  | PosterVisibilityChanged
  | PosterDeleted
  | PosterRecovered;

/**
 * A whole add-on product: an admin edits all its fields in one form. name and description are the
 * shop's default wording (the English storefront's), nameAr and descriptionAr the Arabic
 * storefront's; either of a pair may be '' (or, in events written before them, absent), and each
 * storefront falls back to the other language's text. Schema 2 (upcasters.ts): a schema-1 name or
 * description in Arabic letters reads as nameAr or descriptionAr.
 */
export interface ProductDetails {
  productId: string;
  name: string;
  description: string;
  nameAr?: string;
  descriptionAr?: string;
  price: Piastres;
  imageUrl: string | null;
}

export type ProductCreated = DomainEvent<'ProductCreated', ProductDetails>;
/** Carries the whole new product. */
export type ProductUpdated = DomainEvent<'ProductUpdated', ProductDetails>;

export type ProductDeleted = DomainEvent<'ProductDeleted', { productId: string }>;

export type ProductEvent = ProductCreated | ProductUpdated | ProductDeleted;

export type CustomPriceSet = DomainEvent<'CustomPriceSet', { size: PosterSize; price: Piastres }>;

export type CustomPricingEvent = CustomPriceSet;

export type CatalogEvent = PosterEvent | ProductEvent | CustomPricingEvent;

const posterEventTypes: Record<PosterEvent['type'], true> = {
  PosterCreated: true,
  PosterDetailsChanged: true,
  PosterVariantsChanged: true,
  PosterVisibilityChanged: true,
  PosterDeleted: true,
  PosterRecovered: true,
};
const productEventTypes: Record<ProductEvent['type'], true> = {
  ProductCreated: true,
  ProductUpdated: true,
  ProductDeleted: true,
};
const customPricingEventTypes: Record<CustomPricingEvent['type'], true> = { CustomPriceSet: true };

/** Type strings per aggregate, for subscription filters (the Record keeps them exhaustive). */
export const POSTER_EVENT_TYPES = Object.keys(posterEventTypes) as PosterEvent['type'][];
export const PRODUCT_EVENT_TYPES = Object.keys(productEventTypes) as ProductEvent['type'][];
export const CUSTOM_PRICING_EVENT_TYPES = Object.keys(customPricingEventTypes) as CustomPricingEvent['type'][];
export const CATALOG_EVENT_TYPES: CatalogEvent['type'][] = [
  ...POSTER_EVENT_TYPES,
  ...PRODUCT_EVENT_TYPES,
  ...CUSTOM_PRICING_EVENT_TYPES,
];

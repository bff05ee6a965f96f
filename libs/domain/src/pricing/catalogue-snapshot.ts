/**
 * The part of the catalogue a cart is priced against, as plain data. The API builds it from
 * the write side (poster, product, custompricing, discounts and promo streams folded by their
 * deciders: see catalogueFromStates), so pricing at checkout never depends on a read model.
 */
import type { CustomPricingState } from '../catalog/custom-pricing.decider.js';
import type { PosterState } from '../catalog/poster.decider.js';
import type { ProductState } from '../catalog/product.decider.js';
import type { DiscountsState } from '../promotion/discounts.decider.js';
import type { PromoCodeState } from '../promotion/promo-code.decider.js';
import type { PromoRules } from '../promotion/promo-rules.js';
import type { Piastres } from '../shared/money.js';
import type { PosterSize } from '../shop-config.js';

export interface PosterSnapshot {
  name: string;
  /** The Arabic storefront's name, when the poster has one: shown, never priced or recorded on an order. */
  nameAr?: string;
  category: string | null;
  imageUrl: string | null;
  visible: boolean;
  deleted: boolean;
  variants: ReadonlyArray<{ variantId: string; size: PosterSize; price: Piastres }>;
}

export interface ProductSnapshot {
  name: string;
  nameAr?: string;
  price: Piastres;
  imageUrl: string | null;
  deleted: boolean;
}

export interface DiscountSnapshot {
  discountId: number;
  /** null: all categories. */
  category: string | null;
  percentage: number;
  active: boolean;
  /** Its window of shop days (inclusive); absent or null: open on that side (isDiscountInForce). */
  startsOn?: string | null;
  endsOn?: string | null;
}

export interface PromoSnapshot {
  code: string;
  percentOff: number;
  active: boolean;
  deleted: boolean;
  /** Absent on snapshots made before codes had rules: none. */
  rules?: PromoRules;
  /**
   * Set by the cart's read when every use the limit allows is taken by other orders, so the cart
   * says so before checkout refuses it. Checkout never sets it: it takes the use on the uses'
   * stream and is refused there (docs/adr/018).
   */
  usedUp?: boolean;
}

export interface CatalogueSnapshot {
  /** By posterId; only the posters the cart refers to are needed. */
  posters: Readonly<Record<string, PosterSnapshot>>;
  /** By productId; only the add-ons the cart refers to are needed. */
  products: Readonly<Record<string, ProductSnapshot>>;
  /** Missing sizes fall back to DEFAULT_CUSTOM_PRICES. */
  customPrices: Readonly<Partial<Record<PosterSize, Piastres>>>;
  discounts: readonly DiscountSnapshot[];
  /** The promo code applied to the cart (its stream folded), or null when none is applied or it has no stream. */
  promo: PromoSnapshot | null;
}

export const EMPTY_CATALOGUE: CatalogueSnapshot = Object.freeze({
  posters: {},
  products: {},
  customPrices: {},
  discounts: [],
  promo: null,
});

/**
 * Builds the snapshot from decider states. Posters and products that never existed are left
 * out (priceCart then flags their lines unavailable).
 */
export function catalogueFromStates(states: {
  posters: Iterable<[string, PosterState]>;
  products: Iterable<[string, ProductState]>;
  customPricing: CustomPricingState;
  discounts: DiscountsState;
  promo: PromoCodeState | null;
}): CatalogueSnapshot {
  const posters: Record<string, PosterSnapshot> = {};
  for (const [posterId, p] of states.posters) {
    if (!p.exists) continue;
    posters[posterId] = {
      name: p.name,
      ...(p.nameAr ? { nameAr: p.nameAr } : {}),
      category: p.category,
      imageUrl: p.imageUrl || null,
      visible: p.visible,
      deleted: p.deleted,
      variants: p.variants,
    };
  }
  const products: Record<string, ProductSnapshot> = {};
  for (const [productId, p] of states.products) {
    if (!p.exists) continue;
    products[productId] = { name: p.name, ...(p.nameAr ? { nameAr: p.nameAr } : {}), price: p.price, imageUrl: p.imageUrl, deleted: p.deleted };
  }
  const promo = states.promo && states.promo.exists ? { ...states.promo } : null;
  return {
    posters,
    products,
    customPrices: { ...states.customPricing.prices },
    discounts: states.discounts.discounts.map((d) => ({ ...d })),
    promo: promo && { code: promo.code, percentOff: promo.percentOff, active: promo.active, deleted: promo.deleted, rules: promo.rules },
  };
}

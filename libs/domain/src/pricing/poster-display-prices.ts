/**
 * A poster's prices as the shop shows them: each size after the best category discount given,
 * and the size the grid shows (the largest discount; the cheapest when none). The posters read
 * model stores them with the discounts that are always in force, and the storefront's read prices
 * them again with the discounts in force today (docs/adr/020).
 */
import type { Piastres } from '../shared/money.js';
import type { DiscountSnapshot } from './catalogue-snapshot.js';
import { bestDiscountPercentage, discountedUnitPrice } from './discount-rules.js';

export interface DisplayVariantPrices {
  originalPrice: Piastres;
  discountedPrice: Piastres;
  hasDiscount: boolean;
  discountPercentage: number;
}

export interface PosterDisplayPrices<V> {
  variants: Array<V & DisplayVariantPrices>;
  hasDiscount: boolean;
  discountPercentage: number;
  originalPriceSample: Piastres;
  discountedPriceSample: Piastres;
  minDiscountedPrice: Piastres;
}

export function posterDisplayPrices<V extends { price: Piastres }>(category: string | null, variants: readonly V[], discounts: readonly DiscountSnapshot[]): PosterDisplayPrices<V> {
  const percentage = bestDiscountPercentage(category, discounts);
  const priced = variants.map((v) => {
    const discountedPrice = discountedUnitPrice(v.price, percentage);
    const hasDiscount = discountedPrice > 0 && discountedPrice < v.price;
    return { ...v, originalPrice: v.price, discountedPrice, hasDiscount, discountPercentage: hasDiscount ? percentage : 0 };
  });
  let sample: (V & DisplayVariantPrices) | undefined;
  for (const v of priced) {
    if (!sample) sample = v;
    else if (v.price - v.discountedPrice > sample.price - sample.discountedPrice) sample = v;
    else if (v.price - v.discountedPrice === sample.price - sample.discountedPrice && v.price < sample.price) sample = v;
  }
  return {
    variants: priced,
    hasDiscount: sample?.hasDiscount ?? false,
    discountPercentage: sample?.discountPercentage ?? 0,
    originalPriceSample: sample?.price ?? 0,
    discountedPriceSample: sample?.discountedPrice ?? 0,
    minDiscountedPrice: priced.length ? Math.min(...priced.map((v) => v.discountedPrice)) : 0,
  };
}

export interface PosterCardPrice {
  /** The lowest price of any size after the discount. */
  price: Piastres;
  /** That size's catalogue price: above `price` when the discount takes something off. */
  originalPrice: Piastres;
  /** 0 when the discount takes nothing off. */
  discountPercentage: number;
}

/**
 * What a poster's card in a grid shows: "from" its lowest price after the best category discount
 * given. Every size of a poster gets the same percentage and a discount never reorders prices, so
 * the lowest catalogue price (the read model's min_price) is also the lowest after the discount:
 * a card is priced without reading the poster's sizes.
 */
export function posterCardPrice(category: string | null, lowestPrice: Piastres, discounts: readonly DiscountSnapshot[]): PosterCardPrice {
  const percentage = bestDiscountPercentage(category, discounts);
  const price = discountedUnitPrice(lowestPrice, percentage);
  const discounted = price > 0 && price < lowestPrice;
  return { price: discounted ? price : lowestPrice, originalPrice: lowestPrice, discountPercentage: discounted ? percentage : 0 };
}

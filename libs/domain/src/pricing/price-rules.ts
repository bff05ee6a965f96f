/**
 * Why a price is what it is: the rules that priced a cart or order line ("why this price").
 * Computed by priceLine/priceCart and recorded in OrderPlaced (schema 2), so an order keeps
 * the explanation of the day it was placed even after the discounts change.
 */
import type { Piastres } from '../shared/money.js';

export type PriceRule =
  /** The catalogue price of one unit. */
  | { rule: 'BASE_PRICE'; unitPrice: Piastres }
  /** A category discount; category null: a shop-wide discount (every category). */
  | { rule: 'CATEGORY_DISCOUNT'; percent: number; category: string | null }
  /** The promo code, taken off the discounted line. */
  | { rule: 'PROMO_CODE'; code: string; percent: number }
  /** The whole cart ships free from this subtotal (at catalogue price). */
  | { rule: 'FREE_SHIPPING'; threshold: Piastres };

export type PriceRuleName = PriceRule['rule'];

/** A line's rules in the order they apply: base, category discount, promo code. */
export function linePriceRules(
  unitPrice: Piastres,
  discount: { percent: number; category: string | null },
  promo: { code: string; percent: number } | null,
): PriceRule[] {
  const rules: PriceRule[] = [{ rule: 'BASE_PRICE', unitPrice }];
  if (discount.percent > 0) rules.push({ rule: 'CATEGORY_DISCOUNT', percent: discount.percent, category: discount.category });
  if (promo && promo.percent > 0) rules.push({ rule: 'PROMO_CODE', code: promo.code, percent: promo.percent });
  return rules;
}

/** The cart-wide rules: free shipping when the subtotal reached the threshold. */
export function cartPriceRules(subtotal: Piastres, freeShippingThreshold: Piastres): PriceRule[] {
  return subtotal > 0 && subtotal >= freeShippingThreshold ? [{ rule: 'FREE_SHIPPING', threshold: freeShippingThreshold }] : [];
}

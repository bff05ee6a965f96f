/** Shipping cost by governorate, free from the threshold. */
import type { Piastres } from '../shared/money.js';
import type { Governorate, ShopRules } from '../shop-config.js';

export type ShippingQuote =
  /** No goods to ship, or the subtotal reached the free-shipping threshold. */
  | { kind: 'free'; cost: 0 }
  | { kind: 'rated'; cost: Piastres; governorate: Governorate }
  /** Below the threshold and no governorate chosen yet: cost is 0 until the shopper picks one. */
  | { kind: 'unknown'; cost: 0 };

/**
 * The threshold compares the subtotal at catalogue price (before discounts), the figure the
 * free-shipping bar shows, so a discount never takes free shipping away.
 */
export function quoteShipping(subtotal: Piastres, governorate: Governorate | null, rules: ShopRules): ShippingQuote {
  if (subtotal <= 0 || subtotal >= rules.freeShippingThreshold) return { kind: 'free', cost: 0 };
  if (governorate === null) return { kind: 'unknown', cost: 0 };
  return { kind: 'rated', cost: rules.shippingRates[governorate], governorate };
}

/** What the free-shipping bar shows as missing. */
export function amountToFreeShipping(subtotal: Piastres, rules: ShopRules): Piastres {
  return Math.max(0, rules.freeShippingThreshold - subtotal);
}

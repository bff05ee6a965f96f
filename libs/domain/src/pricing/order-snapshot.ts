/**
 * What an order keeps of a priced cart: each line as an OrderItem (shown-only fields such as
 * availability left out, so an order records exactly what it was charged for and under which
 * names, the Arabic one included: the shopper's messages and paper name the item as they saw it) and the totals.
 * Checkout and staff edits both record orders through these, so a re-priced unchanged order
 * compares equal to the one placed.
 */
import type { OrderItem, OrderTotals } from '../order/events.js';
import type { CartPricing } from './price-cart.js';
import type { PricedLine } from './price-line.js';

export function orderItemOf(line: PricedLine): OrderItem {
  const { itemId, kind, posterId, productId, variantId, name, nameAr, category, imageUrl, customImagePath, size, quantity, unitPrice, originalUnitPrice, discountPercentage, lineTotal, priceRules } = line;
  return { itemId, kind, posterId, productId, variantId, name, ...(nameAr ? { nameAr } : {}), category, imageUrl, customImagePath, size, quantity, unitPrice, originalUnitPrice, discountPercentage, lineTotal, priceRules };
}

export function orderTotalsOf(pricing: CartPricing): OrderTotals {
  const { subtotal, discountFromPromotions, discountFromPromoCode, shippingCost, codFee, taxAmount, total } = pricing;
  return { subtotal, discountFromPromotions, discountFromPromoCode, shippingCost, codFee, taxAmount, total };
}

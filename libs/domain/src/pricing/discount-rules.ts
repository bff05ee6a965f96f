/** Which category discount applies to a line, and what it takes off. */
import { type Piastres, percentOf } from '../shared/money.js';
import type { DiscountSnapshot } from './catalogue-snapshot.js';

/**
 * The best (highest) active discount for a category: one for that category or one for all
 * categories. Lines without a category (custom posters, add-ons) get only all-category
 * discounts: a shop-wide sale covers everything sold, a FOOTBALL sale covers football posters.
 * Returns 0 when none applies. Also used by the catalogue read model to show poster discounts.
 */
export function bestDiscountPercentage(category: string | null, discounts: readonly DiscountSnapshot[]): number {
  return bestDiscount(category, discounts).percent;
}

/**
 * The best discount and whose it is (its category, null for a shop-wide one): what "why this
 * price" names. On a tie the category's own discount is named, the more specific reason.
 */
export function bestDiscount(category: string | null, discounts: readonly DiscountSnapshot[]): { percent: number; category: string | null } {
  let best = { percent: 0, category: null as string | null };
  for (const d of discounts) {
    if (!d.active) continue;
    if (d.category !== null && d.category !== category) continue;
    const percent = Math.min(100, Math.max(0, Math.trunc(d.percentage)));
    if (percent > best.percent || (percent === best.percent && percent > 0 && d.category !== null)) best = { percent, category: d.category };
  }
  return best;
}

/**
 * Unit price after a percentage discount. The discount is rounded half-up per unit so that
 * lineTotal = unitPrice × quantity exactly, as the order's items store them.
 */
export function discountedUnitPrice(unitPrice: Piastres, percentage: number): Piastres {
  return unitPrice - percentOf(unitPrice, percentage);
}

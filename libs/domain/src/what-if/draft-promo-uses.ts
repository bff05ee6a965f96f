/**
 * The draft promo code's uses over a what-if's replay, in the order the orders were placed: what
 * its usage limit and once-per-customer rule count, as checkout would have (ADR 018). The period's
 * orders are all it knows: uses before the period, and uses given back by orders cancelled since,
 * are not counted.
 */
import { normaliseEgyptianPhone } from '../checkout/egyptian-phone.js';
import type { PromoRules } from '../promotion/promo-rules.js';
import type { PlacedOrder } from './replay-order.js';

export class DraftPromoUses {
  private uses = 0;
  /** The customers (their phone, as checkout normalises it) who used the draft code; never leaves the replay. */
  private readonly customers = new Set<string>();

  allows(order: PlacedOrder, rules: PromoRules): boolean {
    if (rules.usageLimit !== null && this.uses >= rules.usageLimit) return false;
    return !(rules.oncePerCustomer && this.customers.has(customerOf(order)));
  }

  /** The replayed order took the draft code. */
  record(order: PlacedOrder): void {
    this.uses++;
    this.customers.add(customerOf(order));
  }
}

function customerOf(order: PlacedOrder): string {
  const phone = order.customer.phone;
  return normaliseEgyptianPhone(phone) ?? phone;
}

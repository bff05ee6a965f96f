import { promoRulesOf, type PromoRules } from '#domain/promotion/promo-rules.js';
import { PromoCodeEntity } from '../promo-code.entity.js';
import { occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

function ruleColumns(r: PromoRules) {
  return {
    starts_on: r.startsOn,
    ends_on: r.endsOn,
    usage_limit: r.usageLimit,
    once_per_customer: r.oncePerCustomer,
    minimum_subtotal: r.minimumSubtotal,
    category: r.category,
  };
}

/**
 * Promo codes by code; a deleted code is marked deleted. Uses come from the code's usage stream, whose
 * events are decided (a use is recorded only when it changes the count), so counting them is exact.
 */
export const promoCodesProjection = keyedProjection({
  name: 'promo-codes',
  version: 1,
  eventTypes: [
    'PromoCodeCreated',
    'PromoCodeActivated',
    'PromoCodeDeactivated',
    'PromoCodePercentChanged',
    'PromoCodeRulesChanged',
    'PromoCodeDeleted',
    'PromoCodeUsed',
    'PromoCodeUseReturned',
  ],
  table: PromoCodeEntity,
  keyOf: (e) => e.data.code.toUpperCase(),
  apply(row, e) {
    const at = occurredAt(e);
    switch (e.type) {
      case 'PromoCodeCreated': {
        const d = e.data;
        // A code created again after a deletion keeps the uses of its stream, as its limit does.
        const uses = row ? Number(row.uses ?? 0) : 0;
        return { code: d.code.toUpperCase(), percent_off: d.percentOff, active: d.active, created_at: at, updated_at: at, ...ruleColumns(promoRulesOf(d)), uses, deleted: false };
      }
      case 'PromoCodeActivated':
        return row ? { ...row, active: true, updated_at: at } : row;
      case 'PromoCodeDeactivated':
        return row ? { ...row, active: false, updated_at: at } : row;
      case 'PromoCodePercentChanged':
        return row ? { ...row, percent_off: e.data.percentOff, updated_at: at } : row;
      case 'PromoCodeRulesChanged':
        return row ? { ...row, ...ruleColumns(promoRulesOf(e.data)), updated_at: at } : row;
      case 'PromoCodeUsed':
        return row ? { ...row, uses: Number(row.uses ?? 0) + 1 } : row;
      case 'PromoCodeUseReturned':
        return row ? { ...row, uses: Math.max(0, Number(row.uses ?? 0) - 1) } : row;
      case 'PromoCodeDeleted':
        // Kept, marked deleted, for the uses its stream still holds (the list leaves it out).
        return row ? { ...row, active: false, deleted: true, updated_at: at } : row;
      default:
        return row;
    }
  },
});

import type { DiscountChanged, DiscountCreated } from '#domain/promotion/events.js';
import { DiscountEntity } from '#read-models/discount.entity.js';
import { tableSpec } from '#read-models/table-spec.js';
import { dataOf, occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

export const DISCOUNT_EVENT_TYPES = ['DiscountCreated', 'DiscountChanged', 'DiscountDeleted'] as const;

type Data = DiscountCreated['data'] & DiscountChanged['data'];

/** The admin's list of category discounts; a deleted one loses its row. */
export const discountsProjection = keyedProjection({
  name: 'discounts',
  version: 1,
  eventTypes: DISCOUNT_EVENT_TYPES,
  table: tableSpec(DiscountEntity),
  keyOf: (e) => dataOf<Data>(e).discountId,
  apply(row, e) {
    const d = dataOf<Data>(e);
    const at = occurredAt(e);
    switch (e.type) {
      case 'DiscountCreated':
        return { id: d.discountId, category: d.category ?? null, percentage: d.percentage, active: d.active, created_at: at, updated_at: at };
      case 'DiscountChanged':
        return row ? { ...row, percentage: d.percentage, active: d.active, updated_at: at } : row;
      case 'DiscountDeleted':
        return null;
      default:
        return row;
    }
  },
});

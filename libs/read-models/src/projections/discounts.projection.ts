import { DISCOUNT_EVENT_TYPES } from '#domain/promotion/events.js';
import { DiscountEntity } from '../discount.entity.js';
import { occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

/** The admin's list of category discounts, with their windows; a deleted one loses its row. */
export const discountsProjection = keyedProjection({
  name: 'discounts',
  version: 1,
  eventTypes: DISCOUNT_EVENT_TYPES,
  table: DiscountEntity,
  keyOf: (e) => e.data.discountId,
  apply(row, e) {
    const at = occurredAt(e);
    switch (e.type) {
      case 'DiscountCreated': {
        const d = e.data;
        return { id: d.discountId, category: d.category ?? null, percentage: d.percentage, active: d.active, starts_on: d.startsOn ?? null, ends_on: d.endsOn ?? null, created_at: at, updated_at: at };
      }
      case 'DiscountChanged':
        return row ? { ...row, percentage: e.data.percentage, active: e.data.active, starts_on: e.data.startsOn ?? null, ends_on: e.data.endsOn ?? null, updated_at: at } : row;
      case 'DiscountDeleted':
        return null;
      default:
        return row;
    }
  },
});

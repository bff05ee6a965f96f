import type { DiscountChanged, DiscountCreated } from '#domain/promotion/events.js';
import type { TableSpec } from '../runner/bulk-sql.js';
import { dataOf, occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

export const DISCOUNTS_TABLE: TableSpec = {
  name: 'discounts',
  key: ['id'],
  columns: { id: 'integer', category: 'text', percentage: 'integer', active: 'boolean', created_at: 'timestamptz', updated_at: 'timestamptz' },
};

export const DISCOUNT_EVENT_TYPES = ['DiscountCreated', 'DiscountChanged', 'DiscountDeleted'] as const;

type Data = DiscountCreated['data'] & DiscountChanged['data'];

/** The admin's list of category discounts; a deleted one loses its row. */
export const discountsProjection = keyedProjection({
  name: 'discounts',
  version: 1,
  eventTypes: DISCOUNT_EVENT_TYPES,
  table: DISCOUNTS_TABLE,
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

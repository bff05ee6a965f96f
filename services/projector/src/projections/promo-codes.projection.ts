import type { PromoCodeCreated, PromoCodePercentChanged } from '#domain/promotion/events.js';
import { PromoCodeEntity } from '#read-models/promo-code.entity.js';
import { tableSpec } from '#read-models/table-spec.js';
import { dataOf, occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

type Data = PromoCodeCreated['data'] & PromoCodePercentChanged['data'];

/** Promo codes by code; a deleted code loses its row. */
export const promoCodesProjection = keyedProjection({
  name: 'promo-codes',
  version: 1,
  eventTypes: ['PromoCodeCreated', 'PromoCodeActivated', 'PromoCodeDeactivated', 'PromoCodePercentChanged', 'PromoCodeDeleted'],
  table: tableSpec(PromoCodeEntity),
  keyOf: (e) => dataOf<Data>(e).code.toUpperCase(),
  apply(row, e) {
    const d = dataOf<Data>(e);
    const at = occurredAt(e);
    switch (e.type) {
      case 'PromoCodeCreated':
        return { code: d.code.toUpperCase(), percent_off: d.percentOff, active: d.active, created_at: at, updated_at: at };
      case 'PromoCodeActivated':
        return row ? { ...row, active: true, updated_at: at } : row;
      case 'PromoCodeDeactivated':
        return row ? { ...row, active: false, updated_at: at } : row;
      case 'PromoCodePercentChanged':
        return row ? { ...row, percent_off: d.percentOff, updated_at: at } : row;
      case 'PromoCodeDeleted':
        return null;
      default:
        return row;
    }
  },
});

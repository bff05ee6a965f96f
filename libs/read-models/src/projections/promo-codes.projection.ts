import { PromoCodeEntity } from '../promo-code.entity.js';
import { occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

/** Promo codes by code; a deleted code loses its row. */
export const promoCodesProjection = keyedProjection({
  name: 'promo-codes',
  version: 1,
  eventTypes: ['PromoCodeCreated', 'PromoCodeActivated', 'PromoCodeDeactivated', 'PromoCodePercentChanged', 'PromoCodeDeleted'],
  table: PromoCodeEntity,
  keyOf: (e) => e.data.code.toUpperCase(),
  apply(row, e) {
    const at = occurredAt(e);
    switch (e.type) {
      case 'PromoCodeCreated':
        return { code: e.data.code.toUpperCase(), percent_off: e.data.percentOff, active: e.data.active, created_at: at, updated_at: at };
      case 'PromoCodeActivated':
        return row ? { ...row, active: true, updated_at: at } : row;
      case 'PromoCodeDeactivated':
        return row ? { ...row, active: false, updated_at: at } : row;
      case 'PromoCodePercentChanged':
        return row ? { ...row, percent_off: e.data.percentOff, updated_at: at } : row;
      case 'PromoCodeDeleted':
        return null;
      default:
        return row;
    }
  },
});

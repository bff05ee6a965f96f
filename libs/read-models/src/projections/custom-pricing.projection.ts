import { CustomPriceEntity } from '../custom-price.entity.js';
import { occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

export const customPricingProjection = keyedProjection({
  name: 'custom-pricing',
  version: 1,
  eventTypes: ['CustomPriceSet'],
  table: CustomPriceEntity,
  keyOf: (e) => e.data.size,
  apply(_row, e) {
    return { size: e.data.size, price: e.data.price, updated_at: occurredAt(e) };
  },
});

import type { CustomPriceSet } from '#domain/catalog/events.js';
import { CustomPriceEntity } from '#read-models/custom-price.entity.js';
import { tableSpec } from '#read-models/table-spec.js';
import { dataOf, occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

export const customPricingProjection = keyedProjection({
  name: 'custom-pricing',
  version: 1,
  eventTypes: ['CustomPriceSet'],
  table: tableSpec(CustomPriceEntity),
  keyOf: (e) => dataOf<CustomPriceSet['data']>(e).size,
  apply(_row, e) {
    const d = dataOf<CustomPriceSet['data']>(e);
    return { size: d.size, price: d.price, updated_at: occurredAt(e) };
  },
});

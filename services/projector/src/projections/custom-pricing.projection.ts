import type { CustomPriceSet } from '#domain/catalog/events.js';
import type { TableSpec } from '../runner/bulk-sql.js';
import { dataOf, occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

export const CUSTOM_PRICES_TABLE: TableSpec = {
  name: 'custom_prices',
  key: ['size'],
  columns: { size: 'text', price: 'integer', updated_at: 'timestamptz' },
};

export const customPricingProjection = keyedProjection({
  name: 'custom-pricing',
  version: 1,
  eventTypes: ['CustomPriceSet'],
  table: CUSTOM_PRICES_TABLE,
  keyOf: (e) => dataOf<CustomPriceSet['data']>(e).size,
  apply(_row, e) {
    const d = dataOf<CustomPriceSet['data']>(e);
    return { size: d.size, price: d.price, updated_at: occurredAt(e) };
  },
});

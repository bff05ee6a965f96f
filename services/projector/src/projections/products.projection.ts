import type { ProductCreated, ProductDeleted, ProductUpdated } from '#domain/catalog/events.js';
import { ProductEntity } from '#read-models/product.entity.js';
import { tableSpec } from '#read-models/table-spec.js';
import { dataOf, occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

type Data = ProductCreated['data'] & ProductUpdated['data'] & ProductDeleted['data'];

/** Add-on products; a deleted product keeps its row with deleted = true. */
export const productsProjection = keyedProjection({
  name: 'products',
  version: 1,
  eventTypes: ['ProductCreated', 'ProductUpdated', 'ProductDeleted'],
  table: tableSpec(ProductEntity),
  keyOf: (e) => dataOf<Data>(e).productId,
  apply(row, e) {
    const d = dataOf<Data>(e);
    const at = occurredAt(e);
    switch (e.type) {
      case 'ProductCreated':
        return { id: d.productId, name: d.name, description: d.description, price: d.price, image_url: d.imageUrl ?? null, deleted: false, created_at: at, updated_at: at };
      case 'ProductUpdated':
        return row ? { ...row, name: d.name, description: d.description, price: d.price, image_url: d.imageUrl ?? null, updated_at: at } : row;
      case 'ProductDeleted':
        return row ? { ...row, deleted: true, updated_at: at } : row;
      default:
        return row;
    }
  },
});

import { ProductEntity } from '../product.entity.js';
import { occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

/**
 * Add-on products; a deleted product keeps its row with deleted = true. Version 2 keeps the Arabic
 * wording (an add-on written in Arabic before there were two languages reads as Arabic).
 */
export const productsProjection = keyedProjection({
  name: 'products',
  version: 2,
  eventTypes: ['ProductCreated', 'ProductUpdated', 'ProductDeleted'],
  table: ProductEntity,
  keyOf: (e) => e.data.productId,
  apply(row, e) {
    const at = occurredAt(e);
    switch (e.type) {
      case 'ProductCreated': {
        const d = e.data;
        return {
          id: d.productId, name: d.name, description: d.description, name_ar: d.nameAr ?? '', description_ar: d.descriptionAr ?? '',
          price: d.price, image_url: d.imageUrl ?? null, deleted: false, created_at: at, updated_at: at,
        };
      }
      case 'ProductUpdated': {
        const d = e.data;
        return row
          ? { ...row, name: d.name, description: d.description, name_ar: d.nameAr ?? '', description_ar: d.descriptionAr ?? '', price: d.price, image_url: d.imageUrl ?? null, updated_at: at }
          : row;
      }
      case 'ProductDeleted':
        return row ? { ...row, deleted: true, updated_at: at } : row;
      default:
        return row;
    }
  },
});

/**
 * CartCheckedOut schema 1 → 2: the order it decided (when it recorded one, see docs/adr/004)
 * gains its price rules, as OrderPlaced's upcaster derives them, so the OrderPlaced the
 * completion reactor derives from an old checkout is of the current schema too.
 */
import { upcastOrderPlacedV1, type OrderPlacedDataV1 } from '../order/upcasters.js';
import type { CartCheckedOut } from './events.js';

export type CartCheckedOutDataV1 = Omit<CartCheckedOut['data'], 'order'> & { order?: OrderPlacedDataV1 };

export function upcastCartCheckedOutV1(data: CartCheckedOutDataV1): CartCheckedOut['data'] {
  if (typeof data !== 'object' || data === null) return data;
  const { order, ...rest } = data;
  return order ? { ...rest, order: upcastOrderPlacedV1(order) } : rest;
}

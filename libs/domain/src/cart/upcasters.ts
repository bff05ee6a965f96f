/**
 * CartCheckedOut schema 1 → 2: the order it decided (when it recorded one, see docs/adr/004)
 * gains its price rules, as OrderPlaced's upcaster derives them, so the OrderPlaced the
 * completion reactor derives from an old checkout is of the current schema too.
 */
import { upcastOrderPlacedV1, upcastOrderPlacedV2, type OrderPlacedDataV1, type OrderPlacedDataV2 } from '../order/upcasters.js';
import type { CartCheckedOut } from './events.js';

export type CartCheckedOutDataV1 = Omit<CartCheckedOut['data'], 'order'> & { order?: OrderPlacedDataV1 };
export type CartCheckedOutDataV2 = Omit<CartCheckedOut['data'], 'order'> & { order?: OrderPlacedDataV2 };

export function upcastCartCheckedOutV1(data: CartCheckedOutDataV1): CartCheckedOutDataV2 {
  if (typeof data !== 'object' || data === null) return data;
  const { order, ...rest } = data;
  return order ? { ...rest, order: upcastOrderPlacedV1(order) } : rest;
}

/** CartCheckedOut schema 2 → 3: the order it decided gains its language, as OrderPlaced's does. */
export function upcastCartCheckedOutV2(data: CartCheckedOutDataV2): CartCheckedOut['data'] {
  if (typeof data !== 'object' || data === null) return data as CartCheckedOut['data'];
  const { order, ...rest } = data;
  return order ? { ...rest, order: upcastOrderPlacedV2(order) } : rest;
}

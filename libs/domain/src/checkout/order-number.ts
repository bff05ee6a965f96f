/**
 * Order numbers read over the phone: `PS-` + 8 characters from an alphabet without the
 * look-alikes 0/O, 1/I/L, shown and stored as PS-XXXX-XXXX. Uniqueness is not assumed from
 * randomness: checkout reserves each number on `ordernumber-<N>` (orderNumberDecider) as a new
 * stream ('no_stream') and draws again on conflict (31^8 ≈ 8.5e11 numbers make that rare).
 */
import type { OrderNumberReserved } from '../order/events.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import type { DomainCommand } from '../shared/event.js';
import { uuidFromName } from '../shared/uuid-from-name.js';

export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 8;
const PATTERN = new RegExp(`^PS-[${ORDER_NUMBER_ALPHABET}]{4}-[${ORDER_NUMBER_ALPHABET}]{4}$`);

/** random() returns [0, 1) like Math.random; crypto-backed in production, seeded in tests. */
export function newOrderNumber(random: () => number): string {
  let chars = '';
  for (let i = 0; i < LENGTH; i++) {
    const index = Math.min(ORDER_NUMBER_ALPHABET.length - 1, Math.floor(random() * ORDER_NUMBER_ALPHABET.length));
    chars += ORDER_NUMBER_ALPHABET[index];
  }
  return `PS-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export function isOrderNumber(value: string): boolean {
  return PATTERN.test(value);
}

/** What a shopper or admin types ('ps 7kq4m2xd', 'PS7KQ4-M2XD') → PS-7KQ4-M2XD, or undefined. */
export function normaliseOrderNumber(input: string): string | undefined {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  const body = compact.startsWith('PS') ? compact.slice(2) : compact;
  if (body.length !== LENGTH) return undefined;
  const candidate = `PS-${body.slice(0, 4)}-${body.slice(4)}`;
  return isOrderNumber(candidate) ? candidate : undefined;
}

/** The order of a cart has one id whatever the retries: checkout is idempotent per cart. */
export function orderIdForCart(cartId: string): string {
  return uuidFromName(`order:${cartId}`);
}

/** Deterministic event ids of a cart's checkout, so re-appending after a crash is a no-op. */
export function checkoutEventIds(cartId: string): { orderNumberReserved: (orderNumber: string) => string; cartCheckedOut: string; orderPlaced: string } {
  return {
    orderNumberReserved: (orderNumber) => uuidFromName(`checkout:${cartId}:OrderNumberReserved:${orderNumber}`),
    cartCheckedOut: uuidFromName(`checkout:${cartId}:CartCheckedOut`),
    orderPlaced: uuidFromName(`checkout:${cartId}:OrderPlaced`),
  };
}

/** The event that claims a number; appended to orderNumberStream(orderNumber) with 'no_stream'. */
export function reserveOrderNumber(orderNumber: string, cartId: string): OrderNumberReserved {
  return { type: 'OrderNumberReserved', data: { orderNumber, cartId } };
}

export type ReserveOrderNumber = DomainCommand<'ReserveOrderNumber', { orderNumber: string; cartId: string }>;

export interface OrderNumberState {
  /** The cart holding the number; null: free. */
  cartId: string | null;
}

/** A number belongs to the first cart that reserved it; reserving it again for that cart changes nothing. */
export const orderNumberDecider: Decider<ReserveOrderNumber, OrderNumberReserved, OrderNumberState> = {
  initialState: { cartId: null },
  evolve: (state, event) => (state.cartId === null ? { cartId: event.data.cartId } : state),
  decide: ({ data }, state) => {
    if (state.cartId === data.cartId) return [];
    if (state.cartId !== null) throw DomainError.conflict('ORDER_NUMBER_TAKEN', `Order number ${data.orderNumber} is taken`);
    return [reserveOrderNumber(data.orderNumber, data.cartId)];
  },
};

/**
 * OrderPlaced's metadata, from its CartCheckedOut's: same request, actor and time, caused by the
 * cart's event. Every writer of OrderPlaced (API, retry, completion reactor) derives the same.
 */
export function orderPlacedMetadata<M extends { schemaVersion?: number }>(cartCheckedOutMetadata: M, cartCheckedOutId: string): M & { causationId: string } {
  // The cart event's schema version is not OrderPlaced's: left out, the store stamps OrderPlaced's own.
  const { schemaVersion: _cartVersion, ...metadata } = cartCheckedOutMetadata;
  return { ...metadata, causationId: cartCheckedOutId } as M & { causationId: string };
}

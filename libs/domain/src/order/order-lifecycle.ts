/**
 * Which status an order may move to from which. The three original statuses keep moving freely
 * among themselves, as the back-office always allowed, so a client that knows only them sees no
 * change. The cash-on-delivery statuses sit around them:
 *
 *   PLACED → CONFIRMED (confirmed by phone) → SHIPPED → DELIVERED | REFUSED
 *
 * CONFIRMED can go back to PLACED (a confirmation by mistake) or be CANCELED. DELIVERED and REFUSED
 * are the outcome at the door: the only move from one is to the other, to correct a courier's
 * report (with a reason); an order that reached the door is never placed or canceled again. A
 * refused parcel received back is RETURNED, its end.
 */
import type { OrderStatus } from './events.js';

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PLACED: ['CONFIRMED', 'SHIPPED', 'CANCELED'],
  CONFIRMED: ['PLACED', 'SHIPPED', 'CANCELED'],
  SHIPPED: ['PLACED', 'DELIVERED', 'REFUSED', 'CANCELED'],
  DELIVERED: ['REFUSED'],
  REFUSED: ['DELIVERED', 'RETURNED'],
  // The parcel is back on the shelf: nothing follows.
  RETURNED: [],
  CANCELED: ['PLACED', 'SHIPPED'],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Orders still to pack and send: the dashboard's active orders and 'Count Sizes' count these. */
export const AWAITING_SHIPMENT_STATUSES: readonly OrderStatus[] = ['PLACED', 'CONFIRMED'];

/** Statuses whose orders count as revenue (their subtotal): the parcel left, or was paid for at the door. */
export const REVENUE_STATUSES: readonly OrderStatus[] = ['SHIPPED', 'DELIVERED'];

/** Statuses in which nothing was sold: bestsellers leave their lines out. */
export const UNSOLD_STATUSES: readonly OrderStatus[] = ['CANCELED', 'REFUSED', 'RETURNED'];

/** What the second of two admins acting on one order reads, e.g. "PS-7KQ4-M2XD was already confirmed by mona". */
export function alreadyChangedMessage(orderNumber: string, to: string, actorId: string): string {
  return `${orderNumber} was already ${to.toLowerCase()} by ${actorId}`;
}

/** The outcomes an order reaches once it left the shop: undoing one corrects a mistake. */
const SETTLED_STATUSES: readonly OrderStatus[] = ['SHIPPED', 'DELIVERED', 'REFUSED'];

/** Where a settled order goes next in the normal course (a shipped parcel is delivered or refused). */
const ONWARD_FROM_SETTLED: Partial<Record<OrderStatus, readonly OrderStatus[]>> = { SHIPPED: ['DELIVERED', 'REFUSED'], REFUSED: ['RETURNED'] };

/**
 * A move that undoes SHIPPED, DELIVERED or REFUSED (SHIPPED → PLACED, DELIVERED → REFUSED, ...):
 * the back-office asks for an explicit correction and a reason, and the audit trail shows it as one.
 */
export function isCorrection(from: OrderStatus, to: OrderStatus): boolean {
  return SETTLED_STATUSES.includes(from) && !(ONWARD_FROM_SETTLED[from] ?? []).includes(to);
}

/** Moves the customer feels as a loss (a canceled or refused order) are explained in the audit trail. */
export function needsReason(from: OrderStatus, to: OrderStatus): boolean {
  return to === 'CANCELED' || to === 'REFUSED' || isCorrection(from, to);
}

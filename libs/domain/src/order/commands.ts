/** Order commands. An order is placed only by checkout (see checkout/checkout.decider.ts). */
import type { Actor, DomainCommand } from '../shared/event.js';
import type { CorrectableField } from './customer-correction.js';
import type { OrderPlaced } from './events.js';

/** status is validated by the decider; the actor goes into the event metadata. */
export type ChangeOrderStatus = DomainCommand<'ChangeOrderStatus', {
  orderId: string;
  status: string;
  reason?: string | null;
  actor: Actor;
}>;

/**
 * Records the order a CartCheckedOut decided (orderPlacedFromCheckout): the decision was made on
 * the cart, so placing only records it, and placing a placed order changes nothing.
 */
export type PlaceOrder = DomainCommand<'PlaceOrder', { order: OrderPlaced['data'] }>;

/** Changes as typed (validated by the decider); the actor goes into the event metadata. */
export type CorrectCustomer = DomainCommand<'CorrectCustomer', { orderId: string; changes: Partial<Record<CorrectableField, unknown>> }>;

export type OrderCommand = ChangeOrderStatus | PlaceOrder | CorrectCustomer;

/** Order commands. An order is placed only by checkout (see checkout/checkout.decider.ts). */
import type { StaffActor } from '../admin/staff-actor.js';
import type { DomainCommand } from '../shared/event.js';
import type { CorrectableField } from './customer-correction.js';
import type { OrderPlaced } from './events.js';
import type { OrderEditFacts, ValidOrderEdit } from './order-edit.js';

/** status is validated by the decider; `by` (who, in which role) goes into the event. */
export type ChangeOrderStatus = DomainCommand<'ChangeOrderStatus', {
  orderId: string;
  status: string;
  reason?: string | null;
  by: StaffActor;
  /**
   * Set by the back-office's guarded route: a move that needs a reason (needsReason) must carry
   * one, and a correction (isCorrection) must say so with correction: true. Absent, the moves
   * stay as the first release's status route always allowed them.
   */
  guard?: { correction: boolean };
}>;

/**
 * Records the order a CartCheckedOut decided (orderPlacedFromCheckout): the decision was made on
 * the cart, so placing only records it, and placing a placed order changes nothing.
 */
export type PlaceOrder = DomainCommand<'PlaceOrder', { order: OrderPlaced['data'] }>;

/** Changes as typed (validated by the decider); `by` (who, in which role) goes into the event. */
export type CorrectCustomer = DomainCommand<'CorrectCustomer', { orderId: string; changes: Partial<Record<CorrectableField, unknown>>; by: StaffActor }>;

/** An edit validated (validateOrderEdit), and what pricing it needs (the catalogue at placing, the rules). */
export type EditOrder = DomainCommand<'EditOrder', { orderId: string; edit: ValidOrderEdit; facts: OrderEditFacts; by: StaffActor }>;

/** A staff note as typed; the decider checks it. noteId is minted by the caller. */
export type AddOrderNote = DomainCommand<'AddOrderNote', { orderId: string; noteId: string; text: unknown; by: StaffActor }>;

export type OrderCommand = ChangeOrderStatus | PlaceOrder | CorrectCustomer | EditOrder | AddOrderNote;

/** Order commands. An order is placed only by checkout (see checkout/checkout.decider.ts). */
import type { StaffActor } from '../admin/staff-actor.js';
import type { DomainCommand } from '../shared/event.js';
import type { CorrectableField } from './customer-correction.js';
import type { CourierReportInput } from './courier-report.js';
import type { CourierRef, OrderPlaced } from './events.js';
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
  /**
   * Only with status SHIPPED: the courier taking the parcel (resolved from the couriers by the
   * caller) and its tracking number, validated by the decider.
   */
  shipment?: { courier: CourierRef; trackingNumber: unknown };
  /**
   * The shop has at least one courier (read by the caller from the couriers stream): then every
   * move to SHIPPED must name the courier and the parcel's tracking number, whichever route sent it.
   */
  couriersConfigured?: boolean;
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


/**
 * One line of a courier's settlement import, applied by the settlement reactor: the courier report (courier-report.ts) decided
 * on the order as it stands now, and its outcome recorded (SettlementLineRecorded) whether or not
 * the order still accepts it. The same import line twice changes nothing.
 */
export type ApplySettlementLine = DomainCommand<'ApplySettlementLine', CourierReportInput & { orderId: string; importId: string }>;

/**
 * A delivered order's goods come back (order-return.ts): lines null returns everything not yet
 * returned. returnId is minted by the caller (a retried request changes nothing); deliveredAt
 * (the last DELIVERED move's time), now and the window arrive from the caller, so deciding stays pure.
 * refund (piastres; null or absent: none) is the cash handed back for it, decided with the return:
 * a refund refused leaves the goods unreturned.
 */
export type ReturnOrder = DomainCommand<'ReturnOrder', {
  orderId: string;
  returnId: string;
  lines: Array<{ itemId: unknown; quantity: unknown }> | null;
  reason: unknown;
  deliveredAt: string | null;
  now: string;
  windowDays: number;
  refund?: unknown;
  by: StaffActor;
}>;

/** Cash handed back to the shopper, in piastres. */
export type RecordRefund = DomainCommand<'RecordRefund', { orderId: string; amount: unknown; returnId: string | null; by: StaffActor }>;

export type OrderCommand = ChangeOrderStatus | PlaceOrder | CorrectCustomer | EditOrder | AddOrderNote | ApplySettlementLine | ReturnOrder | RecordRefund;

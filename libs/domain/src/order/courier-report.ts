/**
 * One line of a courier's file, decided against the order as it stands. Keyed by the order's
 * state, so importing the same file again (or a later file repeating a line) changes nothing:
 * a line says what is already recorded → no events. A line that disagrees with the order
 * (refused but delivered, an amount other than the order's total, another courier's parcel,
 * an order never shipped) is a contradiction: nothing changes and the import lists it. A line
 * dated after today, or before the parcel was shipped, cannot be true: it is refused. The time
 * arrives with the command (`now`, and `shippedAt`, the ship move's time), so deciding stays pure.
 */
import { DomainError } from '../shared/domain-error.js';
import type { SettlementLine } from '../courier/settlement-file.js';
import type { StaffActor } from '../admin/staff-actor.js';
import type { CourierRef, OrderEvent } from './events.js';
import type { OrderState } from './order.decider.js';
import { subjectPhoneOf } from './order-subject.js';
import { shopDate } from '../shared/shop-date.js';

export const COURIER_REPORT_CONTRADICTS = 'COURIER_REPORT_CONTRADICTS';
export const COURIER_REPORT_DATE_REFUSED = 'COURIER_REPORT_DATE_REFUSED';

export interface CourierReportInput {
  courier: CourierRef;
  report: SettlementLine;
  fileHash: string;
  /** When the order was last marked SHIPPED (that event's time); null when the log has no ship move. */
  shippedAt: string | null;
  /** The time of the decision (ISO): a line dated after the shop's today is refused. */
  now: string;
  by: StaffActor;
}

function contradiction(why: string): DomainError {
  return DomainError.conflict(COURIER_REPORT_CONTRADICTS, why);
}

function refusedDate(why: string): DomainError {
  return DomainError.conflict(COURIER_REPORT_DATE_REFUSED, why);
}

export function decideCourierReport(state: OrderState, input: CourierReportInput): OrderEvent[] {
  const { courier, report, by } = input;
  const source = { fileHash: input.fileHash, line: report.line };
  const ids = { orderId: state.orderId, orderNumber: state.orderNumber };
  if (state.status !== 'SHIPPED' && state.status !== 'DELIVERED' && state.status !== 'REFUSED') throw contradiction(`${state.orderNumber} is ${state.status}, not shipped`);
  if (state.courier?.courierId !== courier.courierId) throw contradiction(`${state.orderNumber} was shipped with ${state.courier?.name ?? 'no recorded courier'}, not ${courier.name}`);
  // Shop days on both sides: the courier dates its lines in Cairo, whatever the server's zone.
  if (report.date > shopDate(input.now)) throw refusedDate(`${state.orderNumber}: dated ${report.date}, after today (${shopDate(input.now)})`);
  if (input.shippedAt !== null && report.date < shopDate(input.shippedAt)) throw refusedDate(`${state.orderNumber}: dated ${report.date}, before it was shipped on ${shopDate(input.shippedAt)}`);
  const move = (to: 'DELIVERED' | 'REFUSED'): OrderEvent => ({
    type: 'OrderStatusChanged',
    data: { ...ids, ...subjectPhoneOf(state), from: state.status!, to, reason: to === 'REFUSED' ? `Refused at the door, reported by ${courier.name} on ${report.date}` : null, by, courier, trackingNumber: report.trackingNumber },
  });
  const collection = (collected: number): OrderEvent => ({ type: 'CourierCollectionRecorded', data: { ...ids, courier, trackingNumber: report.trackingNumber, collected, fee: report.fee, on: report.date, source, by } });

  if (report.status === 'refused') {
    if (state.status === 'DELIVERED') throw contradiction(`${state.orderNumber} is delivered; the file says refused`);
    if (report.collected !== 0) throw contradiction(`${state.orderNumber}: a refused parcel collects nothing, the file says ${report.collected / 100} EGP`);
    const events: OrderEvent[] = state.status === 'SHIPPED' ? [move('REFUSED')] : [];
    if (report.fee > 0 && !state.collection) events.push(collection(0));
    return events;
  }
  // delivered or settled: the parcel was paid for at the door.
  if (state.status === 'REFUSED') throw contradiction(`${state.orderNumber} is refused; the file says ${report.status}`);
  if (report.collected !== state.total) throw contradiction(`${state.orderNumber}: collected ${report.collected / 100} EGP, the order's total is ${state.total / 100} EGP`);
  if (report.fee > report.collected) throw contradiction(`${state.orderNumber}: the fee is more than the cash collected`);
  if (state.collection && state.collection.fee !== report.fee) throw contradiction(`${state.orderNumber}: fee ${report.fee / 100} EGP, ${state.collection.fee / 100} EGP was recorded`);
  const events: OrderEvent[] = [];
  if (state.status === 'SHIPPED') events.push(move('DELIVERED'));
  if (!state.collection) events.push(collection(report.collected));
  if (report.status === 'settled' && !state.paid) {
    events.push({ type: 'CourierPaymentRecorded', data: { ...ids, courier, amount: report.collected - report.fee, on: report.date, source, by } });
  }
  return events;
}

/**
 * The courier whose file made this move, when a file made it: a DELIVERED or REFUSED naming a
 * courier came from one (a move typed by hand names none). The courier is its actor; `by` is who
 * imported the file.
 */
export function courierOfReportedMove(data: { to?: unknown; courier?: CourierRef | null }): CourierRef | null {
  return (data.to === 'DELIVERED' || data.to === 'REFUSED') && data.courier ? data.courier : null;
}

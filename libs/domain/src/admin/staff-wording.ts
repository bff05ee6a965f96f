/**
 * What the back-office says to staff travels as a code and its arguments, never as finished text:
 * the server decides what happened, the web's catalogue says it in the member's language. A code
 * names a fact ("order.returned"), its arguments are plain values (numbers in EGP, status codes,
 * field names), so a second language is a second catalogue and nothing on the server changes.
 */
import type { OrderStatus } from '../order/events.js';

export interface EditedLine {
  name: string;
  size: string | null;
  quantity: number;
}

/** Every code and the arguments it carries. */
export interface StaffWordingArgs {
  'order.placed': { orderNumber: string; total: number; items: number; paymentMethod: string; promoCode: string | null };
  'order.statusChanged': { from: OrderStatus | null; to: OrderStatus; reason: string | null; courier: string | null; trackingNumber: string | null };
  'order.statusCorrected': { from: OrderStatus | null; to: OrderStatus; reason: string | null };
  'order.detailsCorrected': { fields: string[] };
  'order.edited': {
    fields: string[];
    governorate: { from: string | null; to: string | null } | null;
    lines: { from: EditedLine[]; to: EditedLine[] } | null;
    totals: { figure: string; from: number; to: number }[];
    reason: string | null;
  };
  'order.noteAdded': Record<string, never>;
  'order.returned': { items: number; refund: number; reason: string | null };
  'order.refunded': { amount: number };
  'order.settlementLine': { courier: string; trackingNumber: string | null; line: number | null; outcome: string | null; reason: string | null };
  /** A history row of a type this build does not know (a newer writer): its type, said as it is. */
  'order.otherEvent': { type: string };
  /** One form field refused: the field's name as the API knows it, and why, as the API said it. */
  'field.invalid': { field: string; detail: string };
}

export type StaffWordingCode = keyof StaffWordingArgs;

export type StaffWording = { [C in StaffWordingCode]: { code: C; args: StaffWordingArgs[C] } }[StaffWordingCode];

export const STAFF_WORDING_CODES = [
  'order.placed', 'order.statusChanged', 'order.statusCorrected', 'order.detailsCorrected', 'order.edited', 'order.noteAdded',
  'order.returned', 'order.refunded', 'order.settlementLine', 'order.otherEvent', 'field.invalid',
] as const satisfies readonly StaffWordingCode[];

/**
 * The codes each event type of an order's history is said with (a status change is said as a
 * correction when it undid a step). The history's event types and these keys are the same list:
 * a test fails when the history shows an event this map does not word.
 */
export const ORDER_HISTORY_WORDING = {
  OrderPlaced: ['order.placed'],
  OrderStatusChanged: ['order.statusChanged', 'order.statusCorrected'],
  PersonalDataCorrected: ['order.detailsCorrected'],
  OrderEdited: ['order.edited'],
  OrderNoteAdded: ['order.noteAdded'],
  OrderReturned: ['order.returned'],
  RefundRecorded: ['order.refunded'],
  SettlementLineRecorded: ['order.settlementLine'],
} as const satisfies Readonly<Record<string, readonly StaffWordingCode[]>>;

/**
 * Order aggregate (`order-<orderId>`). Placed only by checkout (priceAndDecideCheckout); afterwards
 * an admin moves it through the statuses ORDER_TRANSITIONS allows (order-lifecycle.ts).
 */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { isBlank, trimmed } from '../shared/validation.js';
import type { OrderCommand } from './commands.js';
import { correctionOf, validateCorrection, type CustomerFields } from './customer-correction.js';
import { COURIER_REPORT_CONTRADICTS, COURIER_REPORT_DATE_REFUSED, decideCourierReport } from './courier-report.js';
import { isDomainError } from '../shared/domain-error.js';
import { decideRefund, decideReturn } from './order-return.js';
import { goodsAfterDiscounts } from '../money/figures.js';
import { isOrderStatus, ORDER_STATUSES, type CourierRef, type OrderCustomer, type OrderEvent, type OrderStatus } from './events.js';
import { canMoveOrder, isCorrection, needsReason } from './order-lifecycle.js';
import { changedParts, EDITABLE_STATUSES, priceOrderEdit, withVersion, type OrderRecord } from './order-edit.js';
import { validateNote } from './order-note.js';
import { subjectPhoneOf } from './order-subject.js';
import { isErasedCustomer } from '../personal-data/erased-value.js';

export interface OrderState {
  exists: boolean;
  orderId: string;
  orderNumber: string;
  cartId: string;
  status: OrderStatus | null;
  /** The customer's correctable fields as they stand (placed, then corrected); null before placing. */
  customer: CustomerFields | null;
  /** The order as placed, and as it stands (corrections and edits applied); null before placing. */
  placed: OrderRecord | null;
  order: OrderRecord | null;
  /** The order's total (cash due at the door). */
  total: number;
  /** The courier and tracking number of the last ship move; null before one. */
  courier: CourierRef | null;
  trackingNumber: string | null;
  /** What the courier's file said it collected and charged; null before a report. */
  collection: { collected: number; fee: number } | null;
  /** The courier paid the shop for this parcel. */
  paid: boolean;
  /** The lines as sold, and the goods after discounts (money/figures.ts): what returns are worth. */
  items: ReadonlyArray<{ itemId: string; quantity: number; lineTotal: number }>;
  sales: number;
  /** Returns so far: their ids, quantities per line and amount. */
  returned: { ids: readonly string[]; quantities: Readonly<Record<string, number>>; amount: number };
  /** Cash handed back so far. */
  refunded: number;
  /** Settlement import lines recorded on this order ('<importId>:<line>'): a few per parcel. */
  settlementLines: readonly string[];
}

/** A ship move without its courier and tracking number, refused once the shop has a courier: a parcel no one can follow. */
export const SHIPMENT_REQUIRED = 'SHIPMENT_REQUIRED';

const MAX_TRACKING_NUMBER_LENGTH = 64;

/** A tracking number as typed: trimmed, printable, at most 64 characters; a 400 naming trackingNumber otherwise. */
export function validTrackingNumber(value: unknown): string {
  const refuse = (why: string) => DomainError.validation('INVALID_TRACKING_NUMBER', `trackingNumber ${why}`, { trackingNumber: why });
  if (typeof value !== 'string' || value.trim() === '') throw refuse('is required with a courier');
  const t = value.trim();
  if (t.length > MAX_TRACKING_NUMBER_LENGTH) throw refuse(`must be at most ${MAX_TRACKING_NUMBER_LENGTH} characters`);
  if (!/^[\p{L}\p{N}][\p{L}\p{N}._\-/ ]*$/u.test(t)) throw refuse('may hold letters, digits, spaces and . _ - / only');
  return t;
}

export const initialOrderState: OrderState = Object.freeze({
  exists: false,
  orderId: '',
  orderNumber: '',
  cartId: '',
  status: null,
  customer: null,
  placed: null,
  order: null,
  total: 0,
  courier: null,
  trackingNumber: null,
  collection: null,
  paid: false,
  items: [],
  sales: 0,
  returned: { ids: [], quantities: {}, amount: 0 },
  refunded: 0,
  settlementLines: [],
});

export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      return state.exists ? [] : [{ type: 'OrderPlaced', data: command.data.order }];
    case 'ChangeOrderStatus': {
      if (!state.exists || state.status === null) throw DomainError.notFound('ORDER_NOT_FOUND', 'Order not found');
      const to = trimmed(command.data.status).toUpperCase();
      if (!isOrderStatus(to)) throw DomainError.validation('INVALID_ORDER_STATUS', `Status must be one of ${ORDER_STATUSES.join(', ')}`);
      if (to === state.status) return [];
      if (!canMoveOrder(state.status, to)) throw DomainError.conflict('ORDER_STATUS_NOT_ALLOWED', `A ${state.status} order cannot become ${to}`);
      // Confirming is calling the shopper to agree the order: an erased one has no one to call.
      if (to === 'CONFIRMED' && state.placed && isErasedCustomer(state.placed.customer)) {
        throw DomainError.conflict('CUSTOMER_ERASED', `${state.orderNumber}: its customer's personal data was erased, so there is no one to confirm it with`, { orderNumber: state.orderNumber });
      }
      const reason = isBlank(command.data.reason) ? null : trimmed(command.data.reason);
      const correction = isCorrection(state.status, to);
      const guard = command.data.guard;
      const shipment = command.data.shipment;
      if (shipment && to !== 'SHIPPED') throw DomainError.validation('COURIER_ONLY_WHEN_SHIPPING', 'courierId goes only with status SHIPPED', { courierId: 'only with status SHIPPED' });
      if (!shipment && to === 'SHIPPED' && command.data.couriersConfigured) throw DomainError.validation(SHIPMENT_REQUIRED, 'Choose the courier and enter the tracking number: once the shop has a courier, every parcel leaves with one', { courierId: 'is required to ship', trackingNumber: 'is required to ship' });
      const trackingNumber = shipment ? validTrackingNumber(shipment.trackingNumber) : null;
      if (guard) {
        if (correction && !guard.correction) throw DomainError.validation('CORRECTION_REQUIRED', `correction must be true to undo ${state.status} (${state.status} → ${to})`, { correction: 'must be true to undo this status' });
        if (!correction && guard.correction) throw DomainError.validation('NOT_A_CORRECTION', `correction applies only to undoing SHIPPED, DELIVERED or REFUSED; ${state.status} → ${to} is not one`, { correction: 'only for undoing SHIPPED, DELIVERED or REFUSED' });
        if (needsReason(state.status, to) && reason === null) throw DomainError.validation('REASON_REQUIRED', `reason is required for ${state.status} → ${to}`, { reason: 'is required' });
      }
      return [
        {
          type: 'OrderStatusChanged',
          data: {
            orderId: state.orderId, orderNumber: state.orderNumber, ...subjectPhoneOf(state), from: state.status, to, reason, ...(guard && correction ? { correction: true as const } : {}), by: command.data.by,
            courier: shipment?.courier ?? null, trackingNumber,
          },
        },
      ];
    }
    case 'CorrectCustomer': {
      if (!state.exists || !state.customer) throw DomainError.notFound('ORDER_NOT_FOUND', 'Order not found');
      const { fields, before, after } = correctionOf(state.customer, validateCorrection(command.data.changes));
      if (fields.length === 0) return [];
      return [{ type: 'PersonalDataCorrected', data: { orderId: state.orderId, orderNumber: state.orderNumber, phone: state.customer.phone, fields, before, after, by: command.data.by } }];
    }
    case 'EditOrder': {
      if (!state.exists || !state.placed || !state.order || state.status === null) throw DomainError.notFound('ORDER_NOT_FOUND', 'Order not found');
      if (!EDITABLE_STATUSES.includes(state.status)) throw DomainError.conflict('ORDER_NOT_EDITABLE', `${state.orderNumber} is ${state.status}: an order can be edited only while ${EDITABLE_STATUSES.join(' or ')}`, { status: state.status });
      const { before, after } = priceOrderEdit(state.placed, state.order, command.data.edit, command.data.facts);
      const fields = changedParts(before, after);
      if (fields.length === 0) return [];
      return [{ type: 'OrderEdited', data: { orderId: state.orderId, orderNumber: state.orderNumber, phone: state.placed.customer.phone, fields, before, after, reason: command.data.edit.reason, by: command.data.by } }];
    }
    case 'AddOrderNote': {
      if (!state.exists || !state.placed) throw DomainError.notFound('ORDER_NOT_FOUND', 'Order not found');
      const text = validateNote(command.data.text);
      return [{ type: 'OrderNoteAdded', data: { orderId: state.orderId, orderNumber: state.orderNumber, phone: state.placed.customer.phone, noteId: command.data.noteId, text, by: command.data.by } }];
    }
    case 'ApplySettlementLine':
      if (!state.exists || state.status === null) throw DomainError.notFound('ORDER_NOT_FOUND', 'Order not found');
      return applySettlementLine(state, command.data);
    case 'ReturnOrder':
      if (!state.exists || state.status === null) throw DomainError.notFound('ORDER_NOT_FOUND', 'Order not found');
      return decideReturn(state, command.data);
    case 'RecordRefund':
      if (!state.exists || state.status === null) throw DomainError.notFound('ORDER_NOT_FOUND', 'Order not found');
      return decideRefund(state, command.data);
    default:
      return assertNever(command, 'order command');
  }
}

/**
 * The line decided on the order as it stands (it may have moved since the import was decided):
 * its events when it still applies, and its outcome either way. A line the order no longer
 * accepts changes nothing but the record of it, so an order never moves backwards.
 */
function applySettlementLine(state: OrderState, data: Extract<OrderCommand, { type: 'ApplySettlementLine' }>['data']): OrderEvent[] {
  if (state.settlementLines.includes(`${data.importId}:${data.report.line}`)) return [];
  const recorded = (outcome: 'applied' | 'unchanged' | 'contradictory' | 'rejected', reason: string | null): OrderEvent => ({
    type: 'SettlementLineRecorded',
    data: { orderId: state.orderId, orderNumber: state.orderNumber, importId: data.importId, courier: data.courier, line: data.report.line, trackingNumber: data.report.trackingNumber, outcome, reason, by: data.by },
  });
  try {
    const events = decideCourierReport(state, data);
    return [...events, recorded(events.length > 0 ? 'applied' : 'unchanged', null)];
  } catch (error) {
    if (isDomainError(error) && error.code === COURIER_REPORT_CONTRADICTS) return [recorded('contradictory', error.message)];
    if (isDomainError(error) && error.code === COURIER_REPORT_DATE_REFUSED) return [recorded('rejected', error.message)];
    throw error;
  }
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      return {
        ...initialOrderState, exists: true, orderId: event.data.orderId, orderNumber: event.data.orderNumber, cartId: event.data.cartId, status: 'PLACED',
        customer: correctable(event.data.customer), placed: event.data, order: event.data, ...soldOf(event.data),
      };
    case 'OrderStatusChanged':
      // A new ship move names the parcel afresh: what an earlier courier reported belonged to the earlier parcel.
      if (event.data.to === 'SHIPPED' && event.data.courier) return { ...state, status: event.data.to, courier: event.data.courier, trackingNumber: event.data.trackingNumber, collection: null, paid: false };
      return { ...state, status: event.data.to };
    case 'CourierCollectionRecorded':
      return { ...state, collection: { collected: event.data.collected, fee: event.data.fee } };
    case 'CourierPaymentRecorded':
      return { ...state, paid: true };
    case 'OrderReturned': {
      const quantities = { ...state.returned.quantities };
      for (const l of event.data.lines) quantities[l.itemId] = (quantities[l.itemId] ?? 0) + l.quantity;
      return { ...state, returned: { ids: [...state.returned.ids, event.data.returnId], quantities, amount: state.returned.amount + event.data.amount } };
    }
    case 'RefundRecorded':
      return { ...state, refunded: state.refunded + event.data.amount };
    case 'PersonalDataCorrected':
      return state.customer ? { ...state, customer: { ...state.customer, ...event.data.after }, order: state.order && { ...state.order, customer: { ...state.order.customer, ...event.data.after } } } : state;
    case 'OrderEdited': {
      if (!state.order) return state;
      const order = withVersion(state.order, event.data.after);
      return { ...state, order, customer: correctable(order.customer), ...soldOf(order) };
    }
    case 'OrderNoteAdded':
      return state;
    case 'SettlementLineRecorded':
      return { ...state, settlementLines: [...state.settlementLines, `${event.data.importId}:${event.data.line}`] };
    default:
      return assertNever(event, 'order event');
  }
}

/** What returns are worth, from the order as it stands: placed, or as its last edit left it (edits end before it ships). */
function soldOf(order: Pick<OrderRecord, 'items' | 'totals'>): Pick<OrderState, 'total' | 'items' | 'sales'> {
  return {
    total: order.totals?.total ?? 0,
    items: (order.items ?? []).map((i) => ({ itemId: i.itemId, quantity: i.quantity, lineTotal: i.lineTotal })),
    sales: order.totals ? goodsAfterDiscounts(order.totals) : 0,
  };
}

function correctable(c: OrderCustomer | undefined): CustomerFields | null {
  if (!c) return null;
  const { firstName, lastName, phone, addressLine, building, apartment, city } = c;
  return { firstName, lastName, phone, addressLine, building, apartment, city };
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  decide: decideOrder,
  evolve: evolveOrder,
  initialState: initialOrderState,
};

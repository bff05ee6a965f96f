/**
 * A delivered order's return, in whole or by lines, and the refund handed back. A return is
 * allowed within the return window from delivery (the shop's setting; the caller gives the
 * delivery time, now and the window). Each returned line is worth its share of the goods after
 * discounts (the promo code's share included), so the sales of an order returned in full fall
 * to exactly 0. Returning more of a line than was sold, or refunding more than was paid, is a 400
 * naming the field. A return's refund is decided with it, on the order as the return leaves it:
 * both are recorded, or neither.
 */
import { DomainError } from '../shared/domain-error.js';
import { mulDivHalfUp, type Piastres } from '../shared/money.js';
import { isBlank, trimmed } from '../shared/validation.js';
import type { RecordRefund, ReturnOrder } from './commands.js';
import type { OrderEvent } from './events.js';
import type { OrderState } from './order.decider.js';
import { subjectPhoneOf } from './order-subject.js';

const DAY_MS = 86_400_000;
export const DEFAULT_RETURN_WINDOW_DAYS = 14;

function field(code: string, name: string, why: string): DomainError {
  return DomainError.validation(code, `${name} ${why}`, { [name]: why });
}

/** Quantities still returnable per line. */
function remaining(state: OrderState): Map<string, number> {
  return new Map(state.items.map((i) => [i.itemId, i.quantity - (state.returned.quantities[i.itemId] ?? 0)]));
}

export function decideReturn(state: OrderState, c: ReturnOrder['data']): OrderEvent[] {
  if (state.returned.ids.includes(c.returnId)) return [];
  if (state.status !== 'DELIVERED') throw DomainError.conflict('ORDER_NOT_DELIVERED', `${state.orderNumber} is ${state.status}: only a delivered order can be returned`);
  if (c.deliveredAt === null || Date.parse(c.now) - Date.parse(c.deliveredAt) > c.windowDays * DAY_MS) {
    throw DomainError.conflict('RETURN_WINDOW_CLOSED', `${state.orderNumber} was delivered more than ${c.windowDays} days ago: the return window is closed`, { days: c.windowDays });
  }
  if (isBlank(c.reason)) throw field('REASON_REQUIRED', 'reason', 'is required');
  const reason = trimmed(c.reason).slice(0, 500);
  const left = remaining(state);
  let asked: Array<{ itemId: string; quantity: number }>;
  if (c.lines === null) {
    asked = [...left].filter(([, q]) => q > 0).map(([itemId, quantity]) => ({ itemId, quantity }));
    if (asked.length === 0) throw DomainError.conflict('ALREADY_RETURNED', `${state.orderNumber} was already returned in full`);
  } else {
    if (!Array.isArray(c.lines) || c.lines.length === 0) throw field('INVALID_RETURN', 'lines', 'must list at least one line, or be left out to return the whole order');
    const seen = new Set<string>();
    asked = c.lines.map((line, i) => {
      const itemId = typeof line?.itemId === 'string' ? line.itemId : '';
      if (!left.has(itemId)) throw field('INVALID_RETURN', `lines[${i}].itemId`, 'is not a line of this order');
      if (seen.has(itemId)) throw field('INVALID_RETURN', `lines[${i}].itemId`, 'is listed twice');
      seen.add(itemId);
      const quantity = line.quantity;
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) throw field('INVALID_RETURN', `lines[${i}].quantity`, 'must be a whole number of at least 1');
      if (quantity > left.get(itemId)!) throw field('RETURN_EXCEEDS_SOLD', `lines[${i}].quantity`, `is more than was sold: ${left.get(itemId)} left to return`);
      return { itemId, quantity };
    });
  }
  const linesTotal = state.items.reduce((sum, i) => sum + i.lineTotal, 0);
  const valueOf = (itemId: string, quantity: number): Piastres => {
    const item = state.items.find((i) => i.itemId === itemId)!;
    return linesTotal === 0 ? 0 : mulDivHalfUp(mulDivHalfUp(item.lineTotal, quantity, item.quantity), state.sales, linesTotal);
  };
  const lines = asked.map((l) => ({ ...l, amount: valueOf(l.itemId, l.quantity) }));
  // Rounding per line must not leave a fully returned order with sales above or below 0.
  const completes = [...left].every(([itemId, q]) => q === (asked.find((a) => a.itemId === itemId)?.quantity ?? 0));
  if (completes) {
    const rest = state.sales - state.returned.amount - lines.slice(0, -1).reduce((s, l) => s + l.amount, 0);
    lines[lines.length - 1] = { ...lines[lines.length - 1], amount: rest };
  }
  const amount = lines.reduce((s, l) => s + l.amount, 0);
  const returned: OrderEvent = { type: 'OrderReturned', data: { orderId: state.orderId, orderNumber: state.orderNumber, returnId: c.returnId, lines, amount, ...subjectPhoneOf(state), reason, by: c.by } };
  if (c.refund === undefined || c.refund === null || c.refund === 0) return [returned];
  return [returned, ...decideRefund(state, { orderId: state.orderId, amount: c.refund, returnId: c.returnId, by: c.by }, { returning: c.returnId, field: 'refund' })];
}

/** With a return (`returning`: its id, decided in the same command, not yet in the state), the amount is named as that command names it (`field`). */
export function decideRefund(state: OrderState, c: RecordRefund['data'], withReturn: { returning: string; field: string } | null = null): OrderEvent[] {
  const name = withReturn?.field ?? 'amount';
  if (state.status !== 'DELIVERED') throw DomainError.conflict('ORDER_NOT_DELIVERED', `${state.orderNumber} is ${state.status}: only a delivered order's cash can be refunded`);
  const left = state.total - state.refunded;
  if (typeof c.amount !== 'number' || !Number.isInteger(c.amount) || c.amount < 1) throw field('INVALID_REFUND', name, 'must be a positive amount');
  if (c.amount > left) throw field('REFUND_EXCEEDS_PAID', name, `is more than was paid: ${left / 100} EGP left to refund`);
  if (c.returnId !== null && !state.returned.ids.includes(c.returnId) && c.returnId !== withReturn?.returning) throw field('INVALID_REFUND', 'returnId', 'is not a return of this order');
  return [{ type: 'RefundRecorded', data: { orderId: state.orderId, orderNumber: state.orderNumber, amount: c.amount, returnId: c.returnId, by: c.by } }];
}

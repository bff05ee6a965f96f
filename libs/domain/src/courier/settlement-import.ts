/**
 * A settlement import is one decision: every line of the courier's file decided against its order
 * as it stood, recorded whole in one `SettlementImported` on the courier's settlements stream.
 * The order events follow from it (the settlement reactor), each line through the order's decider
 * with derived event ids, so an import cut short finishes by itself and a repeat changes nothing.
 * Nothing personal is recorded: tracking and order numbers, amounts, dates and outcomes.
 */
import type { StaffActor } from '../admin/staff-actor.js';
import { COURIER_REPORT_CONTRADICTS, COURIER_REPORT_DATE_REFUSED, decideCourierReport } from '../order/courier-report.js';
import type { CourierRef, OrderEvent } from '../order/events.js';
import { orderDecider, type OrderState } from '../order/order.decider.js';
import { evolveAll } from '../shared/decider.js';
import { isDomainError } from '../shared/domain-error.js';
import type { DomainEvent } from '../shared/event.js';
import { uuidFromName } from '../shared/uuid-from-name.js';
import type { SettlementLine } from './settlement-file.js';

/**
 * applied: the line changes its order (delivered, refused, cash recorded or paid), by the reactor;
 * unchanged: the order records it already; unmatched: no parcel of this courier has the number;
 * contradictory: the order says otherwise; rejected: dated after today or before the parcel shipped.
 */
export type SettlementOutcome = 'applied' | 'unchanged' | 'unmatched' | 'contradictory' | 'rejected';
export const SETTLEMENT_OUTCOMES: readonly SettlementOutcome[] = ['applied', 'unchanged', 'unmatched', 'contradictory', 'rejected'];

/** What an applied line does to its order: its strongest move. */
export type SettlementEffect = 'delivered' | 'refused' | 'paid' | 'collected';

export interface SettlementLineDecision extends SettlementLine {
  orderId: string | null;
  orderNumber: string | null;
  outcome: SettlementOutcome;
  effect: SettlementEffect | null;
  reason: string | null;
}

export type SettlementImported = DomainEvent<'SettlementImported', {
  importId: string;
  courier: CourierRef;
  /** The file's SHA-256, as the order events it causes record it. */
  fileHash: string;
  /** Every line of the file, in file order (MAX_SETTLEMENT_LINES bounds them). */
  lines: SettlementLineDecision[];
  by: StaffActor;
}>;

export type SettlementEvent = SettlementImported;
const settlementEventTypes: Record<SettlementEvent['type'], true> = { SettlementImported: true };
export const SETTLEMENT_EVENT_TYPES = Object.keys(settlementEventTypes) as SettlementEvent['type'][];

/** The order a line's tracking number names among this courier's parcels, loaded: its state and when it was shipped. */
export interface MatchedOrder {
  state: OrderState;
  shippedAt: string | null;
}

function effectOf(events: readonly OrderEvent[]): SettlementEffect {
  if (events.some((e) => e.type === 'CourierPaymentRecorded')) return 'paid';
  const move = events.find((e) => e.type === 'OrderStatusChanged');
  if (move?.type === 'OrderStatusChanged') return move.data.to === 'REFUSED' ? 'refused' : 'delivered';
  return 'collected';
}

/**
 * Every line of a file, in file order, each decided against the orders its tracking number
 * matched (none, one, or several: a contradiction, not a guess), each order as the lines before
 * left it: a refusal then a delivery of one parcel in one file is the contradiction it would be
 * in two files. Applies nothing: the order's own decider repeats each decision when the reactor
 * applies the line, on the order as it then stands.
 */
export function decideSettlementLines(
  lines: readonly SettlementLine[],
  matches: ReadonlyMap<string, readonly string[]>,
  orders: ReadonlyMap<string, MatchedOrder>,
  input: { courier: CourierRef; fileHash: string; now: string; by: StaffActor },
): SettlementLineDecision[] {
  const states = new Map([...orders].map(([id, o]) => [id, o.state]));
  return lines.map((line) => {
    const decided = (outcome: SettlementOutcome, order: OrderState | null, reason: string | null, effect: SettlementEffect | null = null): SettlementLineDecision => ({
      ...line, orderId: order?.orderId ?? null, orderNumber: order?.orderNumber ?? null, outcome, effect, reason,
    });
    const orderIds = matches.get(line.trackingNumber) ?? [];
    if (orderIds.length === 0) return decided('unmatched', null, `No order was shipped with ${input.courier.name} under this tracking number`);
    if (orderIds.length > 1) return decided('contradictory', null, `${orderIds.length} orders were shipped under this tracking number`);
    const state = states.get(orderIds[0]);
    if (!state?.exists) return decided('unmatched', null, `No order was shipped with ${input.courier.name} under this tracking number`);
    try {
      const events = decideCourierReport(state, { ...input, report: line, shippedAt: orders.get(orderIds[0])?.shippedAt ?? null });
      if (events.length === 0) return decided('unchanged', state, null);
      states.set(orderIds[0], evolveAll(orderDecider, events, state));
      return decided('applied', state, null, effectOf(events));
    } catch (error) {
      if (isDomainError(error) && error.code === COURIER_REPORT_CONTRADICTS) return decided('contradictory', state, error.message);
      if (isDomainError(error) && error.code === COURIER_REPORT_DATE_REFUSED) return decided('rejected', state, error.message);
      throw error;
    }
  });
}

/** When the order was last marked SHIPPED: that event's time, from its stream as stored; null when it never was. */
export function lastShippedAt(events: ReadonlyArray<{ type: string; data: unknown; metadata: { occurredAt: string } }>): string | null {
  const last = events.filter((e) => e.type === 'OrderStatusChanged' && (e.data as { to?: unknown }).to === 'SHIPPED').at(-1);
  return last?.metadata.occurredAt ?? null;
}

/** The events one import line causes on its order: ids derived from the import and the line, so a repeat appends nothing new. */
export function settlementLineEventId(importId: string, line: number, index: number): string {
  return uuidFromName(`settlement:${importId}:${line}:${index}`);
}

/** Lines per outcome, for the answer and the read model. */
export function countOutcomes(lines: readonly Pick<SettlementLineDecision, 'outcome'>[]): Record<SettlementOutcome, number> {
  const counts = Object.fromEntries(SETTLEMENT_OUTCOMES.map((o) => [o, 0])) as Record<SettlementOutcome, number>;
  for (const l of lines) counts[l.outcome]++;
  return counts;
}

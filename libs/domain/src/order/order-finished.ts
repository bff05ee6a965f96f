/**
 * Whether an order is finished: nothing about it may still need its customer's data. Until then
 * an erasure of that customer is held (the contract is being performed, and the law asks the shop
 * to answer for a delivery, a return, a refund or a courier's settlement), and runs once every
 * held order is finished.
 *
 * Finished: CANCELED; REFUSED and back on the shelf (RETURNED); DELIVERED once the return window
 * passed, with no refund owed for goods returned and no courier's settlement outstanding.
 */
import { DEFAULT_RETURN_WINDOW_DAYS } from './order-return.js';
import { AWAITING_SHIPMENT_STATUSES } from './order-lifecycle.js';
import { orderDecider, type OrderState } from './order.decider.js';
import type { OrderEvent, OrderStatus, OrderStatusChanged } from './events.js';

const DAY_MS = 86_400_000;

/** What the rule reads of an order. */
export interface OrderFinishFacts {
  status: OrderStatus | null;
  /** When it was last marked DELIVERED; null if never. */
  deliveredAt: string | null;
  /** Goods returned (piastres) and cash handed back for them. */
  returnedAmount: number;
  refunded: number;
  /** A courier's file reported collecting for it, and the courier has not paid the shop yet. */
  settlementPending: boolean;
}

export type OpenBecause = 'not-shipped' | 'on-its-way' | 'coming-back' | 'return-window' | 'refund-pending' | 'settlement-pending';

export interface OrderFinish {
  finished: boolean;
  /** Why it is still open; null when finished. */
  openBecause: OpenBecause | null;
  /** The earliest time it can become finished, when that is known (a delivered order's window end); null otherwise. */
  finishableAt: string | null;
  /** Whether cancelling it now would finish it: only before it leaves the shop. */
  cancellable: boolean;
}

export function orderFinish(facts: OrderFinishFacts, now: string, windowDays: number = DEFAULT_RETURN_WINDOW_DAYS): OrderFinish {
  const open = (openBecause: OpenBecause, finishableAt: string | null = null): OrderFinish => ({
    finished: false, openBecause, finishableAt, cancellable: facts.status !== null && AWAITING_SHIPMENT_STATUSES.includes(facts.status),
  });
  switch (facts.status) {
    case 'CANCELED':
    case 'RETURNED':
      return { finished: true, openBecause: null, finishableAt: null, cancellable: false };
    case 'REFUSED':
      return open('coming-back');
    case 'SHIPPED':
      return open('on-its-way');
    case 'DELIVERED': {
      // A delivery the log never dated cannot start its window: the window counts from the read.
      const delivered = Date.parse(facts.deliveredAt ?? now);
      const windowEnds = new Date(delivered + windowDays * DAY_MS).toISOString();
      if (Date.parse(now) < Date.parse(windowEnds)) return open('return-window', windowEnds);
      if (facts.returnedAmount > facts.refunded) return open('refund-pending');
      if (facts.settlementPending) return open('settlement-pending');
      return { finished: true, openBecause: null, finishableAt: null, cancellable: false };
    }
    default:
      return open('not-shipped');
  }
}

/** The facts from the order's stream as the log has it (each event's time from its metadata). */
export function orderFinishFacts(events: ReadonlyArray<{ type: string; data: unknown; metadata?: { occurredAt?: string } }>): OrderFinishFacts {
  let state: OrderState = orderDecider.initialState;
  let deliveredAt: string | null = null;
  for (const e of events) {
    state = orderDecider.evolve(state, e as OrderEvent);
    if (e.type === 'OrderStatusChanged' && (e.data as OrderStatusChanged['data']).to === 'DELIVERED') deliveredAt = e.metadata?.occurredAt ?? deliveredAt;
  }
  return {
    status: state.status,
    deliveredAt,
    returnedAmount: state.returned.amount,
    refunded: state.refunded,
    settlementPending: state.collection !== null && state.collection.collected - state.collection.fee > 0 && !state.paid,
  };
}

/**
 * When the last of these open orders can be finished: the latest of their known ends, or null
 * when one of them has none yet (not delivered: its end depends on the courier).
 */
export function expectedEndOf(open: readonly OrderFinish[]): string | null {
  if (open.length === 0 || open.some((o) => o.finishableAt === null)) return null;
  return open.map((o) => o.finishableAt!).sort().at(-1)!;
}

/**
 * Checkout completion: a reactor run by the projector like a projection (its own checkpoint,
 * owner, back-off on failure, health and metrics), with no tables. A checkout appends
 * CartCheckedOut (the whole decided order) and then OrderPlaced; an API that dies in between
 * leaves a cart that says "checked out" and no order. This follows CartCheckedOut and appends
 * the missing OrderPlaced, derived from the cart's event alone: same id, data and metadata as
 * the API writes, so whoever comes first wins and the others are idempotent no-ops (ADR 004),
 * then screens it as checkout does (ADR 019).
 *
 * It never races a live API (docs/adr/030): a CartCheckedOut is acted on only once it is older
 * than the API's longest possible gap between its two appends. Before that it holds: the
 * checkpoint stays before the event and the runner rests the reactor until the event is due.
 *
 * It acts only when the runner gives it the log (the live slot): rebuilds and time travel
 * replay it as a no-op, so a replay never writes to the log.
 */
import { orderPlacedFromCheckout } from '#domain/checkout/checkout.decider.js';
import { checkoutEventIds, orderPlacedMetadata } from '#domain/checkout/order-number.js';
import type { OrderPlaced } from '#domain/order/events.js';
import { orderStream } from '#domain/streams.js';
import { WrongExpectedRevision, type EventStore } from '#event-store/event-store.port.js';
import { ERASED_PERSONAL_DATA } from '#event-store/personal-data/personal-data-cipher.js';
import { databaseTimeouts } from '#event-store/postgres/pg-timeouts.js';
import { screenCompletedOrder } from './checkout-completion-screening.js';
import { defineProjection, type RecordedShopEvent } from './projection.js';

export type CompletionOutcome = 'placed' | 'already-placed' | 'schema-1' | 'erased';

/** Above the API's own bounds: a process starved of CPU on a loaded machine, clocks a little apart. */
const COMPLETION_MARGIN_MS = 1000;

/**
 * How long after its CartCheckedOut an API may still append the OrderPlaced: one append waits at
 * most for a connection, then for its query (the statement timeout and the client's margin above
 * it), with the API's request timeouts as configured in this environment (the API's and the
 * projector's come from the same settings).
 */
export function completionWaitMs(env: NodeJS.ProcessEnv = process.env): number {
  const api = databaseTimeouts('request', env);
  return api.connectionTimeoutMs + api.queryTimeoutMs + COMPLETION_MARGIN_MS;
}

/**
 * One CartCheckedOut: one read of the order stream, and an append only when it is empty, then the
 * screening of the order it placed. Schema-1 events (no order recorded) cannot be completed from
 * the log; the shopper's retry does. A checkout whose person was erased meanwhile is not placed:
 * what it would record is gone.
 */
export async function completeCheckout(log: EventStore, event: RecordedShopEvent<'CartCheckedOut'>): Promise<CompletionOutcome> {
  if (event.metadata.personalData === ERASED_PERSONAL_DATA) return 'erased';
  const placed = orderPlacedFromCheckout(event.data);
  if (!placed) return 'schema-1';
  const stream = orderStream(placed.data.orderId);
  const [existing] = await log.readStream(stream, { maxCount: 1 });
  if (existing) return 'already-placed';
  const orderPlacedId = checkoutEventIds(placed.data.cartId).orderPlaced;
  try {
    await log.append(stream, [{ id: orderPlacedId, type: placed.type, data: placed.data, metadata: orderPlacedMetadata(event.metadata, event.id) }], { expectedRevision: 'no_stream' });
  } catch (e) {
    if (e instanceof WrongExpectedRevision) return 'already-placed'; // the API got there first
    throw e;
  }
  await screenCompletedOrder(log, placed.data as OrderPlaced['data'], { subjectId: event.metadata.subjectId, correlationId: event.metadata.correlationId, orderPlacedId });
  return 'placed';
}

/**
 * It also follows OrderPlaced, only to know which orders exist without asking: a checkout whose
 * order is placed in the same batch (the usual case once it is due: the API appends both moments
 * apart) needs no read of the order stream; the others are checked one by one.
 */
export const checkoutCompletionReactor = defineProjection({
  name: 'checkout-completion',
  version: 1,
  tables: [],
  eventTypes: ['CartCheckedOut', 'OrderPlaced'],
  async handle(events, { log }) {
    if (!log) return;
    const placed = new Set(events.filter((e) => e.type === 'OrderPlaced').map((e) => e.stream));
    // A reactor writes no rows, so reading the clock here cannot make a replay differ.
    const waitMs = completionWaitMs();
    const dueBefore = Date.now() - waitMs;
    for (const event of events) {
      if (event.type !== 'CartCheckedOut') continue;
      const orderId = event.data.order?.orderId;
      if (orderId !== undefined && placed.has(orderStream(orderId))) continue;
      const at = event.createdAt.getTime();
      if (at > dueBefore) return { event, dueAt: at + waitMs };
      await completeCheckout(log, event);
    }
  },
});

/**
 * Checkout completion: a reactor run by the projector like a projection (its own checkpoint,
 * owner, back-off on failure, health and metrics), with no tables. A checkout appends
 * CartCheckedOut (the whole decided order) and then OrderPlaced; an API that dies in between
 * leaves a cart that says "checked out" and no order. This follows CartCheckedOut and appends
 * the missing OrderPlaced, derived from the cart's event alone: same id, data and metadata as
 * the API writes, so whoever comes first wins and the others are idempotent no-ops (ADR 004).
 *
 * It acts only when the runner gives it the log (the live slot): rebuilds and time travel
 * replay it as a no-op, so a replay never writes to the log.
 */
import { orderPlacedFromCheckout } from '#domain/checkout/checkout.decider.js';
import { checkoutEventIds, orderPlacedMetadata } from '#domain/checkout/order-number.js';
import { orderStream } from '#domain/streams.js';
import { WrongExpectedRevision, type EventStore } from '#event-store/event-store.port.js';
import { defineProjection, type RecordedShopEvent } from './projection.js';

export type CompletionOutcome = 'placed' | 'already-placed' | 'schema-1';

/**
 * One CartCheckedOut: one read of the order stream, and an append only when it is empty.
 * Schema-1 events (no order recorded) cannot be completed from the log; the shopper's retry does.
 */
export async function completeCheckout(log: EventStore, event: RecordedShopEvent<'CartCheckedOut'>): Promise<CompletionOutcome> {
  const placed = orderPlacedFromCheckout(event.data);
  if (!placed) return 'schema-1';
  const stream = orderStream(placed.data.orderId);
  const [existing] = await log.readStream(stream, { maxCount: 1 });
  if (existing) return 'already-placed';
  try {
    await log.append(
      stream,
      [{ id: checkoutEventIds(placed.data.cartId).orderPlaced, type: placed.type, data: placed.data, metadata: orderPlacedMetadata(event.metadata, event.id) }],
      { expectedRevision: 'no_stream' },
    );
    return 'placed';
  } catch (e) {
    if (e instanceof WrongExpectedRevision) return 'already-placed'; // the API got there first
    throw e;
  }
}

/**
 * It also follows OrderPlaced, only to know which orders exist without asking: a checkout whose
 * order is placed in the same batch (the usual case when catching up, the API appends both) needs
 * no read of the order stream; the others are checked one by one as before.
 */
export const checkoutCompletionReactor = defineProjection({
  name: 'checkout-completion',
  version: 1,
  tables: [],
  eventTypes: ['CartCheckedOut', 'OrderPlaced'],
  async handle(events, { log }) {
    if (!log) return;
    const placed = new Set(events.filter((e) => e.type === 'OrderPlaced').map((e) => e.stream));
    for (const event of events) {
      if (event.type !== 'CartCheckedOut') continue;
      const orderId = event.data.order?.orderId;
      if (orderId !== undefined && placed.has(orderStream(orderId))) continue;
      await completeCheckout(log, event);
    }
  },
});

/**
 * Settlement: a reactor run by the projector like a projection (its own checkpoint, back-off,
 * health), with no tables. An import is decided whole in one SettlementImported on the
 * courier's settlements stream; this follows it and applies each line to be applied through the
 * order's decider (ApplySettlementLine), on the order as it now stands, with the stream's revision
 * expected and event ids derived from the import and the line. An import cut short (the API or
 * the projector killed mid-way) therefore finishes by itself, and applying a line twice appends
 * nothing: the order's state records the lines it has seen. A line the order no longer accepts
 * is recorded as such (SettlementLineRecorded), never moving the order backwards.
 *
 * It acts only when the runner gives it the log (the live slot): rebuilds and time travel
 * replay it as a no-op, so a replay never writes to the log.
 */
import { lastShippedAt, settlementLineEventId, type SettlementLineDecision } from '#domain/courier/settlement-import.js';
import type { OrderEvent, OrderPlaced } from '#domain/order/events.js';
import { orderDecider } from '#domain/order/order.decider.js';
import { promoUsageDecider } from '#domain/promotion/promo-usage.decider.js';
import { evolveAll, type Decider } from '#domain/shared/decider.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import { orderStream, promoUsageStream } from '#domain/streams.js';
import { PERSONAL_FIELDS } from '#domain/personal-data/personal-fields.js';
import { WrongExpectedRevision, type EventMetadata, type EventStore, type RecordedEvent } from '#event-store/event-store.port.js';
import { defineProjection, type RecordedShopEvent } from './projection.js';

/** Another writer on the same order between our read and append: read again and decide again, this often at most. */
const RETRIES = 5;

/**
 * Reads the stream, decides on its fold and appends with its revision expected; on a concurrent
 * append, again. An order's stream holds a handful of events, so it is read whole.
 */
async function decideOnStream<C, E extends { type: string; data: unknown }, S>(
  log: EventStore,
  stream: string,
  decider: Decider<C, E, S>,
  command: (recorded: readonly RecordedEvent[]) => C,
  eventId: (index: number) => string,
  metadata: EventMetadata,
): Promise<E[]> {
  for (let attempt = 0; ; attempt++) {
    const recorded = await log.readStream(stream);
    const decided = decider.decide(command(recorded), evolveAll(decider, recorded as unknown as E[]));
    if (decided.length === 0) return [];
    try {
      const expectedRevision = recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1].revision;
      const subject = subjectOfStream(recorded);
      await log.append(
        stream,
        decided.map((e, i) => ({ id: eventId(i), type: e.type, data: e.data, metadata: subject && PERSONAL_FIELDS[e.type] ? { ...metadata, subjectId: subject } : metadata })),
        { expectedRevision },
      );
      return decided;
    } catch (error) {
      if (error instanceof WrongExpectedRevision && attempt < RETRIES) continue;
      throw error;
    }
  }
}

/**
 * The subject the stream's first event was sealed under: named on the events it seals (a reason),
 * so the log reads that key and never looks the subject up, which this process, allowed only to
 * read keys, could not.
 */
function subjectOfStream(recorded: readonly RecordedEvent[]): string | undefined {
  const named = recorded[0]?.metadata?.subjectId;
  return typeof named === 'string' ? named : undefined;
}

/** Applies one line of the import to its order; returns the events appended (none when it was applied before). */
export async function applySettlementLine(log: EventStore, event: RecordedShopEvent<'SettlementImported'>, line: SettlementLineDecision): Promise<OrderEvent[]> {
  const { importId, courier, fileHash, by } = event.data;
  const orderId = line.orderId!;
  const metadata: EventMetadata = { correlationId: event.metadata.correlationId, causationId: event.id, actor: event.metadata.actor, occurredAt: new Date().toISOString() };
  const { orderId: _o, orderNumber: _n, outcome: _c, effect: _e, reason: _r, ...report } = line;
  const appended = await decideOnStream(
    log,
    orderStream(orderId),
    orderDecider,
    // Time arrives in the command: the import's own, so the line is judged as the import judged it.
    (recorded) => ({ type: 'ApplySettlementLine' as const, data: { orderId, importId, courier, report, fileHash, shippedAt: lastShippedAt(recorded), now: event.metadata.occurredAt, by } }),
    (i) => settlementLineEventId(importId, line.line, i),
    metadata,
  );
  // A refused order gives its promo code use back, as a refusal typed by hand does.
  if (appended.some((e) => e.type === 'OrderStatusChanged' && e.data.to === 'REFUSED')) await givePromoUseBack(log, orderId, metadata);
  return appended;
}

async function givePromoUseBack(log: EventStore, orderId: string, metadata: EventMetadata): Promise<void> {
  const [placed] = await log.readStream(orderStream(orderId), { maxCount: 1 });
  const code = placed?.type === 'OrderPlaced' ? (placed.data as OrderPlaced['data']).promoCode : null;
  if (!code) return;
  await decideOnStream(log, promoUsageStream(code), promoUsageDecider, () => ({ type: 'ReturnPromoCodeUse' as const, data: { code, orderId } }), (i) => uuidFromName(`settlement-promo:${orderId}:${metadata.causationId}:${i}`), metadata);
}

/** Every line the import decided to apply, in file order. */
export async function applySettlementImport(log: EventStore, event: RecordedShopEvent<'SettlementImported'>): Promise<void> {
  for (const line of event.data.lines) if (line.outcome === 'applied' && line.orderId !== null) await applySettlementLine(log, event, line);
}

export const settlementReactor = defineProjection({
  name: 'settlement',
  version: 1,
  tables: [],
  eventTypes: ['SettlementImported'],
  async handle(events, { log }) {
    if (!log) return;
    for (const event of events) await applySettlementImport(log, event as RecordedShopEvent<'SettlementImported'>);
  },
});

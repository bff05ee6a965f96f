/**
 * Customer messages: a reactor that turns an order's facts into rows of the outbox
 * (projector.customer_messages, docs/adr/023), in the transaction that moves its checkpoint, so
 * a crash neither loses a message nor writes one twice (the row's id is derived from the fact).
 * The projector's dispatcher delivers them. Which facts are told is MESSAGE_TABLE.
 *
 * Like checkout completion, it acts only on the live slot: a rebuild or a replay never owes
 * anybody a message. A status message names the channels the order was placed with (its e-mail,
 * if it gave one, and its phone), read from the order's own placed rows.
 */
import { channelsOf, type MessageChannel } from '#domain/messages/compose-message.js';
import { messageFor, stillTrue } from '#domain/messages/message-decision.js';
import { MESSAGE_TABLE } from '#domain/messages/message-table.js';
import { messageIdFor } from '#domain/messages/message-id.js';
import { defineProjection, type ProjectionContext, type RecordedShopEvent } from './projection.js';

export const OUTBOX_TABLE = 'projector.customer_messages';

type OrderFact = RecordedShopEvent<'OrderPlaced' | 'OrderStatusChanged' | 'OrderEdited'>;
type HoldFact = RecordedShopEvent<'PersonalDataErasureHeld'>;

/** The statuses a held message is about: only a move that makes one of them untrue can cancel anything. */
const HELD_STATUSES = MESSAGE_TABLE.filter((row) => row.held && row.to).map((row) => row.to!);

interface OutboxRow {
  messageId: string;
  event: OrderFact | HoldFact;
  orderId: string;
  orderNumber: string;
  subjectId: string | null;
  kind: string;
  channel: MessageChannel;
  statusReached: string | null;
  held: boolean;
}

function rowsFor(event: OrderFact, channels: readonly MessageChannel[]): OutboxRow[] {
  const row = messageFor(event.type, event.data);
  if (!row) return [];
  const subjectId = typeof event.metadata?.subjectId === 'string' ? event.metadata.subjectId : null;
  return channels.map((channel) => ({ messageId: messageIdFor(event.id, channel), event, orderId: event.data.orderId, orderNumber: event.data.orderNumber, subjectId, kind: row.kind, channel, statusReached: row.to ?? null, held: row.held }));
}

async function insertRows(ctx: ProjectionContext, rows: readonly OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await ctx.sql(
    `INSERT INTO ${OUTBOX_TABLE} (message_id, event_id, commit_position, order_id, order_number, subject_id, kind, channel, status_reached, held, fact_at, next_attempt_at)
     SELECT r.*, r.fact_at FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::boolean[], $11::timestamptz[])
       AS r(message_id, event_id, commit_position, order_id, order_number, subject_id, kind, channel, status_reached, held, fact_at)
     ON CONFLICT (message_id) DO NOTHING`,
    [
      rows.map((r) => r.messageId), rows.map((r) => r.event.id), rows.map((r) => String(r.event.position.commit)), rows.map((r) => r.orderId),
      rows.map((r) => r.orderNumber), rows.map((r) => r.subjectId), rows.map((r) => r.kind), rows.map((r) => r.channel),
      rows.map((r) => r.statusReached), rows.map((r) => r.held), rows.map((r) => r.event.createdAt),
    ],
  );
}

/** The channels each of these orders was placed with, read from its own placed rows. */
async function channelsOfPlacedOrders(ctx: ProjectionContext, orderIds: readonly string[]): Promise<Map<string, MessageChannel[]>> {
  return new Map([...(await placedOrders(ctx, orderIds))].map(([id, o]) => [id, o.channels]));
}

/** Each of these orders' number and the channels it was placed with, from its own placed rows. */
async function placedOrders(ctx: ProjectionContext, orderIds: readonly string[]): Promise<Map<string, { orderNumber: string; channels: MessageChannel[] }>> {
  const placed = new Map<string, { orderNumber: string; channels: MessageChannel[] }>();
  if (orderIds.length === 0) return placed;
  const rows = await ctx.sql<{ order_id: string; order_number: string; channel: MessageChannel }>(
    `SELECT order_id, order_number, channel FROM ${OUTBOX_TABLE} WHERE order_id = ANY($1::text[]) AND kind = 'orderPlaced' ORDER BY order_id, channel`,
    [[...new Set(orderIds)]],
  );
  for (const r of rows) placed.set(r.order_id, { orderNumber: r.order_number, channels: [...(placed.get(r.order_id)?.channels ?? []), r.channel] });
  return placed;
}

/**
 * A held erasure is told once, about the first held order (its language and addresses), on the
 * channels that order was placed with; the message is composed from that order's stream.
 */
async function holdRows(ctx: ProjectionContext, holds: readonly HoldFact[]): Promise<OutboxRow[]> {
  const first = (h: HoldFact) => (Array.isArray(h.data.orderIds) && typeof h.data.orderIds[0] === 'string' ? h.data.orderIds[0] : null);
  const placed = await placedOrders(ctx, holds.map(first).filter((id): id is string => id !== null));
  return holds.flatMap((h) => {
    const row = messageFor(h.type, h.data);
    const orderId = first(h);
    const order = orderId ? placed.get(orderId) : undefined;
    if (!row || !orderId || !order) return [];
    const subjectId = typeof h.data.subjectId === 'string' ? h.data.subjectId : null;
    return order.channels.map((channel) => ({ messageId: messageIdFor(h.id, channel), event: h, orderId, orderNumber: order.orderNumber, subjectId, kind: row.kind, channel, statusReached: null, held: false }));
  });
}

/**
 * A move back (an undone confirmation) cancels the held messages it made untrue at once, so the
 * Messages page says so; the dispatcher checks the log again before it sends any held message.
 * All the batch's moves in one statement: a held message is canceled by the first move after its
 * own fact (by log position) that makes it untrue, as if the moves were applied one by one.
 */
async function cancelUntrue(ctx: ProjectionContext, moves: ReadonlyArray<RecordedShopEvent<'OrderStatusChanged'>>): Promise<void> {
  const untrue = moves.flatMap((m) => HELD_STATUSES.filter((s) => !stillTrue(s, m.data.to)).map((status) => ({ m, status })));
  if (untrue.length === 0) return;
  await ctx.sql(
    `WITH move AS (
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[]) AS m(order_id, commit_position, status_reached, moved_to)
     ), canceled AS (
       SELECT DISTINCT ON (o.message_id) o.message_id, m.moved_to
       FROM ${OUTBOX_TABLE} o
       JOIN move m ON m.order_id = o.order_id AND m.status_reached = o.status_reached AND m.commit_position > o.commit_position
       WHERE o.order_id = ANY($1::text[]) AND o.held AND o.status = 'pending'
       ORDER BY o.message_id, m.commit_position
     )
     UPDATE ${OUTBOX_TABLE} o SET status = 'canceled', last_error = 'order moved to ' || c.moved_to, updated_at = now()
     FROM canceled c WHERE c.message_id = o.message_id`,
    [untrue.map((u) => u.m.data.orderId), untrue.map((u) => String(u.m.position.commit)), untrue.map((u) => u.status), untrue.map((u) => u.m.data.to)],
  );
}

/**
 * A batch in four statements whatever its size (a new deployment replays years of orders through
 * here): the placed orders' rows, then the channels the other facts' orders were placed with, their
 * rows, and the moves' cancellations last, which only ever reach messages of earlier facts.
 */
async function enqueue(ctx: ProjectionContext, all: ReadonlyArray<OrderFact | HoldFact>): Promise<void> {
  const events = all.filter((e): e is OrderFact => e.type !== 'PersonalDataErasureHeld');
  const placed = events.filter((e): e is RecordedShopEvent<'OrderPlaced'> => e.type === 'OrderPlaced');
  await insertRows(ctx, placed.flatMap((e) => rowsFor(e, channelsOf(e.data))));
  const told = events.filter((e) => e.type !== 'OrderPlaced' && messageFor(e.type, e.data));
  const channels = await channelsOfPlacedOrders(ctx, told.map((e) => e.data.orderId));
  await insertRows(ctx, told.flatMap((e) => rowsFor(e, channels.get(e.data.orderId) ?? [])));
  await cancelUntrue(ctx, events.filter((e): e is RecordedShopEvent<'OrderStatusChanged'> => e.type === 'OrderStatusChanged'));
  await insertRows(ctx, await holdRows(ctx, all.filter((e): e is HoldFact => e.type === 'PersonalDataErasureHeld')));
}

export const customerMessagesReactor = defineProjection({
  name: 'customer-messages',
  version: 1,
  tables: [],
  eventTypes: ['OrderPlaced', 'OrderStatusChanged', 'OrderEdited', 'PersonalDataErasureHeld'],
  async handle(events, ctx) {
    if (!ctx.log) return;
    await enqueue(ctx, events as ReadonlyArray<OrderFact | HoldFact>);
  },
  /**
   * An erased shopper is owed nothing more: their unsent messages are canceled. The sent ones
   * hold no text to erase; composed from the log, they now read as erased.
   */
  async erase(erasure, ctx) {
    if (!ctx.log) return;
    await ctx.sql(
      `UPDATE ${OUTBOX_TABLE} SET status = 'canceled', last_error = 'subject erased', lease_until = NULL, updated_at = now()
       WHERE status IN ('pending', 'sending', 'failed', 'unknown') AND (subject_id = $1 OR order_id = ANY($2::text[]))`,
      [erasure.data.subjectId, erasure.data.orderIds ?? []],
    );
  },
});

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
import { ORDER_STATUSES } from '#domain/order/events.js';
import { messageIdFor } from '#domain/messages/message-id.js';
import { defineProjection, type ProjectionContext, type RecordedShopEvent } from './projection.js';

export const OUTBOX_TABLE = 'projector.customer_messages';

type OrderFact = RecordedShopEvent<'OrderPlaced' | 'OrderStatusChanged' | 'OrderEdited'>;

async function channelsOfPlacedOrder(ctx: ProjectionContext, orderId: string): Promise<MessageChannel[]> {
  const rows = await ctx.sql<{ channel: MessageChannel }>(`SELECT channel FROM ${OUTBOX_TABLE} WHERE order_id = $1 AND kind = 'orderPlaced'`, [orderId]);
  return rows.map((r) => r.channel).sort();
}

/**
 * A move back (an undone confirmation) cancels the held messages it made untrue at once, so the
 * Messages page says so; the dispatcher checks the log again before it sends any held message.
 */
async function cancelUntrue(ctx: ProjectionContext, event: RecordedShopEvent<'OrderStatusChanged'>): Promise<void> {
  const untrue = ORDER_STATUSES.filter((s) => !stillTrue(s, event.data.to));
  await ctx.sql(
    `UPDATE ${OUTBOX_TABLE} SET status = 'canceled', last_error = $3, updated_at = now()
     WHERE order_id = $1 AND held AND status = 'pending' AND status_reached = ANY($2::text[])`,
    [event.data.orderId, untrue, `order moved to ${event.data.to}`],
  );
}

async function enqueue(ctx: ProjectionContext, event: OrderFact): Promise<void> {
  if (event.type === 'OrderStatusChanged') await cancelUntrue(ctx, event);
  const row = messageFor(event.type, event.data);
  if (!row) return;
  const channels = event.type === 'OrderPlaced' ? channelsOf(event.data) : await channelsOfPlacedOrder(ctx, event.data.orderId);
  const subjectId = typeof event.metadata?.subjectId === 'string' ? event.metadata.subjectId : null;
  for (const channel of channels) {
    await ctx.sql(
      `INSERT INTO ${OUTBOX_TABLE} (message_id, event_id, commit_position, order_id, order_number, subject_id, kind, channel, status_reached, held, fact_at, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
       ON CONFLICT (message_id) DO NOTHING`,
      [
        messageIdFor(event.id, channel), event.id, String(event.position.commit), event.data.orderId, event.data.orderNumber,
        subjectId, row.kind, channel, row.to ?? null, row.held, event.createdAt,
      ],
    );
  }
}

export const customerMessagesReactor = defineProjection({
  name: 'customer-messages',
  version: 1,
  tables: [],
  eventTypes: ['OrderPlaced', 'OrderStatusChanged', 'OrderEdited'],
  async handle(events, ctx) {
    if (!ctx.log) return;
    for (const event of events) await enqueue(ctx, event);
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

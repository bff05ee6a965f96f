/**
 * Delivers the outbox (docs/adr/023): claims due messages (SKIP LOCKED, so replicas share them),
 * composes each from the order's stream in the log, sends it, and records the outcome. At least
 * once: a message is marked sent after its provider took it, so a crash in between repeats it,
 * with the same Message-ID. An attempt whose outcome is unknown on a provider without a stable id
 * is never repeated by itself: it waits, marked `unknown`, for a person's retry.
 */
import type pg from 'pg';
import { composeMessage, orderNowFrom, parcelTrackingUrl, type MessageChannel } from '#domain/messages/compose-message.js';
import { stillTrueSince } from '#domain/messages/message-decision.js';
import { noProviderReason } from '#domain/messages/not-sent.js';
import type { MessageKind } from '#domain/messages/message-table.js';
import type { OrderStatus } from '#domain/order/events.js';
import { couriersStream, messageTemplatesStream, orderStream } from '#domain/streams.js';
import { templatesFrom, type TemplateLookup } from '#domain/messages/template-set.js';
import type { EventStore, RecordedEvent } from '#event-store/event-store.port.js';
import { OUTBOX_TABLE } from '#read-models/projections/customer-messages.reactor.js';
import type { MessageConfig } from '#platform/config/message-config.js';
import type { MessageProvider } from './message-providers.js';

export interface DispatcherDeps {
  pool: pg.Pool;
  log: EventStore;
  config: MessageConfig;
  providers: { email: MessageProvider; phone: MessageProvider | null };
  /** The clock: tests move it instead of waiting. */
  now?: () => Date;
  onError?: (error: unknown) => void;
}

interface ClaimedRow {
  message_id: string;
  event_id: string;
  order_id: string;
  kind: MessageKind;
  channel: MessageChannel;
  status_reached: OrderStatus | null;
  held: boolean;
  fact_at: Date;
  attempts: number;
}

export type Outcome = 'sent' | 'retry' | 'failed' | 'canceled' | 'skipped' | 'expired';

export class MessageDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly now: () => Date;

  constructor(private readonly deps: DispatcherDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  start(): void {
    const loop = () => {
      this.running = this.tick()
        .catch((error) => this.deps.onError?.(error))
        .finally(() => {
          if (this.timer !== undefined) this.timer = setTimeout(loop, this.deps.config.pollMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round: attempts whose process died are settled, then every due message is tried once. Returns the outcomes. */
  async tick(limit = 50): Promise<Map<string, Outcome>> {
    await this.settleAbandoned();
    const outcomes = new Map<string, Outcome>();
    const claimed = await this.claim(limit);
    if (claimed.length === 0) return outcomes;
    // The owner's wording as the log has it now: read once a round, not once a message.
    const templates = templatesFrom(await this.deps.log.readStream(messageTemplatesStream()));
    const couriers = await this.deps.log.readStream(couriersStream());
    for (const row of claimed) outcomes.set(row.message_id, await this.deliver(row, templates, couriers));
    return outcomes;
  }

  private providerFor(channel: MessageChannel): MessageProvider | null {
    return channel === 'email' ? this.deps.providers.email : this.deps.providers.phone;
  }

  /**
   * Attempts whose lease ran out: their process died mid-send. Where the receiver can drop a
   * repeat they go back to pending (the same Message-ID); elsewhere the outcome stays unknown.
   */
  private async settleAbandoned(): Promise<void> {
    const now = this.now();
    const stable = (['email', 'phone'] as const).filter((c) => this.providerFor(c)?.stableId !== false);
    await this.deps.pool.query(
      `UPDATE ${OUTBOX_TABLE}
       SET status = CASE WHEN channel = ANY($2::text[]) THEN 'pending' ELSE 'unknown' END,
           last_error = CASE WHEN channel = ANY($2::text[]) THEN last_error ELSE 'the attempt was interrupted: it may or may not have been sent' END,
           lease_until = NULL, next_attempt_at = $1, updated_at = $1
       WHERE status = 'sending' AND lease_until < $1`,
      [now, stable],
    );
  }

  private async claim(limit: number): Promise<ClaimedRow[]> {
    const now = this.now();
    const { rows } = await this.deps.pool.query<ClaimedRow>(
      `UPDATE ${OUTBOX_TABLE} m SET status = 'sending', attempts = m.attempts + 1, lease_until = $1::timestamptz + make_interval(secs => $4 / 1000.0), updated_at = $1
       WHERE m.message_id IN (
         SELECT message_id FROM ${OUTBOX_TABLE}
         WHERE status = 'pending'
           AND next_attempt_at + CASE WHEN held AND attempts = 0 THEN make_interval(secs => $2 / 1000.0) ELSE interval '0' END <= $1
         ORDER BY next_attempt_at, message_id
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
       RETURNING m.message_id, m.event_id, m.order_id, m.kind, m.channel, m.status_reached, m.held, m.fact_at, m.attempts`,
      [now, this.deps.config.holdMs, limit, this.deps.config.leaseMs],
    );
    return rows;
  }

  private async deliver(row: ClaimedRow, templates: TemplateLookup, couriers: readonly RecordedEvent[]): Promise<Outcome> {
    const { config } = this.deps;
    const now = this.now();
    if (row.attempts === 1 && now.getTime() - new Date(row.fact_at).getTime() > config.maxAgeMs + (row.held ? config.holdMs : 0)) {
      return this.finish(row, 'expired', null, 'older than MESSAGE_MAX_AGE_MS when first due: not sent');
    }
    const provider = this.providerFor(row.channel);
    if (!provider) return this.finish(row, 'skipped', null, 'no provider configured for this channel');
    let message;
    try {
      const events = await this.deps.log.readStream(orderStream(row.order_id));
      const order = orderNowFrom(events);
      if (!order) return this.finish(row, 'skipped', null, 'order not found in the log');
      if (row.held && !stillTrueSince(events, row.event_id, row.status_reached ?? undefined)) return this.finish(row, 'canceled', null, 'the status was undone within the hold window');
      message = composeMessage(row.kind, row.channel, order.order, config.phoneChannel, templates, parcelTrackingUrl(order, couriers), config.arabicDigits);
      if (!message) return this.finish(row, 'skipped', null, 'no address (none given, or erased)');
      if (!provider.delivers) return this.finish(row, 'skipped', null, noProviderReason(row.channel));
    } catch (error) {
      return this.failOrRetry(row, error);
    }
    try {
      await provider.send(message, row.message_id);
    } catch (error) {
      return this.failOrRetry(row, error);
    }
    return this.finish(row, 'sent', provider.name, null);
  }

  private async failOrRetry(row: ClaimedRow, error: unknown): Promise<Outcome> {
    const { config } = this.deps;
    const reason = describe(error);
    if (row.attempts >= config.maxAttempts) return this.finish(row, 'failed', null, reason);
    const delay = Math.min(config.retryBaseMs * 2 ** (row.attempts - 1), config.retryMaxMs);
    const now = this.now();
    await this.deps.pool.query(
      `UPDATE ${OUTBOX_TABLE} SET status = 'pending', lease_until = NULL, last_error = $2, next_attempt_at = $3, updated_at = $4 WHERE message_id = $1 AND status = 'sending'`,
      [row.message_id, reason, new Date(now.getTime() + delay), now],
    );
    return 'retry';
  }

  private async finish(row: ClaimedRow, outcome: Exclude<Outcome, 'retry'>, provider: string | null, reason: string | null): Promise<Outcome> {
    const now = this.now();
    await this.deps.pool.query(
      `UPDATE ${OUTBOX_TABLE} SET status = $2, provider = COALESCE($3, provider), last_error = $4, lease_until = NULL,
         sent_at = CASE WHEN $2 = 'sent' THEN $5::timestamptz ELSE sent_at END, updated_at = $5
       WHERE message_id = $1 AND status = 'sending'`,
      [row.message_id, outcome, provider, reason, now],
    );
    return outcome;
  }
}

/**
 * A failure as the Messages page shows it: the error's code and SMTP reply code only. A provider's
 * message often quotes the recipient's address, which must not land in a plain-text column.
 */
export function describe(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; name?: unknown } | null;
  const parts = [typeof e?.code === 'string' ? e.code : null, typeof e?.responseCode === 'number' ? `SMTP ${e.responseCode}` : null].filter(Boolean);
  return parts.length > 0 ? `delivery failed: ${parts.join(', ')}` : `delivery failed: ${typeof e?.name === 'string' ? e.name : 'error'}`;
}

/**
 * Checkout completion: a reactor, not a projection. A checkout appends CartCheckedOut (the whole
 * decided order) and then OrderPlaced; a process that dies in between leaves a cart that says
 * "checked out" and no order. This follows the log's CartCheckedOut events and appends the
 * missing OrderPlaced, derived from the cart's event alone: same id, data and metadata as the API
 * would have written, so whoever comes first wins and the others are idempotent no-ops
 * (docs/adr/004). It writes events, so it stays out of ALL_PROJECTIONS: rebuilds and time travel
 * replay projections and must never append.
 *
 * Checkpoint: projector.reactor_checkpoints, saved at most once a second (a replay after a crash
 * only repeats no-ops). Several projector replicas: one runs it at a time (session advisory lock);
 * should two ever overlap, their appends are still idempotent.
 */
import type pg from 'pg';
import type { CartCheckedOut } from '#domain/cart/events.js';
import { orderPlacedFromCheckout } from '#domain/checkout/checkout.decider.js';
import { checkoutEventIds, orderPlacedMetadata } from '#domain/checkout/order-number.js';
import { orderStream } from '#domain/streams.js';
import {
  START,
  WrongExpectedRevision,
  formatPosition,
  parsePosition,
  type EventStore,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '#event-store/event-store.port.js';

export const CHECKOUT_COMPLETION = 'checkout-completion';
/** Advisory lock class of the projector's reactors (4242: migrations, 4243: projection ownership). */
const REACTOR_LOCK_CLASS = 4244;

export type CompletionOutcome = 'placed' | 'already-placed' | 'schema-1';

/**
 * One CartCheckedOut: one read of the order stream, and an append only when it is empty.
 * Schema-1 events (no order recorded) cannot be completed from the log; the shopper's retry does.
 */
export async function completeCheckout(store: EventStore, event: RecordedEvent): Promise<CompletionOutcome> {
  const placed = orderPlacedFromCheckout(event.data as CartCheckedOut['data']);
  if (!placed) return 'schema-1';
  const stream = orderStream(placed.data.orderId);
  const [existing] = await store.readStream(stream, { maxCount: 1 });
  if (existing) return 'already-placed';
  try {
    await store.append(
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

interface ReactorLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface CheckoutCompletionOptions {
  store: EventStore;
  pool: pg.Pool;
  logger?: ReactorLogger;
  /** How often a replica without the lock tries to take it (ms). */
  lockRetryMs?: number;
  onCompleted?: (event: RecordedEvent, outcome: CompletionOutcome) => void;
}

export class CheckoutCompletionReactor {
  private stopped = false;
  private lockClient?: pg.PoolClient;
  private subscription?: Subscription;
  private loop?: Promise<void>;
  private wake?: () => void;
  private position: Position = START;
  private savedAt = 0;
  private saved = formatPosition(START);

  constructor(private readonly o: CheckoutCompletionOptions) {}

  async start(): Promise<void> {
    await this.ensureTable();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.subscription?.close().catch(() => undefined);
    await this.loop;
    await this.saveCheckpoint(true).catch(() => undefined);
    if (this.lockClient) {
      await this.lockClient.query('SELECT pg_advisory_unlock($1, hashtext($2))', [REACTOR_LOCK_CLASS, CHECKOUT_COMPLETION]).catch(() => undefined);
      this.lockClient.release();
    }
  }

  private async ensureTable(): Promise<void> {
    const client = await this.o.pool.connect();
    try {
      await client.query('BEGIN');
      // Two replicas starting together would race on CREATE TABLE IF NOT EXISTS.
      await client.query('SELECT pg_advisory_xact_lock($1, 0)', [REACTOR_LOCK_CLASS]);
      await client.query(
        `CREATE TABLE IF NOT EXISTS projector.reactor_checkpoints (
           name text PRIMARY KEY, position text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
      );
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped && !(await this.tryLock())) await this.pause(this.o.lockRetryMs ?? 2000);
    if (this.stopped) return;
    const rows = await this.o.pool.query<{ position: string }>('SELECT position FROM projector.reactor_checkpoints WHERE name = $1', [CHECKOUT_COMPLETION]);
    this.position = (rows.rows[0] && parsePosition(rows.rows[0].position)) || START;
    this.saved = formatPosition(this.position);
    this.o.logger?.info({ reactor: CHECKOUT_COMPLETION, from: this.saved }, 'reactor started');
    let backoff = 100;
    while (!this.stopped) {
      try {
        this.subscription = this.o.store.subscribeToAll({ fromPosition: this.position, filter: { eventTypes: ['CartCheckedOut'] } });
        for await (const event of this.subscription) {
          const outcome = await completeCheckout(this.o.store, event);
          if (outcome === 'placed') this.o.logger?.warn({ orderId: (event.data as CartCheckedOut['data']).orderId, cartEventId: event.id }, 'completed a half-done checkout');
          this.o.onCompleted?.(event, outcome);
          this.position = event.position;
          await this.saveCheckpoint(false);
          backoff = 100;
          if (this.stopped) break;
        }
      } catch (err) {
        if (this.stopped) break;
        // The event stays unprocessed (position not advanced): resubscribe and try it again.
        this.o.logger?.error({ err, reactor: CHECKOUT_COMPLETION }, 'checkout completion failed; retrying');
        await this.subscription?.close().catch(() => undefined);
        await this.pause(backoff);
        backoff = Math.min(backoff * 2, 5000);
      }
    }
  }

  private async tryLock(): Promise<boolean> {
    try {
      this.lockClient ??= await this.o.pool.connect();
      const { rows } = await this.lockClient.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [REACTOR_LOCK_CLASS, CHECKOUT_COMPLETION]);
      return rows[0].ok;
    } catch (err) {
      this.o.logger?.warn({ err }, 'reactor lock attempt failed');
      this.lockClient?.release(true);
      this.lockClient = undefined;
      return false;
    }
  }

  private async saveCheckpoint(force: boolean): Promise<void> {
    const text = formatPosition(this.position);
    if (text === this.saved || (!force && Date.now() - this.savedAt < 1000)) return;
    await this.o.pool.query(
      `INSERT INTO projector.reactor_checkpoints (name, position) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
      [CHECKOUT_COMPLETION, text],
    );
    this.saved = text;
    this.savedAt = Date.now();
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

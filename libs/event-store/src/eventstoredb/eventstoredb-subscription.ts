import type { AllStreamResolvedEvent } from '@eventstore/db-client';
import { comparePositions, EventStoreUnavailable, type Position, type RecordedEvent, type SubscribeOptions, type Subscription } from '../event-store.port.js';
import { toPortError } from './eventstoredb-errors.js';
import { matches, toRecorded, type Namespace } from './eventstoredb-records.js';
import { pause, retryDelayMs, type RetryPolicy } from './retry-policy.js';
import { withTimeout } from './with-timeout.js';

/** What the adapter needs of the client's subscription: events, its confirmation, and cancelling the gRPC call. */
export interface ClientSubscription extends AsyncIterable<AllStreamResolvedEvent> {
  once(event: 'confirmation', listener: () => void): unknown;
  unsubscribe(): Promise<void>;
  destroy(error?: Error): unknown;
}

export interface SubscriptionSettings {
  /** Opens the server-side subscription for events strictly after `after` (undefined: from the start). */
  open(after: Position | undefined): ClientSubscription;
  namespace: Namespace;
  timeoutMs: number;
  resubscribe: RetryPolicy;
  onClose(): void;
}

/**
 * The client's catch-up subscription, kept alive: a subscription the server ends (its own shutdown
 * cancels streaming calls) or that fails for a passing reason is opened again after the last event
 * delivered, so the consumer sees each event once, in order, with no gap. Only close() ends it;
 * a server gone for longer than the resubscribe policy allows ends it with EventStoreUnavailable.
 */
export class EventStoreDbSubscription implements Subscription {
  private closed = false;
  private current: ClientSubscription | undefined;
  private readonly stop = new AbortController();

  constructor(
    private readonly options: SubscribeOptions,
    private readonly settings: SubscriptionSettings,
  ) {}

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stop.abort();
    this.settings.onClose();
    if (this.current) {
      await cancel(this.current);
      // A cancelled call may never end the client's stream: ending it here releases the iterator.
      this.current.destroy();
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    const from = this.options.fromPosition;
    let after: Position | undefined = from && from.commit >= 0n ? from : undefined;
    let failures = 0;
    try {
      while (!this.closed) {
        const source = this.settings.open(after);
        this.current = source;
        const guard = this.confirmationGuard(source, () => (failures = 0));
        let failure: unknown;
        try {
          for await (const resolved of source) {
            if (this.closed) return;
            guard.confirmed();
            const e = resolved.event;
            if (!e) continue;
            // EventStoreDB starts a subscription at the position given, inclusively; the port is exclusive.
            if (after && comparePositions(e.position, after) <= 0) continue;
            after = { commit: e.position.commit, prepare: e.position.prepare };
            if (matches(e, this.options.filter, this.settings.namespace)) yield toRecorded(resolved, this.settings.namespace)!;
          }
          // The client ends the iteration when the server completes the call: that is not close().
          failure = new EventStoreUnavailable('EventStoreDB ended the subscription');
        } catch (e) {
          failure = toPortError(e);
        } finally {
          guard.clear();
          await cancel(source);
        }
        if (this.closed) return;
        if (!(failure instanceof EventStoreUnavailable)) throw failure;
        failures++;
        if (failures > this.settings.resubscribe.retries) throw failure;
        await pause(retryDelayMs(this.settings.resubscribe, failures), this.stop.signal);
      }
    } finally {
      await this.close();
    }
  }

  /**
   * A server that accepts the call and never answers would leave the subscriber waiting silently
   * for ever: without a confirmation (or an event) within timeoutMs, the gRPC call is cancelled on
   * the server, not only abandoned here, and the subscription fails (and may be opened again).
   */
  private confirmationGuard(source: ClientSubscription, onConfirmed: () => void) {
    let confirmed = false;
    const confirm = () => {
      if (confirmed) return;
      confirmed = true;
      clearTimeout(timer);
      onConfirmed();
    };
    source.once('confirmation', confirm);
    const timer = setTimeout(() => {
      if (confirmed || this.closed) return;
      void cancel(source);
      source.destroy(new EventStoreUnavailable(`EventStoreDB did not confirm the subscription within ${this.settings.timeoutMs} ms`));
    }, this.settings.timeoutMs);
    timer.unref();
    return { confirmed: confirm, clear: () => clearTimeout(timer) };
  }
}

/** Cancels the gRPC call on the server; the client's unsubscribe waits for a channel that may never come. */
function cancel(source: ClientSubscription): Promise<void> {
  return withTimeout('unsubscribe', source.unsubscribe(), 5_000).catch(() => undefined);
}

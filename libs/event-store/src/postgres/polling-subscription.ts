import { START, type EventFilter, type Position, type RecordedEvent, type Subscription } from '../event-store.port.js';
import type { WakeSignal } from './wake-signal.js';

export interface Page {
  events: RecordedEvent[];
  /** Where the next page starts (past filtered-out events too). */
  next: Position;
  /** The page was full: more is probably waiting, fetch again without sleeping. */
  full: boolean;
}

export type FetchPage = (after: Position, filter: EventFilter | undefined) => Promise<Page>;

export interface PollingOptions {
  minDelayMs: number;
  maxDelayMs: number;
}

/**
 * Catch-up and live are the same loop: fetch the page after the cursor; a full page means
 * "behind", so the next page is fetched while this one is consumed; an empty one means
 * "live", so wait with back-off (min → max, doubling) or until a local append rings.
 */
export class PollingSubscription implements Subscription {
  private closed = false;
  private cancelSleep?: () => void;
  private started = false;

  constructor(
    private readonly fetchPage: FetchPage,
    private readonly signal: WakeSignal,
    private readonly from: Position = START,
    private readonly filter: EventFilter | undefined,
    private readonly polling: PollingOptions,
    private readonly onClose: () => void = () => undefined,
  ) {}

  async close(): Promise<void> {
    this.closed = true;
    this.cancelSleep?.();
    this.onClose();
  }

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    if (this.started) throw new Error('A subscription can be iterated once');
    this.started = true;
    return this.run();
  }

  private async *run(): AsyncGenerator<RecordedEvent> {
    let cursor = this.from;
    let delay = this.polling.minDelayMs;
    let pending: Promise<Page> | undefined;
    try {
      while (!this.closed) {
        let page: Page;
        try {
          page = await (pending ?? this.fetchPage(cursor, this.filter));
        } catch (e) {
          if (this.closed) return; // the store closed its pool under a fetch: a normal end
          throw e;
        }
        pending = undefined;
        if (this.closed) return;
        cursor = page.next;
        if (page.full) {
          pending = this.fetchPage(cursor, this.filter);
          // If the consumer stops early the prefetch must not become an unhandled rejection.
          pending.catch(() => undefined);
        }
        for (const event of page.events) {
          if (this.closed) return;
          yield event;
        }
        if (page.full) continue;
        if (page.events.length > 0) delay = this.polling.minDelayMs;
        const sleep = this.signal.sleep(delay);
        this.cancelSleep = sleep.cancel;
        const rung = await sleep.done;
        this.cancelSleep = undefined;
        delay = rung ? this.polling.minDelayMs : Math.min(delay * 2, this.polling.maxDelayMs);
      }
    } finally {
      this.closed = true;
      this.onClose();
    }
  }
}

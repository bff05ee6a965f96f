import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type JSONType,
} from '@eventstore/db-client';
import {
  assertStorable,
  comparePositions,
  START,
  type AppendResult,
  type EventFilter,
  type EventStore,
  type ExpectedRevision,
  type Lag,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.port.js';
import { EventStoreRequestRefused, isWriteTimeout, toPortError } from './eventstoredb-errors.js';
import { matches, Namespace, serverFilter, toRecorded } from './eventstoredb-records.js';
import { EventStoreDbSubscription, type ClientSubscription } from './eventstoredb-subscription.js';
import { pause, retryDelayMs, type RetryPolicy } from './retry-policy.js';
import { withTimeout } from './with-timeout.js';

export interface EventStoreDbOptions {
  connectionString: string;
  /** Our own limit on every call (default 10 s): the client alone can wait forever. */
  timeoutMs?: number;
  /** Stream-name prefix of this log on a shared server (see Namespace); default: the whole log. */
  namespace?: string;
  /** Sending an append again after the server's write timeout (default: 3 more tries from 100 ms). */
  appendRetry?: RetryPolicy;
  /** Opening a failed or server-ended subscription again (default: 8 more tries from 200 ms up to 5 s). */
  resubscribe?: RetryPolicy;
}

/** The calls the adapter makes; tests stand in for the server at this boundary. */
export type EventStoreDbClientCalls = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

type Readable<T> = AsyncIterable<T> & { cancel?: () => Promise<void>; destroy?: (e?: Error) => void };

const PAGE = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toClientExpectation(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return expected;
}

/** The server answers a non-UUID event id with a bare "invalid argument": say which one, before sending. */
function assertEventIds(stream: string, events: readonly NewEvent[]): void {
  const bad = events.find((e) => !UUID.test(e.id));
  if (bad) throw new EventStoreRequestRefused('bad-request', `Event ${bad.type} for ${stream} has an id that is not a UUID: ${JSON.stringify(bad.id).slice(0, 60)}`);
}

/** One page of a backwards read of the log (see readAllBackwards). */
export interface BackwardsPage {
  /** Matching events, newest first. */
  events: RecordedEvent[];
  /** Where to continue (exclusive), when the read stopped before the start of the log; else undefined. */
  continueBefore: Position | undefined;
}

export class EventStoreDbEventStore implements EventStore {
  private readonly timeoutMs: number;
  private readonly ns: Namespace;
  private readonly appendRetry: RetryPolicy;
  private readonly resubscribe: RetryPolicy;
  private readonly subscriptions = new Set<Subscription>();
  /** The newest log position headPosition() has examined, and our newest event up to it. */
  private head: { examined: Position; ours: Position } | undefined;

  constructor(
    private readonly client: EventStoreDbClientCalls,
    options: Omit<EventStoreDbOptions, 'connectionString'> = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.ns = new Namespace(options.namespace);
    this.appendRetry = options.appendRetry ?? { retries: 3, firstDelayMs: 100, maxDelayMs: 1_000 };
    this.resubscribe = options.resubscribe ?? { retries: 8, firstDelayMs: 200, maxDelayMs: 5_000 };
  }

  static connect(options: EventStoreDbOptions): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(options.connectionString), options);
  }

  /**
   * A write timeout from the server means "maybe written", not "server absent": two concurrent
   * retries of one append (same ids) make the server drop the second until the first is indexed,
   * answering it only with that timeout. The same append is sent again (the server recognises the
   * ids and answers the original's revision); only when the retries run out is it unavailable.
   */
  async append(stream: string, events: readonly NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    assertStorable(stream, events);
    assertEventIds(stream, events);
    const data = events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata }));
    for (let retry = 0; ; retry++) {
      try {
        return await this.appendOnce(stream, data, expected);
      } catch (e) {
        if (!isWriteTimeout(e) || retry >= this.appendRetry.retries) throw toPortError(e, { stream, expected });
      }
      await pause(retryDelayMs(this.appendRetry, retry + 1));
    }
  }

  private async appendOnce(stream: string, data: ReturnType<typeof jsonEvent>[], expected: ExpectedRevision): Promise<AppendResult> {
    const result = await withTimeout(
      `append to ${stream}`,
      this.client.appendToStream(this.ns.stored(stream), data, { expectedRevision: toClientExpectation(expected), deadline: this.timeoutMs }),
      this.timeoutMs,
    );
    if (result.position && result.position.commit >= 0n) {
      return { nextExpectedRevision: result.nextExpectedRevision, position: { commit: result.position.commit, prepare: result.position.prepare } };
    }
    // An idempotent retry may come back without a log position: answer the original event's.
    const [last] = await this.readStream(stream, { direction: 'backwards', fromRevision: result.nextExpectedRevision, maxCount: 1 });
    return { nextExpectedRevision: result.nextExpectedRevision, position: last?.position ?? START };
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    try {
      const read = this.client.readStream(this.ns.stored(stream), {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision ?? (backwards ? END : ESDB_START),
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
        deadline: this.timeoutMs,
      });
      const resolved = await this.collect(`read ${stream}`, read);
      return resolved.map((r) => toRecorded(r, this.ns)).filter((e): e is RecordedEvent => e !== undefined);
    } catch (e) {
      if ((e as { type?: string }).type === ErrorType.STREAM_NOT_FOUND) return [];
      throw toPortError(e, { stream });
    }
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const wanted = options.maxCount ?? Number.POSITIVE_INFINITY;
    const out: RecordedEvent[] = [];
    try {
      for await (const page of this.pagesAfter(options.fromPosition)) {
        for (const resolved of page) {
          if (out.length >= wanted) break;
          if (matches(resolved.event!, options.filter, this.ns)) out.push(toRecorded(resolved, this.ns)!);
        }
        if (out.length >= wanted) break;
      }
      return out;
    } catch (e) {
      throw toPortError(e);
    }
  }

  /**
   * Counted by reading forwards, as positions are byte offsets here. On a server shared by several
   * namespaces the read also stops after examining ten times the cap, and then says `capped`.
   */
  async lagAfter(position: Position, cap: number): Promise<Lag> {
    const maxScan = cap * 10 + PAGE;
    let events = 0;
    let scanned = 0;
    let oldestAt: Date | null = null;
    try {
      for await (const page of this.pagesAfter(position)) {
        for (const { event } of page) {
          if (!matches(event!, undefined, this.ns)) continue;
          if (events === cap) return { events, capped: true, oldestAt };
          events++;
          if (!oldestAt || event!.created < oldestAt) oldestAt = event!.created;
        }
        scanned += page.length;
        if (scanned >= maxScan) return { events, capped: true, oldestAt };
      }
      return { events, capped: false, oldestAt };
    } catch (e) {
      throw toPortError(e);
    }
  }

  /** $all forwards, strictly after `from`, a page at a time: every event of the server (callers keep theirs). */
  private async *pagesAfter(from: Position | undefined): AsyncGenerator<AllStreamResolvedEvent[]> {
    let cursor = from && from.commit >= 0n ? from : undefined;
    for (;;) {
      const read = this.client.readAll({ fromPosition: cursor ?? ESDB_START, maxCount: PAGE, direction: FORWARDS, deadline: this.timeoutMs });
      const page = await this.collect('read $all', read);
      // EventStoreDB reads $all from a position inclusively; the port is exclusive.
      yield page.filter((r) => r.event && !(cursor && comparePositions(r.event.position, cursor) <= 0));
      const last = page[page.length - 1]?.event;
      if (page.length < PAGE || !last) return;
      cursor = { commit: last.position.commit, prepare: last.position.prepare };
    }
  }

  /**
   * EventStoreDB only (the PostgreSQL event browser reads its table with SQL): events strictly
   * before `before` (default: the end), newest first, matching `filter`, at most `maxCount` of them,
   * examining at most `maxScan` events of the log. A newest-first page costs what it shows plus
   * what it skips, never a read of the log from its start.
   */
  async readAllBackwards(options: { before?: Position; maxCount: number; maxScan: number; filter?: EventFilter }): Promise<BackwardsPage> {
    const events: RecordedEvent[] = [];
    let cursor: Position | undefined = options.before;
    let scanned = 0;
    try {
      while (events.length < options.maxCount) {
        if (scanned >= options.maxScan) return { events, continueBefore: cursor };
        const count = Math.min(PAGE, options.maxScan - scanned + 1);
        const read = this.client.readAll({ fromPosition: cursor ?? END, maxCount: count, direction: BACKWARDS, deadline: this.timeoutMs });
        const page = await this.collect('read $all backwards', read);
        for (const resolved of page) {
          const e = resolved.event;
          if (!e) continue;
          // A backwards read from a position includes the event at it; the cursor is exclusive.
          if (cursor && comparePositions(e.position, cursor) >= 0) continue;
          scanned++;
          cursor = { commit: e.position.commit, prepare: e.position.prepare };
          if (matches(e, options.filter, this.ns)) events.push(toRecorded(resolved, this.ns)!);
          if (events.length >= options.maxCount || scanned >= options.maxScan) return { events, continueBefore: cursor };
        }
        if (page.length < count) return { events, continueBefore: undefined };
      }
      return { events, continueBefore: cursor };
    } catch (e) {
      throw toPortError(e);
    }
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription {
    const filter = serverFilter(options.filter, this.ns);
    const sub: EventStoreDbSubscription = new EventStoreDbSubscription(options, {
      open: (after) =>
        this.client.subscribeToAll({ fromPosition: after ? { commit: after.commit, prepare: after.prepare } : ESDB_START, filter }) as unknown as ClientSubscription,
      namespace: this.ns,
      timeoutMs: this.timeoutMs,
      resubscribe: this.resubscribe,
      onClose: () => this.subscriptions.delete(sub),
    });
    this.subscriptions.add(sub);
    return sub;
  }

  /**
   * The newest of our events. The log's newest events may be system events or another
   * namespace's: it pages backwards, but only down to what an earlier call already examined, so
   * a quiet namespace on a busy server costs the events added since, not a read of the whole log.
   */
  async headPosition(): Promise<Position> {
    const known = this.head;
    let cursor: Position | typeof END = END;
    let examined: Position | undefined;
    try {
      for (;;) {
        const read = this.client.readAll({ fromPosition: cursor, direction: BACKWARDS, maxCount: 100, deadline: this.timeoutMs });
        const page = await this.collect('read $all backwards', read);
        for (const resolved of page) {
          const e = resolved.event;
          if (!e) continue;
          examined ??= { commit: e.position.commit, prepare: e.position.prepare };
          if (known && comparePositions(e.position, known.examined) <= 0) return this.remember(examined, known.ours);
          if (matches(e, undefined, this.ns)) return this.remember(examined, { commit: e.position.commit, prepare: e.position.prepare });
        }
        const last = page[page.length - 1]?.event;
        if (page.length < 100 || !last) return examined ? this.remember(examined, START) : START;
        cursor = { commit: last.position.commit, prepare: last.position.prepare };
      }
    } catch (e) {
      throw toPortError(e);
    }
  }

  private remember(examined: Position, ours: Position): Position {
    this.head = { examined, ours };
    return ours;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await withTimeout('dispose', this.client.dispose(), this.timeoutMs).catch(() => undefined);
  }

  private collect<T>(operation: string, read: Readable<T>): Promise<T[]> {
    const all = (async () => {
      const out: T[] = [];
      for await (const item of read) out.push(item);
      return out;
    })();
    return withTimeout(operation, all, this.timeoutMs, () => {
      void read.cancel?.().catch(() => undefined);
      read.destroy?.();
    });
  }
}

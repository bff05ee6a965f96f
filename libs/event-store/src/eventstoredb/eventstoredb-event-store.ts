import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  eventTypeFilter,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type Filter,
  type JSONType,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  assertStorable,
  comparePositions,
  EventStoreUnavailable,
  START,
  type AppendResult,
  type EventFilter,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.port.js';
import { toPortError } from './eventstoredb-errors.js';
import { withTimeout } from './with-timeout.js';

export interface EventStoreDbOptions {
  connectionString: string;
  /** Our own limit on every call (default 10 s): the client alone can wait forever. */
  timeoutMs?: number;
}

type Readable<T> = AsyncIterable<T> & { cancel?: () => Promise<void>; destroy?: (e?: Error) => void };

const PAGE = 1000;

function toClientExpectation(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return expected;
}

/** $-prefixed streams and types are EventStoreDB's own (stream metadata, projections, stats). */
function isSystem(e: { type: string; streamId: string }): boolean {
  return e.type.startsWith('$') || e.streamId.startsWith('$');
}

function matches(e: { type: string; streamId: string }, filter: EventFilter | undefined): boolean {
  if (isSystem(e)) return false;
  if (filter?.eventTypes?.length && !filter.eventTypes.includes(e.type)) return false;
  if (filter?.streamPrefixes?.length && !filter.streamPrefixes.some((p) => e.streamId.startsWith(p))) return false;
  return true;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The narrowest server-side filter; the rest is checked here (the server takes one criterion). */
function serverFilter(filter: EventFilter | undefined): Filter {
  if (filter?.eventTypes?.length) return eventTypeFilter({ regex: `^(?:${filter.eventTypes.map(escapeRegex).join('|')})$` });
  if (filter?.streamPrefixes?.length) return streamNameFilter({ prefixes: [...filter.streamPrefixes] });
  return excludeSystemEvents();
}

function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const e = resolved.event;
  if (!e) return undefined;
  return {
    id: e.id,
    type: e.type,
    stream: e.streamId,
    revision: e.revision,
    position: e.position ? { commit: e.position.commit, prepare: e.position.prepare } : START,
    data: e.isJson ? e.data : JSON.parse(Buffer.from(e.data as Uint8Array).toString('utf8')),
    metadata: (e.metadata ?? {}) as EventMetadata,
    createdAt: e.created,
  };
}

export class EventStoreDbEventStore implements EventStore {
  private readonly timeoutMs: number;
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly client: EventStoreDBClient,
    options: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  static connect(options: EventStoreDbOptions): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(options.connectionString), options);
  }

  async append(stream: string, events: readonly NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    assertStorable(stream, events);
    const data = events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata }));
    try {
      const result = await withTimeout(
        `append to ${stream}`,
        this.client.appendToStream(stream, data, { expectedRevision: toClientExpectation(expected), deadline: this.timeoutMs }),
        this.timeoutMs,
      );
      if (result.position && result.position.commit >= 0n) {
        return { nextExpectedRevision: result.nextExpectedRevision, position: { commit: result.position.commit, prepare: result.position.prepare } };
      }
      // An idempotent retry may come back without a log position: answer the original event's.
      const [last] = await this.readStream(stream, { direction: 'backwards', fromRevision: result.nextExpectedRevision, maxCount: 1 });
      return { nextExpectedRevision: result.nextExpectedRevision, position: last?.position ?? START };
    } catch (e) {
      throw toPortError(e, { stream, expected });
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    try {
      const read = this.client.readStream(stream, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision ?? (backwards ? END : ESDB_START),
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
        deadline: this.timeoutMs,
      });
      const resolved = await this.collect(`read ${stream}`, read);
      return resolved.map(toRecorded).filter((e): e is RecordedEvent => e !== undefined);
    } catch (e) {
      if ((e as { type?: string }).type === ErrorType.STREAM_NOT_FOUND) return [];
      throw toPortError(e, { stream });
    }
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const wanted = options.maxCount ?? Number.POSITIVE_INFINITY;
    const out: RecordedEvent[] = [];
    const from = options.fromPosition;
    let cursor: Position | undefined = from && from.commit >= 0n ? from : undefined;
    try {
      while (out.length < wanted) {
        const read = this.client.readAll({ fromPosition: cursor ?? ESDB_START, maxCount: PAGE, direction: FORWARDS, deadline: this.timeoutMs });
        const page = await this.collect('read $all', read);
        for (const resolved of page) {
          const e = resolved.event;
          if (!e) continue;
          // EventStoreDB reads $all from a position inclusively; the port is exclusive.
          if (cursor && comparePositions(e.position, cursor) <= 0) continue;
          if (from && comparePositions(e.position, from) <= 0) continue;
          if (matches(e, options.filter) && out.length < wanted) out.push(toRecorded(resolved)!);
        }
        const last = page[page.length - 1]?.event;
        if (page.length < PAGE || !last) break;
        cursor = { commit: last.position.commit, prepare: last.position.prepare };
      }
      return out;
    } catch (e) {
      throw toPortError(e);
    }
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription {
    const from = options.fromPosition;
    const start = from && from.commit >= 0n ? { commit: from.commit, prepare: from.prepare } : ESDB_START;
    const source = this.client.subscribeToAll({ fromPosition: start, filter: serverFilter(options.filter) });
    const sub = new EventStoreDbSubscription(source, options, this.timeoutMs, () => this.subscriptions.delete(sub));
    this.subscriptions.add(sub);
    return sub;
  }

  async headPosition(): Promise<Position> {
    let cursor: Position | typeof END = END;
    try {
      // The newest events may be system events: page backwards to the newest of ours.
      for (;;) {
        const read = this.client.readAll({ fromPosition: cursor, direction: BACKWARDS, maxCount: 100, deadline: this.timeoutMs });
        const page = await this.collect('read $all backwards', read);
        for (const resolved of page) {
          const e = resolved.event;
          if (e && !isSystem(e)) return { commit: e.position.commit, prepare: e.position.prepare };
        }
        const last = page[page.length - 1]?.event;
        if (page.length < 100 || !last) return START;
        cursor = { commit: last.position.commit, prepare: last.position.prepare };
      }
    } catch (e) {
      throw toPortError(e);
    }
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

/** Wraps the client's catch-up subscription: maps events, drops system and filtered ones, maps errors. */
class EventStoreDbSubscription implements Subscription {
  private confirmed = false;
  private closed = false;
  private readonly guard: NodeJS.Timeout;

  constructor(
    private readonly source: AllStreamSubscription,
    private readonly options: SubscribeOptions,
    timeoutMs: number,
    private readonly onClose: () => void,
  ) {
    source.once('confirmation', () => (this.confirmed = true));
    // Without this, a server that never answers leaves the subscriber waiting silently forever.
    this.guard = setTimeout(() => {
      if (!this.confirmed && !this.closed) source.destroy(new EventStoreUnavailable(`EventStoreDB did not confirm the subscription within ${timeoutMs} ms`));
    }, timeoutMs);
    this.guard.unref();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.guard);
    this.onClose();
    await withTimeout('unsubscribe', this.source.unsubscribe(), 5_000).catch(() => undefined);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    const from = this.options.fromPosition;
    try {
      for await (const resolved of this.source as AsyncIterable<AllStreamResolvedEvent>) {
        if (this.closed) return;
        this.confirmed = true;
        const e = resolved.event;
        if (!e || !matches(e, this.options.filter)) continue;
        if (from && from.commit >= 0n && comparePositions(e.position, from) <= 0) continue;
        yield toRecorded(resolved)!;
      }
    } catch (e) {
      if (this.closed) return;
      throw toPortError(e);
    } finally {
      await this.close();
    }
  }
}

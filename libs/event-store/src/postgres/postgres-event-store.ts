import pg from 'pg';
import {
  assertStorable,
  START,
  WrongExpectedRevision,
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
import { APPEND_STATEMENTS, appendMode, EXISTING_EVENTS, jsonArrayOf, STREAM_REVISION } from './postgres-append.sql.js';
import {
  HEAD_POSITION,
  OLDEST_OPEN_TRANSACTION_AGE,
  READ_ALL,
  READ_ALL_FILTERED,
  READ_STREAM_BACKWARDS,
  READ_STREAM_FORWARDS,
  type EventRow,
} from './postgres-read.sql.js';
import { migrateEventStoreSchema } from './postgres-schema.migration.js';
import { AppendGroupCommitter } from './append-group-committer.js';
import { StreamReadBatcher } from './stream-read-batcher.js';
import { lagAfterOn } from './postgres-lag.js';
import { PollingSubscription, type Page } from './polling-subscription.js';
import { WakeSignal } from './wake-signal.js';
import { databaseTimeouts, poolTimeoutOptions, type DatabasePurpose } from './pg-timeouts.js';

export interface PostgresEventStoreOptions {
  connectionString: string;
  /** Pool size (default 10). */
  poolSize?: number;
  /**
   * What the pool serves, which sets its statement, query, connection and idle-in-transaction
   * timeouts (pg-timeouts.ts; default 'job': long but bounded; the API asks for 'request').
   */
  purpose?: DatabasePurpose;
  /** A session idle inside a transaction is ended after this (default by purpose): it would stall every reader. */
  idleInTransactionTimeoutMs?: number;
  /** Longest wait for a connection, new or from the pool (default by purpose). */
  connectionTimeoutMs?: number;
  /** Rows per page for readAll and subscription catch-up (default 2,000). */
  pageSize?: number;
  /** Appends in flight at once from this process (default 2); the rest queue and go as one group. */
  appendLanes?: number;
  /** Forward stream reads in flight at once from this process (default 4); the rest queue and go as one statement. */
  readLanes?: number;
  /** Subscription polling back-off when idle (default 5 ms → 200 ms). */
  minPollMs?: number;
  maxPollMs?: number;
}

/** A filtered page row: the event columns, then matched and scanned. */
type FilteredRow = [...EventRow, boolean, number];

interface AppendRow {
  stream_revision: string;
  tx: string;
  global_position: string;
}

interface ExistingRow extends AppendRow {
  event_id: string;
  stream_name: string;
}

/** Named statements are prepared once per pooled connection, then only bound and executed. */
const STATEMENTS = {
  readAll: { name: 'es_read_all', text: READ_ALL, rowMode: 'array' },
  readAllFiltered: { name: 'es_read_all_filtered', text: READ_ALL_FILTERED, rowMode: 'array' },
  head: { name: 'es_head', text: HEAD_POSITION },
  forwards: { name: 'es_read_stream_fwd', text: READ_STREAM_FORWARDS, rowMode: 'array' },
  backwards: { name: 'es_read_stream_bwd', text: READ_STREAM_BACKWARDS, rowMode: 'array' },
} as const;

const MAX_REVISION = 9_223_372_036_854_775_807n;

export function toRecordedEvent(row: EventRow | FilteredRow): RecordedEvent {
  return {
    id: row[2],
    type: row[5],
    stream: row[3],
    revision: BigInt(row[4]),
    position: { commit: BigInt(row[1]), prepare: BigInt(row[0]) },
    data: row[6],
    metadata: row[7],
    createdAt: new Date(row[8]),
  };
}

/** A transaction id is never below 3; START (-1/-1) maps to "before everything". */
function cursorParams(p: Position): [string, string] {
  return p.commit < 0n ? ['0', '-1'] : [p.commit.toString(), p.prepare.toString()];
}

export class PostgresEventStore implements EventStore {
  private readonly signal = new WakeSignal();
  private readonly pageSize: number;
  private readonly subscriptions = new Set<Subscription>();
  private readonly committer: AppendGroupCommitter;
  private readonly reads: StreamReadBatcher;

  private constructor(
    readonly pool: pg.Pool,
    private readonly options: PostgresEventStoreOptions,
  ) {
    this.pageSize = options.pageSize ?? 2000;
    this.committer = new AppendGroupCommitter(
      pool,
      (stream, events, expected) => appendOn(pool, stream, events, expected),
      (stream, events, expected) => explainNoWrite(pool, stream, events.map((e) => e.id), expected),
      () => this.signal.ring(),
      options.appendLanes ?? 2,
    );
    this.reads = new StreamReadBatcher(
      pool,
      async (stream, from, limit) => (await pool.query<EventRow>({ ...STATEMENTS.forwards, values: [stream, from, limit] })).rows,
      options.readLanes ?? 4,
    );
  }

  /** Opens the pool and runs the schema migration (idempotent, under an advisory lock). */
  static async connect(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
    const timeouts = databaseTimeouts(options.purpose ?? 'job');
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.poolSize ?? 10,
      application_name: 'event-store',
      // A server that accepts TCP but never answers (frozen, overloaded), or a pool whose every
      // client is stuck, must fail the caller in bounded time (the API answers 503), not hang it.
      ...poolTimeoutOptions({
        ...timeouts,
        idleInTransactionTimeoutMs: options.idleInTransactionTimeoutMs ?? timeouts.idleInTransactionTimeoutMs,
        connectionTimeoutMs: options.connectionTimeoutMs ?? timeouts.connectionTimeoutMs,
      }),
    });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    // Nor may a checked-out one (pg-pool only listens while a client is idle): the query in
    // flight gets the error, the client is discarded on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    try {
      await migrateEventStoreSchema(pool);
    } catch (e) {
      await pool.end();
      throw e;
    }
    return new PostgresEventStore(pool, options);
  }

  async append(stream: string, events: readonly NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    assertStorable(stream, events);
    if (events.length === 0) return this.appendNothing(stream, expected);
    return this.committer.append(stream, events, expected);
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? MAX_REVISION : 0n);
    const limit = options.maxCount ?? null; // LIMIT NULL = no limit
    const rows = backwards
      ? (await this.pool.query<EventRow>({ ...STATEMENTS.backwards, values: [stream, from.toString(), limit] })).rows
      : await this.reads.read(stream, from.toString(), limit);
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const wanted = options.maxCount ?? Number.POSITIVE_INFINITY;
    const out: RecordedEvent[] = [];
    let cursor = options.fromPosition ?? START;
    while (out.length < wanted) {
      const page = await this.readPage(cursor, options.filter, Math.min(this.pageSize, wanted - out.length));
      out.push(...page.events);
      cursor = page.next;
      if (!page.full) break;
    }
    return out;
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription {
    const prepare = options.preparePage;
    const sub = new PollingSubscription(
      prepare
        ? async (after, filter) => {
            const page = await this.readPage(after, filter, this.pageSize);
            if (page.events.length > 0) await prepare(page.events);
            return page;
          }
        : (after, filter) => this.readPage(after, filter, this.pageSize),
      this.signal,
      options.fromPosition ?? START,
      options.filter,
      { minDelayMs: this.options.minPollMs ?? 5, maxDelayMs: this.options.maxPollMs ?? 200 },
      () => this.subscriptions.delete(sub),
    );
    this.subscriptions.add(sub);
    return sub;
  }

  async headPosition(): Promise<Position> {
    const { rows } = await this.pool.query<{ tx: string; global_position: string }>(STATEMENTS.head);
    return rows.length ? { commit: BigInt(rows[0].tx), prepare: BigInt(rows[0].global_position) } : START;
  }

  lagAfter(position: Position, cap: number): Promise<Lag> {
    return lagAfterOn(this.pool, position, cap);
  }

  /** Seconds the oldest open writing transaction has been running: readers wait behind it. */
  async oldestOpenTransactionAgeSeconds(): Promise<number> {
    const { rows } = await this.pool.query<{ age: number }>(OLDEST_OPEN_TRANSACTION_AGE);
    return rows[0]?.age ?? 0;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.pool.end();
  }

  /** One page of the log after `after`: unfiltered, or a bounded scan with the filter applied in SQL. */
  private async readPage(after: Position, filter: EventFilter | undefined, limit: number): Promise<Page> {
    const [commit, prepare] = cursorParams(after);
    const types = filter?.eventTypes?.length ? [...filter.eventTypes] : null;
    const prefixes = filter?.streamPrefixes?.length ? [...filter.streamPrefixes] : null;
    if (!types && !prefixes) {
      const { rows } = await this.pool.query<EventRow>({ ...STATEMENTS.readAll, values: [commit, prepare, limit] });
      const events = rows.map(toRecordedEvent);
      return { events, next: events.length ? events[events.length - 1].position : after, full: rows.length === limit };
    }
    // A filter may reject most rows: scan a wider window than asked, the cursor moves past it anyway.
    const scan = Math.max(limit, this.pageSize);
    const { rows } = await this.pool.query<FilteredRow>({
      ...STATEMENTS.readAllFiltered,
      values: [commit, prepare, scan, types, prefixes],
    });
    const events: RecordedEvent[] = [];
    let next = after;
    let scanned = 0;
    for (const row of rows) {
      scanned = row[10];
      if (row[9]) {
        if (events.length === limit) break;
        const e = toRecordedEvent(row);
        events.push(e);
        next = e.position;
      } else if (events.length < limit) {
        next = { commit: BigInt(row[1]), prepare: BigInt(row[0]) };
      }
    }
    return { events, next, full: events.length === limit || scanned === scan };
  }

  private async appendNothing(stream: string, expected: ExpectedRevision): Promise<AppendResult> {
    const { rows } = await this.pool.query<{ revision: string }>(STREAM_REVISION, [stream]);
    const actual = rows.length ? BigInt(rows[0].revision) : undefined;
    if (!matchesExpectation(expected, actual)) throw new WrongExpectedRevision(stream, expected, actual);
    const [last] = actual === undefined ? [] : await this.readStream(stream, { direction: 'backwards', maxCount: 1 });
    return { nextExpectedRevision: actual ?? -1n, position: last?.position ?? START };
  }
}

function matchesExpectation(expected: ExpectedRevision, actual: bigint | undefined): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === undefined;
  if (expected === 'stream_exists') return actual !== undefined;
  return actual === expected;
}

/**
 * The append itself, on any queryable (the pool, or a client inside a transaction the caller
 * controls: the contract suite uses that to hold a transaction open; there an id already stored
 * aborts that transaction, as any failed statement does).
 */
export async function appendOn(
  db: pg.Pool | pg.ClientBase,
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  const ids = events.map((e) => e.id);
  const mode = appendMode(expected);
  let values: unknown[];
  let statement: { name: string; text: string };
  if (events.length === 1) {
    const [e] = events;
    statement = APPEND_STATEMENTS[mode].one;
    values = [stream, e.id, e.type, JSON.stringify(e.data ?? null), JSON.stringify(e.metadata)];
  } else {
    statement = APPEND_STATEMENTS[mode].many;
    values = [stream, ids, events.map((e) => e.type), jsonArrayOf(events.map((e) => JSON.stringify(e.data ?? null))), jsonArrayOf(events.map((e) => JSON.stringify(e.metadata)))];
  }
  if (typeof expected === 'bigint') values.push(expected.toString());
  try {
    const { rows } = await db.query<AppendRow>({ ...statement, values });
    if (rows.length) {
      const row = rows[0];
      return {
        nextExpectedRevision: BigInt(row.stream_revision),
        position: { commit: BigInt(row.tx), prepare: BigInt(row.global_position) },
      };
    }
  } catch (e) {
    // An id is already stored (a retry, or a concurrent identical append committed first): the
    // statement wrote nothing; the idempotency check below tells which.
    if (!(e instanceof pg.DatabaseError && e.code === '23505' && e.constraint === 'events_event_id_uidx')) throw e;
  }
  return explainNoWrite(db, stream, ids, expected);
}

/**
 * Nothing was written: either the ids are already stored (an idempotent retry: answer as the
 * first append did) or the expectation failed. Like EventStoreDB, a retry must carry the same
 * events in the same order at the revisions its expectation implies; anything else is a conflict.
 */
async function explainNoWrite(db: pg.Pool | pg.ClientBase, stream: string, ids: string[], expected: ExpectedRevision): Promise<AppendResult> {
  const { rows: existing } = await db.query<ExistingRow>(EXISTING_EVENTS, [ids]);
  if (existing.length === ids.length) {
    const byId = new Map(existing.map((r) => [r.event_id, r]));
    const ordered = ids.map((id) => byId.get(id.toLowerCase()));
    const first = ordered[0] ? BigInt(ordered[0].stream_revision) : -1n;
    const sameRun = ordered.every((r, i) => r && r.stream_name === stream && BigInt(r.stream_revision) === first + BigInt(i));
    const sameExpectation =
      expected === 'any' || expected === 'stream_exists' || (expected === 'no_stream' ? first === 0n : first === expected + 1n);
    if (sameRun && sameExpectation) {
      const last = ordered[ordered.length - 1]!;
      return {
        nextExpectedRevision: BigInt(last.stream_revision),
        position: { commit: BigInt(last.tx), prepare: BigInt(last.global_position) },
      };
    }
  }
  const { rows } = await db.query<{ revision: string }>(STREAM_REVISION, [stream]);
  // Read after the failed statement: a writer may have moved the stream since, never backwards.
  const actual = rows.length ? BigInt(rows[0].revision) : undefined;
  throw new WrongExpectedRevision(stream, expected, actual);
}

import pg from 'pg';
import { createEventStore, eventStoreConfigFromEnv } from '#event-store/create-event-store.js';
import { comparePositions, formatPosition, type EventStore, type Position } from '#event-store/event-store.port.js';
import { runReadModelMigrations } from '#read-models/data-source.js';
import { countStoredEvents, createTestDatabase } from '#platform/testing/test-database.js';
import { testEventStoreEnv } from '#platform/testing/test-event-store.js';
import { listCheckpoints, positionOf } from '#read-models/projector-state/checkpoints.js';
import type { NewEvent } from '#event-store/event-store.port.js';
import type { Projection } from '#read-models/projections/projection.js';
import { ProjectorRunner } from '../runner/runner.js';
import type { AppendUnit } from './shop-event-generator.js';
import { markOfSharedLog } from './shared-log-mark.js';

export interface TestDb {
  url: string;
  pool: pg.Pool;
  /** The tests' event store (see test-event-store.ts): PostgreSQL in this database, or a namespace of the EventStoreDB. */
  store: EventStore;
  /** The same store's settings for a child process (projector, CLI): spread into its env. */
  storeEnv: Record<string, string>;
  /** Events in the log, of these types if given: exact right after the appends were acknowledged. */
  countEvents(types?: readonly string[]): Promise<number>;
  close(): Promise<void>;
}

/** A fresh database with the read-model schemas (and the event store's, on PostgreSQL); real servers. */
export async function createProjectorTestDb(prefix = 'proj'): Promise<TestDb> {
  const db = await createTestDatabase(prefix);
  await runReadModelMigrations(db.url);
  const storeEnv = testEventStoreEnv();
  const store = await createEventStore(eventStoreConfigFromEnv({ ...storeEnv, DATABASE_URL: db.url }));
  const mark = storeEnv.EVENT_STORE === 'eventstoredb' ? await markOfSharedLog(storeEnv) : undefined;
  const pool = new pg.Pool({ connectionString: db.url, max: 20 });
  // an idle connection cut by the database's drop at teardown must not crash the test process
  pool.on('error', () => undefined);
  return {
    url: db.url,
    pool,
    store,
    storeEnv,
    countEvents: async (types) => {
      // PostgreSQL: counted in the table, as readers see only below the snapshot horizon (see countStoredEvents).
      if (storeEnv.EVENT_STORE === 'postgres') {
        if (!types) return countStoredEvents(db.url);
        const { rows } = await pool.query('SELECT count(*)::int AS n FROM event_store.events WHERE event_type = ANY($1)', [types]);
        return rows[0].n;
      }
      return (await store.readAll({ fromPosition: mark, ...(types ? { filter: { eventTypes: types } } : {}) })).length;
    },
    close: async () => {
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}

/**
 * Appends units in order with `concurrency` appends in flight: different streams interleave, but a
 * unit waits for the one before it on its stream (a status change never lands before its order,
 * however long that order's append takes).
 */
export async function appendUnits(store: EventStore, units: Iterable<AppendUnit>, concurrency = 4): Promise<Position | undefined> {
  let last: Position | undefined;
  const inFlight = new Set<Promise<void>>();
  const lastOfStream = new Map<string, Promise<void>>();
  for (const u of units) {
    const before = lastOfStream.get(u.stream) ?? Promise.resolve();
    const p = before.then(() => store.append(u.stream, u.events, { expectedRevision: 'any' })).then((r) => {
      if (!last || comparePositions(r.position, last) > 0) last = r.position;
    });
    const settled = p.catch(() => undefined);
    lastOfStream.set(u.stream, settled);
    const tracked = p.finally(() => {
      inFlight.delete(tracked);
      if (lastOfStream.get(u.stream) === settled) lastOfStream.delete(u.stream);
    });
    inFlight.add(tracked);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return last;
}

/** Waits (polling the checkpoints) until every named live projection reached `target`. */
export async function waitForCheckpoints(pool: pg.Pool, names: readonly string[], target: Position, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const live = (await listCheckpoints(pool, 'live')).filter((c) => names.includes(c.projection));
    const reached = live.filter((c) => comparePositions(positionOf(c), target) >= 0).length;
    if (reached === names.length) return;
    if (Date.now() > deadline) {
      const at = live.map((c) => `${c.projection} ${formatPosition(positionOf(c))} ${c.status}`).join(', ');
      throw new Error(`checkpoints did not reach ${formatPosition(target)}: ${at}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** md5 of each table's rows in a stable order: equal checksums mean equal tables. */
export async function tableChecksums(pool: pg.Pool, schema: string, tables: readonly string[], suffix = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of tables) {
    const { rows } = await pool.query(`SELECT md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS sum, count(*)::int AS n FROM "${schema}"."${t}${suffix}" x`);
    out[t] = `${rows[0].n}:${rows[0].sum}`;
  }
  return out;
}

/** Polls a query until it returns a row (waiting on the projector's own state, never a fixed sleep). */
export async function waitForRow(db: Pick<TestDb, 'pool'>, sql: string, params: unknown[] = [], timeoutMs = 30_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.pool.query(sql, params);
    if (rows.length) return rows[0];
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${sql}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Appends each stream's events in the order given, then starts a runner of `projections` (replica
 * r1, small batches so they see the log in several transactions) and waits until each has caught
 * up with the last append. The caller stops the runner.
 */
export async function projectUnits(db: TestDb, units: ReadonlyArray<[string, NewEvent[]]>, projections: readonly Projection[], batchSize: number): Promise<ProjectorRunner> {
  let last: Position | undefined;
  for (const [stream, events] of units) last = (await db.store.append(stream, events)).position;
  const runner = new ProjectorRunner({ store: db.store, pool: db.pool, databaseUrl: db.url, projections, replicaId: 'r1', batchSize });
  await runner.start();
  await waitForCheckpoints(db.pool, projections.map((p) => p.name), last!);
  return runner;
}

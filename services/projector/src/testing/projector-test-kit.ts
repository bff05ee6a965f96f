import pg from 'pg';
import { PostgresEventStore } from '#event-store/postgres/postgres-event-store.js';
import { comparePositions, formatPosition, type EventStore, type Position } from '#event-store/event-store.port.js';
import { runReadModelMigrations } from '#read-models/data-source.js';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { listCheckpoints, positionOf } from '#read-models/projector-state/checkpoints.js';
import type { AppendUnit } from './shop-event-generator.js';

export interface TestDb {
  url: string;
  pool: pg.Pool;
  store: PostgresEventStore;
  close(): Promise<void>;
}

/** A fresh database with the event store and read-model schemas (real PostgreSQL). */
export async function createProjectorTestDb(prefix = 'proj'): Promise<TestDb> {
  const db = await createTestDatabase(prefix);
  await runReadModelMigrations(db.url);
  const store = await PostgresEventStore.connect({ connectionString: db.url });
  const pool = new pg.Pool({ connectionString: db.url, max: 20 });
  // an idle connection cut by the database's drop at teardown must not crash the test process
  pool.on('error', () => undefined);
  return {
    url: db.url,
    pool,
    store,
    close: async () => {
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}

/** Appends units in order with `concurrency` appends in flight (different streams interleave). */
export async function appendUnits(store: EventStore, units: Iterable<AppendUnit>, concurrency = 4): Promise<Position | undefined> {
  let last: Position | undefined;
  const inFlight = new Set<Promise<void>>();
  for (const u of units) {
    const p = store.append(u.stream, u.events, { expectedRevision: 'any' }).then((r) => {
      if (!last || comparePositions(r.position, last) > 0) last = r.position;
    });
    const tracked = p.finally(() => inFlight.delete(tracked));
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

import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh, empty database on the test server (DATABASE_URL), dropped by drop(). One per suite keeps suites independent. */
export async function createTestDatabase(prefix = 't'): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set: run the suites through jest (its global setup starts PostgreSQL)');
  return createDatabaseOn(base, `${prefix}_${randomBytes(6).toString('hex')}`);
}

/** A new, empty database of this name on the server at serverUrl, and how to drop it again. */
export async function createDatabaseOn(serverUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Events stored by the PostgreSQL event store, counted in its table. "Nothing was appended"
 * checks use this rather than headPosition(): readers see only below the server-wide snapshot
 * horizon, so a transaction open in another suite's database can make the head move later.
 */
export async function countStoredEvents(url: string, options: { exceptTypes?: readonly string[] } = {}): Promise<number> {
  const rows = await queryOnce(url, 'SELECT count(*)::int AS n FROM event_store.events WHERE NOT (event_type = ANY($1::text[]))', [options.exceptTypes ?? []]);
  return rows[0].n;
}

/**
 * The newest event stored in the database, read from the table: the event store's headPosition()
 * answers only below the server-wide snapshot horizon, so right after appends it can name an
 * older event while another suite's transaction is open. A test waits for this one instead.
 */
export async function newestStoredPosition(url: string): Promise<{ commit: bigint; prepare: bigint }> {
  const rows = await queryOnce(url, 'SELECT tx_id::text AS commit, global_position::text AS prepare FROM event_store.events ORDER BY tx_id DESC, global_position DESC LIMIT 1');
  return rows.length ? { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].prepare) } : { commit: -1n, prepare: -1n };
}

/** One query on a connection of its own, closed after: the test's own pools may be busy or closed. */
async function queryOnce(url: string, text: string, values: unknown[] = []): Promise<any[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Waits until readers see every event stored in the database. Readers see only below the
 * server-wide snapshot horizon, which a transaction in another suite's database can hold back
 * for a moment; a test that reads right after appending must wait for this, not sleep.
 */
export async function waitUntilStoredEventsVisible(
  url: string,
  visibleCount: () => Promise<number>,
  timeoutMs = 15_000,
): Promise<number> {
  const stored = await countStoredEvents(url);
  const deadline = Date.now() + timeoutMs;
  for (let pause = 5; ; pause = Math.min(200, pause * 2)) {
    const visible = await visibleCount();
    if (visible >= stored) return visible;
    if (Date.now() > deadline) throw new Error(`only ${visible} of ${stored} stored events became visible within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

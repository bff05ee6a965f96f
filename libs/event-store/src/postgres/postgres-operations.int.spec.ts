import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { createEventStore } from '../create-event-store.js';
import { WrongExpectedRevision, type NewEvent } from '../event-store.port.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { EVENT_STORE_SCHEMA_VERSION } from './postgres-schema.migration.js';

describe('PostgreSQL event store: migration and operations', () => {
  let db: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    db = await createTestDatabase('esops');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('several processes creating the store at once migrate the schema exactly once', async () => {
    const stores = await Promise.all(Array.from({ length: 4 }, () => createEventStore({ kind: 'postgres', connectionString: db.url, poolSize: 2 })));
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT version FROM event_store.schema_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(Array.from({ length: EVENT_STORE_SCHEMA_VERSION }, (_, i) => i + 1));
      const tables = await client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'event_store' ORDER BY 1`);
      expect(tables.rows.map((r) => r.table_name)).toEqual(['events', 'schema_migrations', 'streams']);
    } finally {
      await client.end();
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it('sets idle_in_transaction_session_timeout on its sessions and reports the oldest open transaction age', async () => {
    const store = await PostgresEventStore.connect({ connectionString: db.url, idleInTransactionTimeoutMs: 45_000 });
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      const { rows } = await store.pool.query('SHOW idle_in_transaction_session_timeout');
      expect(rows[0].idle_in_transaction_session_timeout).toBe('45s');
      await holder.query('BEGIN');
      await holder.query('SELECT pg_current_xact_id()');
      await new Promise((r) => setTimeout(r, 1_100));
      expect(await store.oldestOpenTransactionAgeSeconds()).toBeGreaterThanOrEqual(1);
      await holder.query('COMMIT');
      expect(await store.oldestOpenTransactionAgeSeconds()).toBeLessThan(1);
    } finally {
      await holder.end();
      await store.close();
    }
  });
});

describe('PostgreSQL event store: idempotency beyond the contract', () => {
  let db: { url: string; drop: () => Promise<void> };
  let store: PostgresEventStore;
  const event = (): NewEvent => ({
    id: randomUUID(),
    type: 'ThingHappened',
    data: { n: 1 },
    metadata: { correlationId: randomUUID(), actor: { kind: 'system', id: 'test' }, occurredAt: new Date().toISOString() },
  });
  beforeAll(async () => {
    db = await createTestDatabase('esidem');
    store = await PostgresEventStore.connect({ connectionString: db.url });
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('re-appending the same ids with stream_exists is idempotent', async () => {
    await store.append('s-1', [event()], { expectedRevision: 'no_stream' });
    const batch = [event(), event()];
    const first = await store.append('s-1', batch, { expectedRevision: 'stream_exists' });
    const again = await store.append('s-1', batch, { expectedRevision: 'stream_exists' });
    expect(again).toEqual(first);
    expect(await store.readStream('s-1')).toHaveLength(3);
  });

  it('an event id is stored once, ever: a retry at another revision or in another stream is refused', async () => {
    const batch = [event()];
    await store.append('s-2', batch, { expectedRevision: 'no_stream' });
    await store.append('s-2', [event()], { expectedRevision: 0n });
    const atOtherRevision = await store.append('s-2', batch, { expectedRevision: 1n }).catch((e: unknown) => e);
    expect(atOtherRevision).toBeInstanceOf(WrongExpectedRevision);
    expect((atOtherRevision as WrongExpectedRevision).actual).toBe(1n);
    await expect(store.append('s-3', batch, { expectedRevision: 'any' })).rejects.toBeInstanceOf(WrongExpectedRevision);
    expect(await store.readStream('s-2')).toHaveLength(2);
    expect(await store.readStream('s-3')).toEqual([]);
  });
});

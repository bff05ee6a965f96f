import pg from 'pg';
import { eventStoreIdentity, EventStoreMismatch } from '#event-store/event-store-identity.js';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { runReadModelMigrations } from '../data-source.js';
import { claimLiveCheckpoint } from './checkpoints.js';
import { assertEventStoreIdentity } from './event-store-identity.js';

const POSTGRES = eventStoreIdentity({ kind: 'postgres', connectionString: 'postgres://ignored/x' });
const ESDB = eventStoreIdentity({ kind: 'eventstoredb', connectionString: 'esdb://kurrent-1:2113,kurrent-2:2113?tls=false', namespace: 'shop.' });

describe('the event store recorded beside the checkpoints (real PostgreSQL)', () => {
  let db: { url: string; drop: () => Promise<void> };
  let pool: pg.Pool;
  const recorded = async () => (await pool.query(`SELECT kind, hosts, namespace FROM projector.event_store_identity`)).rows;

  beforeEach(async () => {
    db = await createTestDatabase('identity');
    await runReadModelMigrations(db.url);
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
  });
  afterEach(async () => {
    await pool.end();
    await db.drop();
  });

  it('records the first store; another replaces it while no checkpoint has moved (nothing was built from it)', async () => {
    await assertEventStoreIdentity(pool, POSTGRES);
    expect(await recorded()).toEqual([{ kind: 'postgres', hosts: [], namespace: '' }]);
    await claimLiveCheckpoint(pool, 'posters', 1, 'r1'); // claimed at the start of the log, not moved
    await assertEventStoreIdentity(pool, ESDB);
    expect(await recorded()).toEqual([{ kind: 'eventstoredb', hosts: ['kurrent-1:2113', 'kurrent-2:2113'], namespace: 'shop.' }]);
  });

  it('refuses another store once a checkpoint holds a position of the recorded one, and accepts the recorded one', async () => {
    await assertEventStoreIdentity(pool, POSTGRES);
    await claimLiveCheckpoint(pool, 'posters', 1, 'r1');
    await pool.query(`UPDATE projector.checkpoints SET commit_position = 900, prepare_position = 17 WHERE projection = 'posters'`);
    const refused = await assertEventStoreIdentity(pool, ESDB).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EventStoreMismatch);
    expect((refused as Error).message).toMatch(/^This database's read models were built from the PostgreSQL event store in this database; EVENT_STORE=eventstoredb points elsewhere/);
    expect(await recorded()).toEqual([{ kind: 'postgres', hosts: [], namespace: '' }]);
    await expect(assertEventStoreIdentity(pool, POSTGRES)).resolves.toBeUndefined();
  });

  it('two processes starting at once on a fresh database record one row and both start', async () => {
    await Promise.all([assertEventStoreIdentity(pool, ESDB), assertEventStoreIdentity(pool, ESDB)]);
    expect(await recorded()).toHaveLength(1);
  });
});

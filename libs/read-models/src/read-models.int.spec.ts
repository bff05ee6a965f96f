import { createTestDatabase } from '#platform/testing/test-database.js';
import { createReadDataSource, runReadModelMigrations } from './data-source.js';
import { READ_MODEL_ENTITIES } from './entities.js';
import { waitForPosition } from './wait-for-position.js';

describe('read-model migrations and entities', () => {
  let db: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    db = await createTestDatabase('rm');
    await runReadModelMigrations(db.url);
    await runReadModelMigrations(db.url); // a second boot finds nothing to do
  });
  afterAll(() => db.drop());

  it('every entity maps onto its migrated table (each column selectable)', async () => {
    const ds = createReadDataSource(db.url);
    await ds.initialize();
    try {
      for (const entity of READ_MODEL_ENTITIES) {
        const rows = await ds.getRepository(entity).find({ take: 1 });
        expect(rows).toEqual([]);
      }
      const orders = await ds.getRepository('OrderEntity').find({ relations: { items: true } });
      expect(orders).toEqual([]);
    } finally {
      await ds.destroy();
    }
  });

  it('waitForPosition answers true once every named checkpoint reached the position, false after the timeout', async () => {
    const ds = createReadDataSource(db.url);
    await ds.initialize();
    try {
      await ds.query(`INSERT INTO projector.checkpoints (projection, slot, version, commit_position, prepare_position, status)
        VALUES ('orders', 'live', 1, 10, 5, 'running'), ('customers', 'live', 1, 9, 99, 'running')`);
      expect(await waitForPosition(ds, { commit: 9n, prepare: 7n }, ['orders', 'customers'], { timeoutMs: 100 })).toBe(true);
      expect(await waitForPosition(ds, { commit: 10n, prepare: 5n }, ['orders', 'customers'], { timeoutMs: 100 })).toBe(false);
      setTimeout(() => void ds.query(`UPDATE projector.checkpoints SET commit_position = 11 WHERE projection = 'customers'`), 50);
      expect(await waitForPosition(ds, { commit: 10n, prepare: 5n }, ['orders', 'customers'], { timeoutMs: 2000 })).toBe(true);

      // A failed projection holds a strict wait to its timeout; a read after a write does not wait on it.
      await ds.query(`UPDATE projector.checkpoints SET status = 'failed' WHERE projection = 'orders'`);
      expect(await waitForPosition(ds, { commit: 12n, prepare: 0n }, ['orders'], { timeoutMs: 100 })).toBe(false);
      const started = Date.now();
      expect(await waitForPosition(ds, { commit: 12n, prepare: 0n }, ['orders'], { timeoutMs: 60_000, failedCountsAsReached: true })).toBe(true);
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await ds.destroy();
    }
  });
});

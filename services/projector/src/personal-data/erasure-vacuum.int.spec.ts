/**
 * The vacuum after an erasure: it removes the dead versions of the rewritten rows from the table
 * and its indexes (a trigram index included) once no older snapshot holds them, tries again with
 * back-off while one does (a backup's REPEATABLE READ transaction here), and gives up after its
 * bound, leaving a warning.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { scanRelationFiles } from '#platform/testing/relation-files.js';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { until } from '#platform/testing/until.js';
import type { RunnerLogger } from '../runner/runner-logger.js';
import { ErasureVacuum, xidAtOrAfter } from './erasure-vacuum.js';

const SECRETS = ['Zumurruda', 'Qadrawi', '01012345678', 'Sheikh Rihan'];

function recordingLogger(): RunnerLogger & { said: string[] } {
  const said: string[] = [];
  return { said, info: (_o, m) => said.push(`info ${m}`), warn: (_o, m) => said.push(`warn ${m}`), error: (_o, m) => said.push(`error ${m}`) };
}

describe('ErasureVacuum', () => {
  let db: { url: string; drop: () => Promise<void> };
  let pool: pg.Pool;

  beforeAll(async () => {
    db = await createTestDatabase('erasure_vacuum');
    pool = new pg.Pool({ connectionString: db.url, max: 3 });
    await pool.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  /** A small read model with the shopper in it, then the erasure's rewrite of her row. */
  async function erasedTable(name: string): Promise<string> {
    await pool.query(`CREATE TABLE ${name} (id int PRIMARY KEY, name text NOT NULL, phone text NOT NULL, street text NOT NULL, search_text text NOT NULL)`);
    await pool.query(`CREATE INDEX ${name}_search ON ${name} USING gin (search_text gin_trgm_ops)`);
    await pool.query(`CREATE INDEX ${name}_phone ON ${name} (phone)`);
    for (const [id, who, phone, street] of [[1, 'Karim Adel', '01112345678', '3 Corniche Rd'], [2, 'Zumurruda Qadrawi', '01012345678', '31 Sheikh Rihan Street'], [3, 'Salma Fathy', '01212345678', '40 Nile St']] as const) {
      await pool.query(`INSERT INTO ${name} VALUES ($1, $2, $3, $4, lower($2 || ' ' || $3 || ' ' || $4))`, [id, who, phone, street]);
    }
    return name;
  }
  const erase = (table: string) => pool.query(`UPDATE ${table} SET name = '[erased]', phone = '[erased]', street = '[erased]', search_text = '[erased]' WHERE id = 2`);
  const inPages = async (table: string) => (await scanRelationFiles(db.url, SECRETS)).filter((f) => f.relation.startsWith(table)).map((f) => f.relation);

  it('waits while an older snapshot holds the dead rows, then leaves none in the table or its indexes', async () => {
    const table = await erasedTable('erased_held');
    const backup = new pg.Client({ connectionString: db.url });
    await backup.connect();
    try {
      await backup.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await backup.query(`SELECT count(*) FROM ${table}`);
      await erase(table);
      const log = recordingLogger();
      const vacuum = new ErasureVacuum(pool, log, { baseMs: 20, maxDelayMs: 100, giveUpMs: 120_000 });
      vacuum.request([`public.${table}`]);
      await until('the vacuum sees the older snapshot', async () => log.said.some((m) => m.includes('holds the rows an erasure replaced')) || undefined, { timeoutMs: 20_000 });
      // Still there: the backup's snapshot may read them.
      expect(await inPages(table)).toEqual(expect.arrayContaining([table]));
      await backup.query('COMMIT');
      await vacuum.idle();
      expect(log.said.at(-1)).toBe('info vacuumed after an erasure: no dead row of the erased is left in the tables or their indexes');
      expect(await inPages(table)).toEqual([]);
      // The same scan finds who was not erased, in the table and the index of phones.
      expect((await scanRelationFiles(db.url, ['01212345678'])).map((f) => f.relation)).toEqual(expect.arrayContaining([table, `${table}_phone`]));
    } finally {
      await backup.end();
    }
  }, 60_000);

  it('gives up after its bound while the snapshot stays, and says so', async () => {
    const table = await erasedTable('erased_stuck');
    const backup = new pg.Client({ connectionString: db.url });
    await backup.connect();
    try {
      await backup.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await backup.query(`SELECT count(*) FROM ${table}`);
      await erase(table);
      const log = recordingLogger();
      const vacuum = new ErasureVacuum(pool, log, { baseMs: 20, maxDelayMs: 40, giveUpMs: 300 });
      vacuum.request([`public.${table}`]);
      await vacuum.idle();
      expect(log.said.at(-1)).toBe('warn an older snapshot (a backup, export or replay) still holds the rows an erasure replaced: left to autovacuum');
    } finally {
      await backup.query('ROLLBACK');
      await backup.end();
    }
  }, 60_000);

  it('orders transaction ids as PostgreSQL does, across wrap-around', () => {
    expect([xidAtOrAfter(10, 10), xidAtOrAfter(11, 10), xidAtOrAfter(9, 10)]).toEqual([true, true, false]);
    expect([xidAtOrAfter(5, 4_294_967_290), xidAtOrAfter(4_294_967_290, 5)]).toEqual([true, false]);
  });
});

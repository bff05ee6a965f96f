/**
 * Against a PostgreSQL of its own, frozen (SIGSTOP): a query past query_timeout fails its caller
 * and takes its connection out of the pool, so the next caller does not queue behind the stuck
 * query (which would double its wait); the pool works again after the thaw.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
// @ts-expect-error: plain-Node launcher module without type declarations
import { startPostgres } from '../../../platform/bin/local-servers.mjs';
import { freezePostgres, type FrozenPostgres } from '#platform/testing/freeze-postgres.js';
import { createReadDataSource } from '#read-models/data-source.js';
import { poolTimeoutOptions, QUERY_READ_TIMEOUT } from './pg-timeouts.js';

const TIMEOUTS = { statementTimeoutMs: 300, queryTimeoutMs: 500, connectionTimeoutMs: 500, idleInTransactionTimeoutMs: 5_000 };
/** Far above every timeout configured here: only a wait on the frozen server misses it. */
const BOUND_MS = 3_000;

async function failure(run: () => Promise<unknown>): Promise<{ message: string; ms: number }> {
  const started = Date.now();
  try {
    await run();
    return { message: 'answered', ms: Date.now() - started };
  } catch (e) {
    return { message: (e as Error).message, ms: Date.now() - started };
  }
}

describe('pools with query timeouts on a frozen PostgreSQL', () => {
  let root: string;
  let server: { url: string; stop: () => Promise<void> };
  let frozen: FrozenPostgres | undefined;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'pg-frozen-'));
    chmodSync(root, 0o755); // as root, PostgreSQL runs as the postgres user
    server = await startPostgres({ dir: path.join(root, 'postgres'), database: 'frozen', durable: false });
  }, 60_000);

  afterAll(async () => {
    frozen?.thaw();
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('drops a pg pool client whose query timed out, and fails the next caller within the bound', async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 1, ...poolTimeoutOptions(TIMEOUTS) });
    pool.on('error', () => undefined);
    try {
      await pool.query('SELECT 1');
      expect(pool.totalCount).toBe(1);
      frozen = freezePostgres(path.join(root, 'postgres'));
      const first = await failure(() => pool.query('SELECT 1'));
      expect(first.message).toBe(QUERY_READ_TIMEOUT);
      expect(pool.totalCount).toBe(0);
      // A checked-out client too (how the event store's transactions use it).
      const second = await failure(async () => {
        const client = await pool.connect();
        try {
          await client.query('SELECT 1');
        } finally {
          client.release();
        }
      });
      expect(second.message).toMatch(/timeout/);
      expect([first.ms, second.ms].every((ms) => ms < BOUND_MS)).toBe(true);
      frozen.thaw();
      expect((await pool.query('SELECT 2 AS n')).rows).toEqual([{ n: 2 }]);
    } finally {
      frozen?.thaw();
      await pool.end();
    }
  });

  it('drops a TypeORM client whose query timed out, though TypeORM releases it without the error', async () => {
    process.env.DB_STATEMENT_TIMEOUT_MS = '300';
    process.env.DB_CONNECT_TIMEOUT_MS = '500';
    const ds = await createReadDataSource(server.url, { poolSize: 1 }).initialize();
    delete process.env.DB_STATEMENT_TIMEOUT_MS;
    delete process.env.DB_CONNECT_TIMEOUT_MS;
    const pool = (ds.driver as unknown as { master: pg.Pool }).master;
    try {
      await ds.query('SELECT 1');
      frozen = freezePostgres(path.join(root, 'postgres'));
      const first = await failure(() => ds.query('SELECT 1'));
      expect(first.message).toContain(QUERY_READ_TIMEOUT);
      expect(pool.totalCount).toBe(0);
      const second = await failure(() => ds.query('SELECT 1'));
      expect(second.message).toMatch(/timeout/);
      expect([first.ms, second.ms].every((ms) => ms < BOUND_MS)).toBe(true);
      frozen.thaw();
      expect(await ds.query('SELECT 3 AS n')).toEqual([{ n: 3 }]);
    } finally {
      frozen?.thaw();
      await ds.destroy();
    }
  });
});

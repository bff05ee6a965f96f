import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { metadata, payload, type BenchStore } from './bench-stores.js';

/**
 * The physical limit a store is measured against: one INSERT per event in autocommit (the
 * INSERT and its COMMIT in one round trip, fsync as the server has it), into a table with the
 * same columns, defaults and unique indexes as our event table, nothing else. It is driven
 * through the same `pg` driver with a pool of the same size as our store, with the same events,
 * so what separates the two lines is what the store does beyond that INSERT.
 *
 * `ofStoreDatabase` must already hold `event_store.events` (our store's migration ran there):
 * the table is created LIKE it, so it cannot drift from the real schema.
 */
export async function bareInsertLimit(ofStoreDatabase: string, poolSize: number): Promise<Pick<BenchStore, 'name' | 'append' | 'close'>> {
  const pool = new pg.Pool({ connectionString: ofStoreDatabase, max: poolSize });
  pool.on('error', () => undefined); // its database is dropped (FORCE) at the end of the run
  await pool.query(`
    CREATE SCHEMA IF NOT EXISTS bare_limit;
    CREATE TABLE IF NOT EXISTS bare_limit.events (LIKE event_store.events INCLUDING ALL)`);
  const insert = {
    name: 'bare_limit_insert',
    text: `INSERT INTO bare_limit.events (event_id, stream_name, stream_revision, event_type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)`,
  };
  return {
    name: 'limit',
    async append(stream, count, expected) {
      const first = expected === 'new' ? 0n : expected + 1n;
      for (let i = 0; i < count; i++) {
        const values = [randomUUID(), stream, (first + BigInt(i)).toString(), 'ItemAddedToCart', JSON.stringify(payload(i)), JSON.stringify(metadata())];
        await pool.query({ ...insert, values });
      }
    },
    close: () => pool.end(),
  };
}

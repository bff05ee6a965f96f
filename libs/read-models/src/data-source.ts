import 'reflect-metadata';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { READ_MODEL_ENTITIES } from './entities.js';
import { READ_MODEL_MIGRATIONS } from './migrations/index.js';
import { databaseTimeouts, poolTimeoutOptions, type DatabasePurpose } from '#event-store/postgres/pg-timeouts.js';

/** A DataSource over the read models (never synchronize: the migrations own the schema). */
export function createReadDataSource(url: string, options: { poolSize?: number; purpose?: DatabasePurpose } = {}): DataSource {
  const timeouts = databaseTimeouts(options.purpose ?? 'request');
  return new DataSource({
    type: 'postgres',
    url,
    entities: READ_MODEL_ENTITIES,
    migrations: READ_MODEL_MIGRATIONS,
    migrationsTableName: 'read_model_migrations',
    synchronize: false,
    migrationsRun: false,
    poolSize: options.poolSize ?? 10,
    // Bounded waits for a connection and for every statement (pg-timeouts.ts): a frozen database
    // fails the request (503) instead of holding it open.
    connectTimeoutMS: timeouts.connectionTimeoutMs,
    // pg reads the URL itself, as every other pool of the shop does: TypeORM's own parse drops
    // the query, and with it `host=` naming a Unix socket directory (the embedded server's).
    extra: { ...poolTimeoutOptions(timeouts), connectionString: url },
    logging: false,
  });
}

/** Both the api and the projector call this on boot; the advisory lock serialises them. */
const MIGRATION_LOCK: [number, number] = [4242, 1];

export async function runReadModelMigrations(url: string): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    // Up to date: nothing to lock or create. The shop's services connect as roles that may not
    // change the schema (docs/adr/006): the owner role migrated before they started.
    if (await allApplied(lock)) return;
    await lock.query('SELECT pg_advisory_lock($1, $2)', MIGRATION_LOCK);
    const ds = createReadDataSource(url, { poolSize: 2, purpose: 'job' });
    await ds.initialize();
    try {
      await ds.runMigrations({ transaction: 'each' });
    } finally {
      await ds.destroy();
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1, $2)', MIGRATION_LOCK).catch(() => undefined);
    await lock.end();
  }
}

async function allApplied(client: pg.Client): Promise<boolean> {
  try {
    const { rows } = await client.query<{ name: string }>('SELECT name FROM read_model_migrations');
    const applied = new Set(rows.map((r) => r.name));
    return READ_MODEL_MIGRATIONS.every((M) => applied.has(new M().name));
  } catch (e) {
    if ((e as { code?: string }).code === '42P01') return false; // never migrated
    throw e;
  }
}

import type pg from 'pg';

/** One shipped step of a schema. Append-only: never edit a shipped entry, add the next version. */
export interface SchemaMigration {
  version: number;
  name: string;
  sql: string;
}

export interface VersionedSchema {
  /** The schema that holds the tables and its own `schema_migrations` bookkeeping. */
  schema: string;
  /** Arbitrary constant, one per schema: the advisory-lock key its migrations run under. */
  lockKey: bigint;
  migrations: readonly SchemaMigration[];
  /**
   * A role that may read the schema's tables but not its bookkeeping (permission denied) counts as
   * up to date: only a schema whose owner role migrates before the readers start may say so.
   */
  deniedBookkeepingMeansCurrent?: boolean;
}

export function latestVersion(migrations: readonly SchemaMigration[]): number {
  return migrations[migrations.length - 1].version;
}

/**
 * Up to date: nothing done, no lock taken (the services' roles may not change the schema; its
 * owner role migrated before they started). Otherwise each pending migration runs in its own
 * transaction, all under one advisory lock, so several processes starting at once migrate once.
 */
export async function migrateSchema(pool: pg.Pool, target: VersionedSchema): Promise<void> {
  const schema = identifier(target.schema);
  const client = await pool.connect();
  try {
    if (await isCurrent(client, target)) return;
    await client.query('SELECT pg_advisory_lock($1)', [target.lockKey.toString()]);
    try {
      await client.query(`
        CREATE SCHEMA IF NOT EXISTS ${schema};
        CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
          version    integer PRIMARY KEY,
          name       text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`);
      const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${schema}.schema_migrations`);
      const applied = new Set(rows.map((r) => r.version));
      for (const m of target.migrations) {
        if (applied.has(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query(`INSERT INTO ${schema}.schema_migrations (version, name) VALUES ($1, $2)`, [m.version, m.name]);
          await client.query('COMMIT');
        } catch (e) {
          await client.query('ROLLBACK');
          throw e;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [target.lockKey.toString()]);
    }
  } finally {
    client.release();
  }
}

async function isCurrent(client: pg.PoolClient, target: VersionedSchema): Promise<boolean> {
  try {
    const { rows } = await client.query<{ v: number }>(
      `SELECT coalesce(max(version), 0) AS v FROM ${identifier(target.schema)}.schema_migrations`,
    );
    return rows[0].v >= latestVersion(target.migrations);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return false; // no table or schema yet
    if (code === '42501' && target.deniedBookkeepingMeansCurrent) return true;
    throw e;
  }
}

/** The schema name goes into SQL text: only a plain lower-case identifier is accepted. */
function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain schema name: ${name}`);
  return name;
}

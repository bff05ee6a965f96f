import type pg from 'pg';

/**
 * The key store: schema `keystore`, apart from the log (docs/adr/012). It holds each data subject's
 * AES-256-GCM key, the lookups that find a subject from a keyed hash of their phone or e-mail,
 * and the secret of that hash. Versioned like the event store's schema: never edit a shipped
 * entry, add the next one.
 */
const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'subjects, keys and lookups',
    sql: `
      -- The secret of the lookup hash (HMAC-SHA-256): without it a phone cannot be tried against the lookups.
      CREATE TABLE keystore.secrets (
        name       text PRIMARY KEY,
        secret     bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- One row per person. Destroying the key (deleting the row) erases every event encrypted under it.
      CREATE TABLE keystore.subjects (
        subject_id uuid PRIMARY KEY,
        data_key   bytea NOT NULL CHECK (octet_length(data_key) = 32),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- HMAC(secret, kind || ':' || normalised phone or e-mail) → subject; gone with the subject.
      CREATE TABLE keystore.lookups (
        lookup     bytea PRIMARY KEY,
        subject_id uuid NOT NULL REFERENCES keystore.subjects (subject_id) ON DELETE CASCADE,
        kind       text NOT NULL CHECK (kind IN ('phone', 'email'))
      );
      CREATE INDEX lookups_subject_idx ON keystore.lookups (subject_id);
    `,
  },
];

export const KEY_STORE_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
/** Arbitrary constant: the advisory-lock key of this schema's migrations. */
const MIGRATION_LOCK_KEY = 7_311_402_551_011n;

/**
 * Up to date: nothing done (the services' roles cannot change the schema; the key store's own
 * role migrated before they started). Otherwise migrates under an advisory lock.
 */
export async function migrateKeyStoreSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    if (await isCurrent(client)) return;
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await client.query(`
        CREATE SCHEMA IF NOT EXISTS keystore;
        CREATE TABLE IF NOT EXISTS keystore.schema_migrations (
          version    integer PRIMARY KEY,
          name       text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`);
      const { rows } = await client.query<{ version: number }>('SELECT version FROM keystore.schema_migrations');
      const applied = new Set(rows.map((r) => r.version));
      for (const m of MIGRATIONS) {
        if (applied.has(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO keystore.schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
          await client.query('COMMIT');
        } catch (e) {
          await client.query('ROLLBACK');
          throw e;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}

async function isCurrent(client: pg.PoolClient): Promise<boolean> {
  try {
    const { rows } = await client.query<{ v: number }>('SELECT coalesce(max(version), 0) AS v FROM keystore.schema_migrations');
    return rows[0].v >= KEY_STORE_SCHEMA_VERSION;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return false; // no table or schema yet
    // The projector's role may read keys but not the bookkeeping: the key store's role migrated it.
    if (code === '42501') return true;
    throw e;
  }
}

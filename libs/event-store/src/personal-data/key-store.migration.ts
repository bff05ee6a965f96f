import type pg from 'pg';
import { latestVersion, migrateSchema, type SchemaMigration } from '../postgres/schema-migrations.js';

/**
 * The key store: schema `keystore`, apart from the log (docs/adr/012). It holds each data subject's
 * AES-256-GCM key, the lookups that find a subject from a keyed hash of their phone or e-mail,
 * and the secret of that hash. Versioned like the event store's schema: never edit a shipped
 * entry, add the next one.
 */
/** The name of the lookup hash's secret in keystore.secrets. */
export const LOOKUP_SECRET = 'subject-lookup';

const MIGRATIONS: readonly SchemaMigration[] = [
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
  {
    version: 2,
    name: 'the lookup secret, made here once',
    // Made by the schema's owner, so the services only ever read it: a process that may not write
    // here (the projector's key reader) never has to. 32 bytes from two gen_random_uuid() (the
    // server's strong random source, 244 random bits) hashed together. A store where a service
    // already made it keeps it: every lookup filed so far depends on it.
    sql: `
      INSERT INTO keystore.secrets (name, secret)
      VALUES ('${LOOKUP_SECRET}', sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')))
      ON CONFLICT (name) DO NOTHING;
    `,
  },
];

export const KEY_STORE_SCHEMA_VERSION = latestVersion(MIGRATIONS);

/** The key store's own role migrates it; the projector's role may read keys but not the bookkeeping. */
export async function migrateKeyStoreSchema(pool: pg.Pool): Promise<void> {
  await migrateSchema(pool, {
    schema: 'keystore',
    lockKey: 7_311_402_551_011n,
    migrations: MIGRATIONS,
    deniedBookkeepingMeansCurrent: true,
  });
}

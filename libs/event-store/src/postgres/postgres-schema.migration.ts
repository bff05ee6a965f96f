import type pg from 'pg';

/**
 * Versioned migrations of the `event_store` schema. Append-only: never edit a shipped entry,
 * add the next version. Each runs in its own transaction, all under one advisory lock, so
 * several processes starting at once (api, projector replicas) migrate exactly once.
 */
interface Migration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'events and streams',
    sql: `
      -- One row per stream: its last revision. Appends lock this row, which serialises writers
      -- of one stream and gives the expected-revision check without reading the events.
      CREATE TABLE event_store.streams (
        stream_name text PRIMARY KEY,
        revision    bigint NOT NULL
      );

      CREATE TABLE event_store.events (
        -- Order of insertion; unique, but NOT the commit order (see docs/adr/001).
        global_position bigint GENERATED ALWAYS AS IDENTITY,
        -- The writing transaction: readers stay below pg_snapshot_xmin, so nothing can commit
        -- behind their cursor (tx_id, global_position).
        tx_id           xid8   NOT NULL DEFAULT pg_current_xact_id(),
        event_id        uuid   NOT NULL,
        stream_name     text   NOT NULL,
        stream_revision bigint NOT NULL,
        event_type      text   NOT NULL,
        -- json, not jsonb: stored and returned as written (like EventStoreDB's bytes), and no
        -- binary conversion on the write and drain hot paths.
        data            json   NOT NULL,
        metadata        json   NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        -- The global cursor: ordering, filtering and checkpoints all use this one key.
        CONSTRAINT events_pkey PRIMARY KEY (tx_id, global_position)
      );
      CREATE UNIQUE INDEX events_stream_revision_uidx ON event_store.events (stream_name, stream_revision);
      -- Idempotent appends: the same event id is never stored twice.
      CREATE UNIQUE INDEX events_event_id_uidx ON event_store.events (event_id);
    `,
  },
  {
    version: 2,
    name: 'event browser indexes',
    sql: `
      -- The event browser (postgres-event-log.ts) filters by correlation id and by recorded time:
      -- without these it walks the log from its end until a page fills, which over a million
      -- events takes seconds for a rare correlation id or an old time window.
      -- On a prefix: a correlation id is whatever metadata a caller wrote, and a btree entry over
      -- ~2.7 kB would refuse the append (the log must take any event its projections can apply).
      CREATE INDEX events_correlation_id_idx ON event_store.events ((left(metadata->>'correlationId', 200)));
      CREATE INDEX events_created_at_idx ON event_store.events (created_at);
    `,
  },
  {
    version: 3,
    name: 'events are append-only',
    sql: `
      -- The log is never rewritten (ADR 006). The shop's roles lack UPDATE, DELETE and TRUNCATE on
      -- events anyway (docs/adr/006); this refuses them for every role that has them, the owner
      -- included, except shop_maintenance, which only explicit maintenance commands connect as
      -- (personal-data erasure). A superuser can still disable the trigger: deliberately, not by accident.
      CREATE FUNCTION event_store.refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_user <> 'shop_maintenance' THEN
          RAISE EXCEPTION 'event_store.events is append-only: % refused for role %', TG_OP, current_user
            USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON event_store.events
        FOR EACH ROW EXECUTE FUNCTION event_store.refuse_rewrite();
      CREATE TRIGGER events_never_truncated BEFORE TRUNCATE ON event_store.events
        FOR EACH STATEMENT EXECUTE FUNCTION event_store.refuse_rewrite();
    `,
  },
];

/** Arbitrary constant: the advisory-lock key of this schema's migrations. */
const MIGRATION_LOCK_KEY = 7_311_402_551_001n;

export async function migrateEventStoreSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // Up to date: nothing to take a lock for. The shop's services connect as roles that may not
    // change the schema (docs/adr/006): the owner role migrated before they started.
    if (await isCurrent(client)) return;
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await client.query(`
        CREATE SCHEMA IF NOT EXISTS event_store;
        CREATE TABLE IF NOT EXISTS event_store.schema_migrations (
          version    integer PRIMARY KEY,
          name       text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`);
      const { rows } = await client.query<{ version: number }>('SELECT version FROM event_store.schema_migrations');
      const applied = new Set(rows.map((r) => r.version));
      for (const m of MIGRATIONS) {
        if (applied.has(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO event_store.schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
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

export const EVENT_STORE_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

async function isCurrent(client: pg.PoolClient): Promise<boolean> {
  try {
    const { rows } = await client.query<{ v: number }>('SELECT coalesce(max(version), 0) AS v FROM event_store.schema_migrations');
    return rows[0].v >= EVENT_STORE_SCHEMA_VERSION;
  } catch (e) {
    if ((e as { code?: string }).code === '42P01' || (e as { code?: string }).code === '3F000') return false; // no table or schema yet
    throw e;
  }
}

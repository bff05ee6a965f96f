import type pg from 'pg';
import { latestVersion, migrateSchema, type SchemaMigration } from './schema-migrations.js';

/**
 * Versioned migrations of the `event_store` schema. Append-only: never edit a shipped entry,
 * add the next version. Each runs in its own transaction, all under one advisory lock, so
 * several processes starting at once (api, projector replicas) migrate exactly once.
 */
const MIGRATIONS: readonly SchemaMigration[] = [
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

export const EVENT_STORE_SCHEMA_VERSION = latestVersion(MIGRATIONS);

export async function migrateEventStoreSchema(pool: pg.Pool): Promise<void> {
  await migrateSchema(pool, { schema: 'event_store', lockKey: 7_311_402_551_001n, migrations: MIGRATIONS });
}

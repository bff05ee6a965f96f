/**
 * One SQL statement per expectation mode: an append is one round trip in autocommit, so the
 * transaction lives only as long as the statement (no BEGIN/COMMIT, no plpgsql).
 *
 * `head` moves the stream's revision (locking its row, which serialises writers of one stream;
 * a loser re-checks the latest row version under READ COMMITTED and matches nothing). Zero rows
 * back means "no write"; the caller reads why in a second query.
 *
 * No probe for ids already stored: the unique index on event_id refuses them, and the refusal
 * undoes the whole statement (the stream's revision included), so the caller gets the same
 * "no write" and the same idempotency check. A probe would cost a lone writer an index search
 * per append for the rare retry, and its cached plan, made while the log was still small,
 * scanned the whole log on every append as it grew.
 */
import type { ExpectedRevision } from '../event-store.port.js';

export type AppendMode = Exclude<ExpectedRevision, bigint> | 'exact';
export const appendMode = (expected: ExpectedRevision): AppendMode => (typeof expected === 'bigint' ? 'exact' : expected);

/** The stream's new last revision, `n` events on; $1 stream, $6 expected revision (exact only). */
const MOVE_HEAD: Record<AppendMode, (n: string) => string> = {
  any: (n) => `
    INSERT INTO event_store.streams AS s (stream_name, revision) VALUES ($1, ${n} - 1)
    ON CONFLICT (stream_name) DO UPDATE SET revision = s.revision + ${n}
    RETURNING revision`,
  no_stream: (n) => `
    INSERT INTO event_store.streams (stream_name, revision) VALUES ($1, ${n} - 1)
    ON CONFLICT (stream_name) DO NOTHING
    RETURNING revision`,
  stream_exists: (n) => `
    UPDATE event_store.streams SET revision = revision + ${n} WHERE stream_name = $1
    RETURNING revision`,
  exact: (n) => `
    UPDATE event_store.streams SET revision = revision + ${n} WHERE stream_name = $1 AND revision = $6::bigint
    RETURNING revision`,
};

/**
 * One event, in scalars: $1 stream, $2 id, $3 type, $4 data json, $5 metadata json (the common
 * case; no arrays to build, parse and unnest, no sort of the inserted rows).
 */
const appendOneEvent = (mode: AppendMode) => `
  WITH head AS (${MOVE_HEAD[mode]('1')})
  INSERT INTO event_store.events (event_id, stream_name, stream_revision, event_type, data, metadata)
  SELECT $2::uuid, $1::text, head.revision, $3::text, $4::json, $5::json FROM head
  RETURNING stream_revision, tx_id::text AS tx, global_position`;

/**
 * Several events, in arrays: $2 ids uuid[], $3 types text[], $4 data and $5 metadata each one JSON
 * array (jsonArrayOf): a json[] parameter makes the client escape every quote of every event's
 * JSON into an array literal, the largest client cost of a batch.
 */
const appendEvents = (mode: AppendMode) => `
  WITH head AS (${MOVE_HEAD[mode]('cardinality($2::uuid[])')}),
  ins AS (
    INSERT INTO event_store.events (event_id, stream_name, stream_revision, event_type, data, metadata)
    SELECT u.id, $1, head.revision - cardinality($2::uuid[]) + u.ord, u.type, u.data, u.metadata
    FROM head, ROWS FROM (unnest($2::uuid[]), unnest($3::text[]), json_array_elements($4::json), json_array_elements($5::json)) WITH ORDINALITY AS u(id, type, data, metadata, ord)
    ORDER BY u.ord
    RETURNING stream_revision, tx_id, global_position
  )
  SELECT stream_revision, tx_id::text AS tx, global_position FROM ins ORDER BY stream_revision DESC LIMIT 1`;

const MODES: readonly AppendMode[] = ['any', 'no_stream', 'stream_exists', 'exact'];

/** Named statements (prepared once per connection): `es_append_<mode>_one` and `es_append_<mode>_many`. */
export const APPEND_STATEMENTS = Object.fromEntries(
  MODES.map((mode) => [
    mode,
    {
      one: { name: `es_append_${mode}_one`, text: appendOneEvent(mode) },
      many: { name: `es_append_${mode}_many`, text: appendEvents(mode) },
    },
  ]),
) as Record<AppendMode, Record<'one' | 'many', { name: string; text: string }>>;

/** After a no-write: the stream's revision now, and where the given ids already are. */
export const STREAM_REVISION = `SELECT revision FROM event_store.streams WHERE stream_name = $1`;
export const EXISTING_EVENTS = `
  SELECT event_id::text AS event_id, stream_name, stream_revision, tx_id::text AS tx, global_position
  FROM event_store.events WHERE event_id = ANY($1::uuid[])`;

/**
 * Group append: the appends that queued up in this process while earlier ones were in flight,
 * to DISTINCT streams, in one statement and so one commit (one WAL flush instead of N). Each
 * request keeps its own expectation and idempotency check; a request that cannot write simply
 * returns no row, and the caller explains it exactly as for a single append.
 *
 * $1 streams text[], $2 modes text[] ('any'|'no_stream'|'stream_exists'|'exact'), $3 expected bigint[],
 * $4 event counts int[]; per event: $5 request ordinal (1-based) int[], $6 ids uuid[], $7 types text[],
 * $8 data and $9 metadata each one JSON array (jsonArrayOf).
 */
export const APPEND_GROUP = `
  WITH req AS MATERIALIZED (
    SELECT r.stream, r.mode, r.expected, r.n, r.idx::int AS idx
    FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[]) WITH ORDINALITY AS r(stream, mode, expected, n, idx)
  ),
  ev AS MATERIALIZED (
    SELECT e.req, e.id, e.type, e.data, e.metadata, e.ord,
           row_number() OVER (PARTITION BY e.req ORDER BY e.ord) AS k
    FROM ROWS FROM (unnest($5::int[]), unnest($6::uuid[]), unnest($7::text[]), json_array_elements($8::json), json_array_elements($9::json)) WITH ORDINALITY AS e(req, id, type, data, metadata, ord)
  ),
  -- Requests with an id already stored; probed through the event_id index by the id array, so
  -- the plan cannot turn into a scan of the log whatever the estimates of the CTEs.
  dup AS MATERIALIZED (
    SELECT DISTINCT ev.req FROM event_store.events x JOIN ev ON ev.id = x.event_id
    WHERE x.event_id = ANY($6::uuid[])
  ),
  ok AS MATERIALIZED (
    SELECT * FROM req WHERE idx NOT IN (SELECT req FROM dup)
  ),
  created_any AS (
    INSERT INTO event_store.streams AS s (stream_name, revision)
    SELECT stream, n - 1 FROM ok WHERE mode = 'any' ORDER BY stream
    ON CONFLICT (stream_name) DO UPDATE SET revision = s.revision + excluded.revision + 1
    RETURNING stream_name, revision
  ),
  created_new AS (
    INSERT INTO event_store.streams (stream_name, revision)
    SELECT stream, n - 1 FROM ok WHERE mode = 'no_stream' ORDER BY stream
    ON CONFLICT (stream_name) DO NOTHING
    RETURNING stream_name, revision
  ),
  updated AS (
    UPDATE event_store.streams AS s SET revision = s.revision + ok.n
    FROM ok
    WHERE s.stream_name = ok.stream
      AND (ok.mode = 'stream_exists' OR (ok.mode = 'exact' AND s.revision = ok.expected))
    RETURNING s.stream_name, s.revision
  ),
  head AS (
    SELECT ok.idx, ok.stream, ok.n, h.revision
    FROM ok JOIN (SELECT * FROM created_any UNION ALL SELECT * FROM created_new UNION ALL SELECT * FROM updated) h
      ON h.stream_name = ok.stream
  ),
  ins AS (
    INSERT INTO event_store.events (event_id, stream_name, stream_revision, event_type, data, metadata)
    SELECT ev.id, head.stream, head.revision - head.n + ev.k, ev.type, ev.data, ev.metadata
    FROM head JOIN ev ON ev.req = head.idx
    ORDER BY ev.ord
    RETURNING stream_name, stream_revision, tx_id, global_position
  )
  SELECT DISTINCT ON (stream_name) stream_name, stream_revision, tx_id::text AS tx, global_position
  FROM ins ORDER BY stream_name, stream_revision DESC`;

/** JSON texts (each one JSON.stringify'd value) as one JSON array, the form the statements above unpack. */
export function jsonArrayOf(texts: readonly string[]): string {
  return `[${texts.join(',')}]`;
}

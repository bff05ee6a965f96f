/**
 * One SQL statement per expectation mode: an append is one round trip in autocommit, so the
 * transaction lives only as long as the statement (no BEGIN/COMMIT, no plpgsql).
 *
 * Parameters: $1 stream, $2 event ids uuid[], $3 types text[], $4 data json[], $5 metadata json[],
 * $6 expected revision (exact mode only).
 *
 * `head` moves the stream's revision (locking its row, which serialises writers of one stream;
 * a loser re-checks the latest row version under READ COMMITTED and matches nothing). It does
 * nothing when any of the ids is already stored: the caller then decides whether this is an
 * idempotent retry. Zero rows back means "no write"; the caller reads why in a second query.
 */

const DUPLICATE_GUARD = `dup AS (SELECT 1 FROM event_store.events WHERE event_id = ANY($2::uuid[]) LIMIT 1)`;

const INSERT_AND_RETURN = `
  ins AS (
    INSERT INTO event_store.events (event_id, stream_name, stream_revision, event_type, data, metadata)
    SELECT u.id, $1, head.revision - cardinality($2::uuid[]) + u.ord, u.type, u.data, u.metadata
    FROM head, unnest($2::uuid[], $3::text[], $4::json[], $5::json[]) WITH ORDINALITY AS u(id, type, data, metadata, ord)
    ORDER BY u.ord
    RETURNING stream_revision, tx_id, global_position
  )
  SELECT stream_revision, tx_id::text AS tx, global_position FROM ins ORDER BY stream_revision DESC LIMIT 1`;

export const APPEND_ANY = `
  WITH ${DUPLICATE_GUARD},
  head AS (
    INSERT INTO event_store.streams AS s (stream_name, revision)
    SELECT $1, cardinality($2::uuid[]) - 1 WHERE NOT EXISTS (SELECT 1 FROM dup)
    ON CONFLICT (stream_name) DO UPDATE SET revision = s.revision + cardinality($2::uuid[])
    RETURNING revision
  ),${INSERT_AND_RETURN}`;

export const APPEND_NO_STREAM = `
  WITH ${DUPLICATE_GUARD},
  head AS (
    INSERT INTO event_store.streams (stream_name, revision)
    SELECT $1, cardinality($2::uuid[]) - 1 WHERE NOT EXISTS (SELECT 1 FROM dup)
    ON CONFLICT (stream_name) DO NOTHING
    RETURNING revision
  ),${INSERT_AND_RETURN}`;

export const APPEND_STREAM_EXISTS = `
  WITH ${DUPLICATE_GUARD},
  head AS (
    UPDATE event_store.streams SET revision = revision + cardinality($2::uuid[])
    WHERE stream_name = $1 AND NOT EXISTS (SELECT 1 FROM dup)
    RETURNING revision
  ),${INSERT_AND_RETURN}`;

export const APPEND_EXACT = `
  WITH ${DUPLICATE_GUARD},
  head AS (
    UPDATE event_store.streams SET revision = revision + cardinality($2::uuid[])
    WHERE stream_name = $1 AND revision = $6::bigint AND NOT EXISTS (SELECT 1 FROM dup)
    RETURNING revision
  ),${INSERT_AND_RETURN}`;

/** After a no-write: the stream's revision now, and where the given ids already are. */
export const STREAM_REVISION = `SELECT revision FROM event_store.streams WHERE stream_name = $1`;
export const EXISTING_EVENTS = `
  SELECT event_id::text AS event_id, stream_name, stream_revision, tx_id::text AS tx, global_position
  FROM event_store.events WHERE event_id = ANY($1::uuid[])`;

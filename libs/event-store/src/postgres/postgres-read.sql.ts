import type { EventMetadata } from '../event-store.port.js';

/**
 * Reads of the global log. Every one stays below the oldest running transaction
 * (pg_snapshot_xmin of this statement's snapshot): everything under it has committed or
 * aborted, so no event can appear later behind a cursor that only moves up to there.
 * Order, filter and cursor are the one key (tx_id, global_position), the primary key.
 */

// Read in array row mode, in this order (see EventRow). tx_id leaves as text ("tx"): a distinct
// alias, so ORDER BY tx_id still means the xid8 column. created_at leaves as epoch milliseconds:
// new Date(ms) costs a fraction of parsing timestamp text, and rows are the drain's hot path.
export const COLUMNS = `global_position, tx_id::text AS tx, event_id::text AS event_id, stream_name, stream_revision, event_type, data, metadata,
  (extract(epoch FROM created_at) * 1000)::float8 AS created_ms`;
/** A log row in array mode, in COLUMNS' order: global_position, tx, event_id, stream_name, stream_revision, event_type, data, metadata, created_ms. */
export type EventRow = [string, string, string, string, string, string, unknown, EventMetadata, number];
export const HORIZON = `tx_id < (SELECT pg_snapshot_xmin(pg_current_snapshot()))`;

/** $1 commit (xid8 text), $2 prepare, $3 limit. */
export const READ_ALL = `
  SELECT ${COLUMNS} FROM event_store.events
  WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${HORIZON}
  ORDER BY tx_id, global_position
  LIMIT $3`;

/**
 * Filtered page: scans at most $3 rows of the log and returns the matching ones plus one
 * marker row (matched = false) at the last scanned position, so a cursor moves past long runs
 * of events the filter rejects instead of rescanning them. $4 types text[] | null, $5 stream prefixes text[] | null.
 */
export const READ_ALL_FILTERED = `
  WITH scan AS MATERIALIZED (
    SELECT tx_id, ${COLUMNS} FROM event_store.events
    WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${HORIZON}
    ORDER BY tx_id, global_position
    LIMIT $3
  )
  SELECT global_position, tx, event_id, stream_name, stream_revision, event_type, data, metadata, created_ms, matched,
    (SELECT count(*) FROM scan)::int AS scanned
  FROM (
    SELECT s.*, true AS matched FROM scan s
    WHERE ($4::text[] IS NULL OR s.event_type = ANY($4::text[]))
      AND ($5::text[] IS NULL OR EXISTS (SELECT 1 FROM unnest($5::text[]) p WHERE starts_with(s.stream_name, p)))
    UNION ALL
    (SELECT s.*, false AS matched FROM scan s ORDER BY s.tx_id DESC, s.global_position DESC LIMIT 1)
  ) page
  ORDER BY tx_id, global_position, matched DESC`;

export const HEAD_POSITION = `
  SELECT tx_id::text AS tx, global_position FROM event_store.events
  WHERE ${HORIZON}
  ORDER BY tx_id DESC, global_position DESC
  LIMIT 1`;

/** $1 commit (xid8 text), $2 prepare, $3 cap + 1: events after the position, and the oldest one's time. */
export const LAG_AFTER = `
  SELECT count(*)::int AS events, min(created_at) AS oldest_at FROM (
    SELECT created_at FROM event_store.events
    WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${HORIZON}
    ORDER BY tx_id, global_position
    LIMIT $3) after_position`;

const STREAM_COLUMNS = COLUMNS;
/** $1 stream, $2 from revision (inclusive), $3 limit. */
export const READ_STREAM_FORWARDS = `
  SELECT ${STREAM_COLUMNS} FROM event_store.events
  WHERE stream_name = $1 AND stream_revision >= $2
  ORDER BY stream_revision LIMIT $3`;
export const READ_STREAM_BACKWARDS = `
  SELECT ${STREAM_COLUMNS} FROM event_store.events
  WHERE stream_name = $1 AND stream_revision <= $2
  ORDER BY stream_revision DESC LIMIT $3`;

/**
 * Age in seconds of the oldest transaction that holds an xid: it holds every reader's horizon
 * back (a stall, not a loss). For the projector's metrics.
 */
export const OLDEST_OPEN_TRANSACTION_AGE = `
  SELECT coalesce(extract(epoch FROM max(clock_timestamp() - xact_start)), 0)::float8 AS age
  FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid()`;

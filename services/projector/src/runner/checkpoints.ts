import type pg from 'pg';
import { START, type Position } from '#event-store/event-store.port.js';
import { positionFromRow } from './positions.js';

export type Slot = 'live' | 'build';

export interface CheckpointRow {
  projection: string;
  slot: Slot;
  version: number;
  position: Position;
  status: string;
  owner: string | null;
  /** When a failed projection is due to be tried again. */
  nextRetryAt: Date | null;
}

type Queryable = Pick<pg.Pool | pg.PoolClient | pg.Client, 'query'>;

export async function loadCheckpoint(db: Queryable, projection: string, slot: Slot): Promise<CheckpointRow | undefined> {
  const { rows } = await db.query(`SELECT * FROM projector.checkpoints WHERE projection = $1 AND slot = $2`, [projection, slot]);
  return rows[0] ? toCheckpoint(rows[0]) : undefined;
}

/** The live row, created at START for a projection never run before; owner set to `owner`. */
export async function claimLiveCheckpoint(db: Queryable, projection: string, version: number, owner: string): Promise<CheckpointRow> {
  const { rows } = await db.query(
    `INSERT INTO projector.checkpoints (projection, slot, version, commit_position, prepare_position, status, owner, updated_at)
     VALUES ($1, 'live', $2, $3, $4, 'running', $5, now())
     ON CONFLICT (projection, slot) DO UPDATE SET owner = EXCLUDED.owner, updated_at = now()
     RETURNING *`,
    [projection, version, START.commit.toString(), START.prepare.toString(), owner],
  );
  return toCheckpoint(rows[0]);
}

export async function releaseCheckpoint(db: Queryable, projection: string, owner: string): Promise<void> {
  await db.query(`UPDATE projector.checkpoints SET owner = NULL, updated_at = now() WHERE projection = $1 AND owner = $2`, [projection, owner]);
}

/**
 * Moves a checkpoint inside the batch's transaction, only from the position this replica
 * last wrote: if another replica took the projection over meanwhile nothing matches, the
 * caller rolls back, and no effect is applied twice.
 */
export async function advanceCheckpoint(
  db: Queryable,
  args: { projection: string; slot: Slot; from: Position; to: Position; events: number; lastEventAt: Date | null; owner: string },
): Promise<boolean> {
  const res = await db.query(
    `UPDATE projector.checkpoints
        SET commit_position = $5, prepare_position = $6, events_handled = events_handled + $7,
            last_event_at = COALESCE($8, last_event_at), status = CASE WHEN slot = 'build' THEN 'building' ELSE 'running' END,
            last_error = NULL, last_error_event_id = NULL, failed_event_type = NULL, failed_commit_position = NULL,
            failed_prepare_position = NULL, first_failed_at = NULL, attempts = 0, next_retry_at = NULL, owner = $9, updated_at = now()
      WHERE projection = $1 AND slot = $2 AND commit_position = $3 AND prepare_position = $4`,
    [
      args.projection, args.slot, args.from.commit.toString(), args.from.prepare.toString(),
      args.to.commit.toString(), args.to.prepare.toString(), args.events, args.lastEventAt, args.owner,
    ],
  );
  return res.rowCount === 1;
}

/**
 * advanceCheckpoint and COMMIT in one round trip (simple protocol, values inlined: positions and
 * counts are integers, names go through escapeLiteral). Commits only when the checkpoint moved;
 * otherwise the transaction is left for the caller to roll back.
 */
export async function advanceCheckpointAndCommit(
  client: pg.PoolClient,
  args: { projection: string; slot: Slot; from: Position; to: Position; events: number; lastEventAt: Date | null; owner: string },
): Promise<boolean> {
  const lit = (v: string) => {
    if (v.includes('$')) throw new Error(`unexpected "$" in ${v}`); // the statement is dollar-quoted
    return client.escapeLiteral(v);
  };
  const at = args.lastEventAt ? `${lit(args.lastEventAt.toISOString())}::timestamptz` : 'NULL::timestamptz';
  try {
    await client.query(
      `DO $$ BEGIN
         UPDATE projector.checkpoints
            SET commit_position = ${args.to.commit}, prepare_position = ${args.to.prepare},
                events_handled = events_handled + ${Math.trunc(args.events)}, last_event_at = COALESCE(${at}, last_event_at),
                status = CASE WHEN slot = 'build' THEN 'building' ELSE 'running' END,
                last_error = NULL, last_error_event_id = NULL, failed_event_type = NULL, failed_commit_position = NULL,
                failed_prepare_position = NULL, first_failed_at = NULL, attempts = 0, next_retry_at = NULL,
                owner = ${lit(args.owner)}, updated_at = now()
          WHERE projection = ${lit(args.projection)} AND slot = ${lit(args.slot)}
            AND commit_position = ${args.from.commit} AND prepare_position = ${args.from.prepare};
         IF NOT FOUND THEN RAISE EXCEPTION 'checkpoint_not_moved'; END IF;
       END $$;
       COMMIT`,
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.message === 'checkpoint_not_moved') return false;
    throw error;
  }
}

/** Back-off of a failed projection: base, doubling per failed attempt, up to max. */
export interface RetryBackoff {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY_BACKOFF: RetryBackoff = { baseMs: 1000, maxMs: 5 * 60_000 };

export function retryDelayMs(attempts: number, backoff: RetryBackoff): number {
  // The exponent is capped so 2^n never overflows into Infinity on a projection failing for days.
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(Math.max(0, attempts - 1), 40));
}

export interface FailureRecord {
  projection: string;
  slot: Slot;
  error: string;
  /** The event the handler threw on; null when the batch failed for another reason (e.g. the database). */
  event: { id: string; type: string; position: Position } | null;
}

/**
 * Marks the checkpoint failed with what the admin needs to act on, and schedules the next try.
 * attempts counts failures in a row on the same event (a different event starts again at 1, so
 * does the first failure after the projection ran), and so does first_failed_at. Answers the
 * attempts and the delay before the next try.
 */
export async function recordFailure(db: Queryable, args: FailureRecord, backoff: RetryBackoff = DEFAULT_RETRY_BACKOFF): Promise<{ attempts: number; retryInMs: number }> {
  const { rows } = await db.query(
    `SELECT status = 'failed' AND last_error_event_id IS NOT DISTINCT FROM $3 AS same, attempts
       FROM projector.checkpoints WHERE projection = $1 AND slot = $2`,
    [args.projection, args.slot, args.event?.id ?? null],
  );
  const same = rows[0]?.same === true;
  const attempts = same ? Number(rows[0].attempts) + 1 : 1;
  const retryInMs = retryDelayMs(attempts, backoff);
  await db.query(
    `UPDATE projector.checkpoints
        SET status = 'failed', last_error = $3, last_error_event_id = $4, failed_event_type = $5,
            failed_commit_position = $6, failed_prepare_position = $7,
            first_failed_at = CASE WHEN $8::boolean THEN COALESCE(first_failed_at, now()) ELSE now() END,
            attempts = $9, next_retry_at = now() + $10::bigint * interval '1 millisecond', updated_at = now()
      WHERE projection = $1 AND slot = $2`,
    [
      args.projection, args.slot, args.error.slice(0, 2000), args.event?.id ?? null, args.event?.type ?? null,
      args.event?.position.commit.toString() ?? null, args.event?.position.prepare.toString() ?? null,
      same, attempts, Math.round(retryInMs),
    ],
  );
  return { attempts, retryInMs };
}

/** Failed live projections among `names` whose next try is due (back-off elapsed, or "retry now"). */
export async function dueRetries(db: Queryable, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { rows } = await db.query(
    `SELECT projection FROM projector.checkpoints
      WHERE slot = 'live' AND projection = ANY($1) AND status = 'failed' AND (next_retry_at IS NULL OR next_retry_at <= now())`,
    [names],
  );
  return rows.map((r) => r.projection as string);
}

function toCheckpoint(row: Record<string, unknown>): CheckpointRow {
  return {
    projection: row.projection as string,
    slot: row.slot as Slot,
    version: Number(row.version),
    position: positionFromRow(row as { commit_position: string; prepare_position: string }),
    status: row.status as string,
    owner: (row.owner as string | null) ?? null,
    nextRetryAt: row.next_retry_at ? new Date(row.next_retry_at as string) : null,
  };
}

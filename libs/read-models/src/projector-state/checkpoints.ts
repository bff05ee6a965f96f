import type pg from 'pg';
import { START, type Position } from '#event-store/event-store.port.js';
import { CheckpointEntity, type Slot } from '../checkpoint.entity.js';
import { entityFromRow } from '../table-spec.js';
import type { SqlClient } from './sql-client.js';

/**
 * Every statement on projector.checkpoints, for both services: the projector moves them, the
 * API shows them (projections page, health, metrics) and waits on them (X-Wait-For-Position).
 */

export type { Slot };

const toCheckpoint = (row: Record<string, unknown>) => entityFromRow(CheckpointEntity, row);

export function positionOf(checkpoint: Pick<CheckpointEntity, 'commitPosition' | 'preparePosition'>): Position {
  return { commit: checkpoint.commitPosition, prepare: checkpoint.preparePosition };
}

/** What the admin needs to act on a failed projection (null while it runs). */
export function failureOf(c: CheckpointEntity) {
  if (c.status !== 'failed') return null;
  return {
    eventType: c.failedEventType,
    eventId: c.lastErrorEventId,
    position: c.failedCommitPosition !== null ? `${c.failedCommitPosition}/${c.failedPreparePosition}` : null,
    error: c.lastError,
    firstFailedAt: c.firstFailedAt,
    attempts: c.attempts,
    nextRetryAt: c.nextRetryAt,
  };
}

export type CheckpointFailure = NonNullable<ReturnType<typeof failureOf>>;

export async function loadCheckpoint(db: SqlClient, projection: string, slot: Slot): Promise<CheckpointEntity | undefined> {
  const { rows } = await db.query(`SELECT * FROM projector.checkpoints WHERE projection = $1 AND slot = $2`, [projection, slot]);
  return rows[0] ? toCheckpoint(rows[0]) : undefined;
}

/** Every checkpoint (or one slot's), by projection then slot. */
export async function listCheckpoints(db: SqlClient, slot?: Slot): Promise<CheckpointEntity[]> {
  const { rows } = await db.query(
    `SELECT * FROM projector.checkpoints WHERE $1::text IS NULL OR slot = $1 ORDER BY projection, slot`,
    [slot ?? null],
  );
  return rows.map(toCheckpoint);
}

/** The live row, created at START for a projection never run before; owner set to `owner`. */
export async function claimLiveCheckpoint(db: SqlClient, projection: string, version: number, owner: string): Promise<CheckpointEntity> {
  const { rows } = await db.query(
    `INSERT INTO projector.checkpoints (projection, slot, version, commit_position, prepare_position, status, owner, updated_at)
     VALUES ($1, 'live', $2, $3, $4, 'running', $5, now())
     ON CONFLICT (projection, slot) DO UPDATE SET owner = EXCLUDED.owner, updated_at = now()
     RETURNING *`,
    [projection, version, START.commit.toString(), START.prepare.toString(), owner],
  );
  return toCheckpoint(rows[0]);
}

export async function releaseCheckpoint(db: SqlClient, projection: string, owner: string): Promise<void> {
  await db.query(`UPDATE projector.checkpoints SET owner = NULL, updated_at = now() WHERE projection = $1 AND owner = $2`, [projection, owner]);
}

export interface CheckpointMove {
  projection: string;
  slot: Slot;
  from: Position;
  to: Position;
  events: number;
  lastEventAt: Date | null;
  owner: string;
}

/**
 * Moves a checkpoint inside the batch's transaction, only from the position this replica last
 * wrote (if another replica took the projection over meanwhile nothing matches, and no effect
 * is applied twice), and COMMITs, in one round trip (simple protocol, values inlined: positions
 * and counts are integers, names go through escapeLiteral). Commits only when the checkpoint
 * moved; otherwise the transaction is left for the caller to roll back.
 */
export async function advanceCheckpointAndCommit(client: pg.ClientBase, args: CheckpointMove): Promise<boolean> {
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

/**
 * Live checkpoints with nothing to do in a stretch of the log move to its end (one statement
 * for all), only where `owner` still owns them and they are behind it. Answers those that moved.
 */
export async function advanceIdleCheckpoints(db: SqlClient, projections: readonly string[], owner: string, to: Position): Promise<Set<string>> {
  const { rows } = await db.query(
    `UPDATE projector.checkpoints SET commit_position = $3, prepare_position = $4, updated_at = now()
      WHERE slot = 'live' AND projection = ANY($1) AND owner = $2
        AND (commit_position, prepare_position) < ($3::bigint, $4::bigint)
      RETURNING projection`,
    [projections, owner, to.commit.toString(), to.prepare.toString()],
  );
  return new Set(rows.map((r) => r.projection as string));
}

export interface FailureRecord {
  projection: string;
  slot: Slot;
  error: string;
  /** The event the handler threw on; null when the batch failed for another reason (e.g. the database). */
  event: { id: string; type: string; position: Position } | null;
}

/**
 * Marks the checkpoint failed with what the admin needs to act on, and schedules the next try
 * `retryDelayMs(attempts)` from now. attempts counts failures in a row on the same event (a
 * different event starts again at 1, so does the first failure after the projection ran), and
 * so does first_failed_at. Answers the attempts and the delay before the next try.
 */
export async function recordFailure(
  db: SqlClient,
  args: FailureRecord,
  retryDelayMs: (attempts: number) => number,
): Promise<{ attempts: number; retryInMs: number }> {
  const { rows } = await db.query(
    `SELECT status = 'failed' AND last_error_event_id IS NOT DISTINCT FROM $3 AS same, attempts
       FROM projector.checkpoints WHERE projection = $1 AND slot = $2`,
    [args.projection, args.slot, args.event?.id ?? null],
  );
  const same = rows[0]?.same === true;
  const attempts = same ? Number(rows[0].attempts) + 1 : 1;
  const retryInMs = retryDelayMs(attempts);
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
export async function dueRetries(db: SqlClient, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { rows } = await db.query(
    `SELECT projection FROM projector.checkpoints
      WHERE slot = 'live' AND projection = ANY($1) AND status = 'failed' AND (next_retry_at IS NULL OR next_retry_at <= now())`,
    [names],
  );
  return rows.map((r) => r.projection as string);
}

/**
 * "Retry now": the owning replica tries a failed projection again at its next tick instead of
 * waiting out its back-off (next_retry_at is the switch it polls). Undefined when it is not failed.
 */
export async function retryNow(db: SqlClient, projection: string): Promise<Pick<CheckpointEntity, 'attempts' | 'nextRetryAt'> | undefined> {
  const { rows } = await db.query(
    `UPDATE projector.checkpoints SET next_retry_at = now()
      WHERE projection = $1 AND slot = 'live' AND status = 'failed' RETURNING attempts, next_retry_at`,
    [projection],
  );
  return rows[0] ? { attempts: Number(rows[0].attempts), nextRetryAt: rows[0].next_retry_at as Date } : undefined;
}

/** A fresh build slot at START, owned by `owner` (a previous build's row is reset). */
export async function startBuildCheckpoint(db: SqlClient, projection: string, version: number, owner: string): Promise<void> {
  await db.query(
    `INSERT INTO projector.checkpoints (projection, slot, version, commit_position, prepare_position, status, owner, updated_at)
     VALUES ($1, 'build', $2, $3, $4, 'building', $5, now())
     ON CONFLICT (projection, slot) DO UPDATE SET version = EXCLUDED.version, commit_position = EXCLUDED.commit_position,
       prepare_position = EXCLUDED.prepare_position, status = 'building', owner = EXCLUDED.owner, events_handled = 0,
       last_error = NULL, last_error_event_id = NULL, failed_event_type = NULL, failed_commit_position = NULL,
       failed_prepare_position = NULL, first_failed_at = NULL, attempts = 0, next_retry_at = NULL,
       last_event_at = NULL, updated_at = now()`,
    [projection, version, START.commit.toString(), START.prepare.toString(), owner],
  );
}

/**
 * Inside the swap's transaction: the build slot's version and progress become the live row's
 * (which `owner` must still own) and the build row goes. Answers the live position, or
 * undefined when the live row is no longer this owner's.
 */
export async function promoteBuildCheckpoint(db: SqlClient, projection: string, owner: string): Promise<Position | undefined> {
  const { rows } = await db.query(
    `WITH b AS (DELETE FROM projector.checkpoints WHERE projection = $1 AND slot = 'build' RETURNING *)
     UPDATE projector.checkpoints c SET version = b.version, commit_position = b.commit_position,
            prepare_position = b.prepare_position, events_handled = b.events_handled, last_event_at = b.last_event_at,
            status = 'running', last_error = NULL, last_error_event_id = NULL, failed_event_type = NULL,
            failed_commit_position = NULL, failed_prepare_position = NULL, first_failed_at = NULL, attempts = 0,
            next_retry_at = NULL, updated_at = now()
       FROM b WHERE c.projection = $1 AND c.slot = 'live' AND c.owner = $2
     RETURNING c.*`,
    [projection, owner],
  );
  return rows.length === 1 ? positionOf(toCheckpoint(rows[0])) : undefined;
}

export async function deleteBuildCheckpoint(db: SqlClient, projection: string): Promise<void> {
  await db.query(`DELETE FROM projector.checkpoints WHERE projection = $1 AND slot = 'build'`, [projection]);
}

/** Names of the projections with a live checkpoint. */
export async function liveProjectionNames(db: SqlClient): Promise<string[]> {
  const { rows } = await db.query(`SELECT projection FROM projector.checkpoints WHERE slot = 'live'`);
  return rows.map((r) => r.projection as string);
}

/**
 * How many of `projections` have a live checkpoint at or past `position` (read-your-writes);
 * with failedCountsAsReached a failed one counts too.
 */
export async function countLiveReached(
  db: SqlClient,
  position: Position,
  projections: readonly string[],
  failedCountsAsReached: boolean,
): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(*) AS reached FROM projector.checkpoints
      WHERE slot = 'live' AND projection = ANY($1)
        AND ((commit_position, prepare_position) >= ($2::bigint, $3::bigint) OR (status = 'failed' AND $4))`,
    [projections, position.commit.toString(), position.prepare.toString(), failedCountsAsReached],
  );
  return Number(rows[0]?.reached ?? 0);
}

/**
 * What each live projection has applied so far (events handled and version): a change means its
 * tables changed. The position alone would not do: idle projections move it on every event of
 * the log (advanceIdleCheckpoints), cart events included. Read by the back-office's live updates.
 */
export async function liveProgress(db: SqlClient): Promise<Map<string, string>> {
  const { rows } = await db.query(`SELECT projection, events_handled::text || '@' || version AS mark FROM projector.checkpoints WHERE slot = 'live'`);
  return new Map(rows.map((r) => [r.projection as string, r.mark as string]));
}

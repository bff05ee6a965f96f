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
            last_error = NULL, last_error_event_id = NULL, owner = $9, updated_at = now()
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
                last_error = NULL, last_error_event_id = NULL, owner = ${lit(args.owner)}, updated_at = now()
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

export async function recordFailure(
  db: Queryable,
  args: { projection: string; slot: Slot; error: string; eventId: string | null },
): Promise<void> {
  await db.query(
    `UPDATE projector.checkpoints SET status = 'failed', last_error = $3, last_error_event_id = $4, updated_at = now()
      WHERE projection = $1 AND slot = $2`,
    [args.projection, args.slot, args.error.slice(0, 2000), args.eventId],
  );
}

function toCheckpoint(row: Record<string, unknown>): CheckpointRow {
  return {
    projection: row.projection as string,
    slot: row.slot as Slot,
    version: Number(row.version),
    position: positionFromRow(row as { commit_position: string; prepare_position: string }),
    status: row.status as string,
    owner: (row.owner as string | null) ?? null,
  };
}

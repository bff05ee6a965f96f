import type pg from 'pg';
import type { EventStore, Position, RecordedEvent } from '#event-store/event-store.port.js';
import { advanceCheckpointAndCommit, type Slot } from '#read-models/projector-state/checkpoints.js';
import type { Projection, ProjectionContext } from '#read-models/projections/projection.js';
import { qualifiedTable, type TableTarget } from './table-names.js';

export class OwnershipLost extends Error {
  override readonly name = 'OwnershipLost';
}

/** The event a handler failed on, when known (a failed batch is retried in halves to find it). */
export class PoisonEvent extends Error {
  override readonly name = 'PoisonEvent';
  constructor(
    readonly event: Pick<RecordedEvent, 'id' | 'type' | 'position'>,
    override readonly cause: unknown,
    /** Checkpoint after the events before the culprit committed (undefined: unchanged). */
    readonly reached?: Position,
  ) {
    super(`event ${event.id}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }

  get eventId(): string {
    return this.event.id;
  }
}

/** Where a projection's batches go: the pool, its tables, and the log (given to reactors on the live slot only). */
export interface BatchTarget {
  pool: pg.Pool;
  projection: Projection;
  tables: TableTarget;
  log?: EventStore;
}

export interface CheckpointTarget {
  slot: Slot;
  owner: string;
  from: Position;
}

/**
 * One transaction: the handler's rows and the checkpoint move together, so a crash at any
 * point leaves either both or neither. synchronous_commit off: a server crash may drop the
 * last few commits, but rows and checkpoint together, so it only repeats work.
 */
export async function applyBatch(
  { pool, projection, tables, log }: BatchTarget,
  events: readonly RecordedEvent[],
  to: Position,
  checkpoint: CheckpointTarget | null,
): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    // One round trip each to open and to close: on a busy machine every round trip waits for CPU.
    await client.query('BEGIN; SET LOCAL synchronous_commit TO OFF');
    if (events.length > 0) {
      const ctx: ProjectionContext = {
        sql: async (text, params) => (await client.query(text, params as unknown[])).rows,
        table: (name) => qualifiedTable(tables, name),
        log,
      };
      await projection.handle(events, ctx);
    }
    if (checkpoint) {
      const moved = await advanceCheckpointAndCommit(client, {
        projection: projection.name,
        slot: checkpoint.slot,
        from: checkpoint.from,
        to,
        events: events.length,
        lastEventAt: events.at(-1)?.createdAt ?? null,
        owner: checkpoint.owner,
      });
      if (!moved) throw new OwnershipLost(`${projection.name}/${checkpoint.slot}: checkpoint moved by someone else`);
    } else {
      await client.query('COMMIT');
    }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * applyBatch, and when the handler throws, each half of the batch the same way, so the good
 * events before the culprit commit and the culprit's id is known: about 2·log2(n) transactions
 * for a catch-up batch of thousands, not one per event. Returns the position reached.
 */
export async function applyBatchFindingPoison(
  target: BatchTarget,
  events: readonly RecordedEvent[],
  to: Position,
  checkpoint: CheckpointTarget | null,
): Promise<Position> {
  let committed: Position | undefined;
  const apply = async (part: readonly RecordedEvent[], partTo: Position): Promise<void> => {
    try {
      await applyBatch(target, part, partTo, checkpoint && { ...checkpoint, from: committed ?? checkpoint.from });
      committed = partTo;
      return;
    } catch (error) {
      if (error instanceof OwnershipLost || part.length === 0) throw error;
      if (part.length === 1) throw new PoisonEvent(part[0], error, committed);
    }
    // Both halves may pass: the batch failed for another reason (a dropped connection) or only
    // with both halves together; either way they are applied, and `to` is reached.
    const mid = Math.ceil(part.length / 2);
    await apply(part.slice(0, mid), part[mid - 1].position);
    await apply(part.slice(mid), partTo);
  };
  await apply(events, to);
  return to;
}

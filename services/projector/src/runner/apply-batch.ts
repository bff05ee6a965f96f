import type pg from 'pg';
import type { EventStore, Position, RecordedEvent } from '#event-store/event-store.port.js';
import { advanceCheckpointAndCommit, type Slot } from '#read-models/projector-state/checkpoints.js';
import type { Projection, ProjectionContext, ProjectionHold } from '#read-models/projections/projection.js';
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

/** What a batch did: the checkpoint's new position (undefined: unchanged), and the hold that stopped it early. */
export interface BatchOutcome {
  reached: Position | undefined;
  hold?: ProjectionHold;
}

/**
 * One transaction: the handler's rows and the checkpoint move together, so a crash at any
 * point leaves either both or neither. synchronous_commit off: a server crash may drop the
 * last few commits, but rows and checkpoint together, so it only repeats work. A handler that
 * holds at an event moves the checkpoint to the event before it, never past it.
 */
export async function applyBatch(
  { pool, projection, tables, log }: BatchTarget,
  events: readonly RecordedEvent[],
  to: Position,
  checkpoint: CheckpointTarget | null,
): Promise<BatchOutcome> {
  const client = await pool.connect();
  let broken = false;
  try {
    // One round trip each to open and to close: on a busy machine every round trip waits for CPU.
    await client.query('BEGIN; SET LOCAL synchronous_commit TO OFF');
    let hold: ProjectionHold | undefined;
    if (events.length > 0) {
      const ctx: ProjectionContext = {
        sql: async (text, params) => (await client.query(text, params as unknown[])).rows,
        table: (name) => qualifiedTable(tables, name),
        log,
      };
      hold = (await projection.handle(events, ctx)) ?? undefined;
    }
    const done = hold ? eventsBefore(events, hold) : events.length;
    const reached = done === events.length ? to : done > 0 ? events[done - 1].position : undefined;
    if (checkpoint && reached) {
      const moved = await advanceCheckpointAndCommit(client, {
        projection: projection.name,
        slot: checkpoint.slot,
        from: checkpoint.from,
        to: reached,
        events: done,
        lastEventAt: events[done - 1]?.createdAt ?? null,
        owner: checkpoint.owner,
      });
      if (!moved) throw new OwnershipLost(`${projection.name}/${checkpoint.slot}: checkpoint moved by someone else`);
    } else {
      await client.query('COMMIT');
    }
    return { reached, hold };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** How many of `events` come before the held one. */
function eventsBefore(events: readonly RecordedEvent[], hold: ProjectionHold): number {
  const at = events.findIndex((e) => e.id === hold.event.id);
  if (at < 0) throw new Error(`held at event ${hold.event.id}, which is not in the batch`);
  return at;
}

/**
 * applyBatch, and when the handler throws, each half of the batch the same way, so the good
 * events before the culprit commit and the culprit's id is known: about 2·log2(n) transactions
 * for a catch-up batch of thousands, not one per event. A hold stops it where it held.
 */
export async function applyBatchFindingPoison(
  target: BatchTarget,
  events: readonly RecordedEvent[],
  to: Position,
  checkpoint: CheckpointTarget | null,
): Promise<BatchOutcome> {
  let committed: Position | undefined;
  let hold: ProjectionHold | undefined;
  const apply = async (part: readonly RecordedEvent[], partTo: Position): Promise<void> => {
    if (hold) return; // nothing after a held event is applied yet
    try {
      const outcome = await applyBatch(target, part, partTo, checkpoint && { ...checkpoint, from: committed ?? checkpoint.from });
      committed = outcome.reached ?? committed;
      hold = outcome.hold;
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
  return hold ? { reached: committed, hold } : { reached: to };
}

import type pg from 'pg';
import { comparePositions, formatPosition, type EventStore, type Position } from '#event-store/event-store.port.js';
import { failureOf, listCheckpoints, positionOf, type CheckpointFailure } from '#read-models/projector-state/checkpoints.js';

export interface ProjectionReport {
  projection: string;
  slot: 'live' | 'build';
  version: number;
  position: string;
  status: string;
  owner: string | null;
  lastError: string | null;
  lastErrorEventId: string | null;
  /** Set while failed: the event it stopped on and where the retries stand. */
  failure: CheckpointFailure | null;
  eventsHandled: number;
  /** Global positions between the checkpoint and the head (PostgreSQL store: events). */
  lagEvents: number;
  /** Age of the oldest event the projection has not reached yet (0 when caught up). */
  lagSeconds: number;
  updatedAt: string;
}

/** Every projection's checkpoint (from any replica) against the log's head. */
export async function projectionReports(pool: pg.Pool, store: EventStore): Promise<{ head: Position; projections: ProjectionReport[] }> {
  const head = await store.headPosition();
  const checkpoints = await listCheckpoints(pool);
  const oldestPending = new Map<string, number>();
  const projections: ProjectionReport[] = [];
  for (const c of checkpoints) {
    const position = positionOf(c);
    let lagSeconds = 0;
    if (comparePositions(position, head) < 0) {
      const key = formatPosition(position);
      if (!oldestPending.has(key)) {
        const [next] = await store.readAll({ fromPosition: position, maxCount: 1 });
        oldestPending.set(key, next ? Math.max(0, (Date.now() - next.createdAt.getTime()) / 1000) : 0);
      }
      lagSeconds = oldestPending.get(key)!;
    }
    projections.push({
      projection: c.projection,
      slot: c.slot,
      version: c.version,
      position: formatPosition(position),
      status: c.status,
      owner: c.owner,
      lastError: c.lastError,
      lastErrorEventId: c.lastErrorEventId,
      failure: failureOf(c),
      eventsHandled: c.eventsHandled,
      lagEvents: Math.max(0, Number(head.prepare - position.prepare)),
      lagSeconds,
      updatedAt: c.updatedAt.toISOString(),
    });
  }
  return { head, projections };
}

import type pg from 'pg';
import { comparePositions, formatPosition, type EventStore, type Position } from '#event-store/event-store.port.js';
import { positionFromRow } from '../runner/positions.js';

export interface ProjectionReport {
  projection: string;
  slot: 'live' | 'build';
  version: number;
  position: string;
  status: string;
  owner: string | null;
  lastError: string | null;
  lastErrorEventId: string | null;
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
  const { rows } = await pool.query(`SELECT * FROM projector.checkpoints ORDER BY projection, slot`);
  const oldestPending = new Map<string, number>();
  const projections: ProjectionReport[] = [];
  for (const r of rows) {
    const position = positionFromRow(r);
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
      projection: r.projection,
      slot: r.slot,
      version: Number(r.version),
      position: formatPosition(position),
      status: r.status,
      owner: r.owner ?? null,
      lastError: r.last_error ?? null,
      lastErrorEventId: r.last_error_event_id ?? null,
      eventsHandled: Number(r.events_handled),
      lagEvents: Math.max(0, Number(head.prepare - position.prepare)),
      lagSeconds,
      updatedAt: new Date(r.updated_at).toISOString(),
    });
  }
  return { head, projections };
}

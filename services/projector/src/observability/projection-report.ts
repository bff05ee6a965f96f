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
  /** Set while failed: the event it stopped on and where the retries stand. */
  failure: {
    eventId: string | null;
    eventType: string | null;
    position: string | null;
    error: string | null;
    firstFailedAt: string | null;
    attempts: number;
    nextRetryAt: string | null;
  } | null;
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
      failure:
        r.status === 'failed'
          ? {
              eventId: r.last_error_event_id ?? null,
              eventType: r.failed_event_type ?? null,
              position: r.failed_commit_position != null ? `${r.failed_commit_position}/${r.failed_prepare_position}` : null,
              error: r.last_error ?? null,
              firstFailedAt: r.first_failed_at ? new Date(r.first_failed_at).toISOString() : null,
              attempts: Number(r.attempts ?? 0),
              nextRetryAt: r.next_retry_at ? new Date(r.next_retry_at).toISOString() : null,
            }
          : null,
      eventsHandled: Number(r.events_handled),
      lagEvents: Math.max(0, Number(head.prepare - position.prepare)),
      lagSeconds,
      updatedAt: new Date(r.updated_at).toISOString(),
    });
  }
  return { head, projections };
}

import type pg from 'pg';
import { comparePositions, formatPosition, LAG_COUNT_CAP, type EventStore, type Lag, type Position } from '#event-store/event-store.port.js';
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
  /** Events in the log after the checkpoint, counted up to LAG_COUNT_CAP (any type: a projection steps over the others too). */
  lagEvents: number;
  /** The count stopped at the cap: the lag is at least lagEvents. */
  lagCapped: boolean;
  /** Age of the oldest event the projection has not reached yet (0 when caught up). */
  lagSeconds: number;
  updatedAt: string;
}

const CAUGHT_UP: Lag = { events: 0, capped: false, oldestAt: null };

/**
 * Every projection's checkpoint (from any replica) against the log's head. Counted when asked
 * (/health, a /metrics scrape), never per batch, and once per distinct position: most
 * checkpoints share the head, and those cost no count at all.
 */
export async function projectionReports(pool: pg.Pool, store: EventStore): Promise<{ head: Position; projections: ProjectionReport[] }> {
  const head = await store.headPosition();
  const checkpoints = await listCheckpoints(pool);
  const lags = new Map<string, Promise<Lag>>();
  const lagOf = (position: Position) => {
    if (comparePositions(position, head) >= 0) return Promise.resolve(CAUGHT_UP);
    const key = formatPosition(position);
    if (!lags.has(key)) lags.set(key, store.lagAfter(position, LAG_COUNT_CAP));
    return lags.get(key)!;
  };
  const projections: ProjectionReport[] = [];
  for (const c of checkpoints) {
    const position = positionOf(c);
    const lag = await lagOf(position);
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
      lagEvents: lag.events,
      lagCapped: lag.capped,
      lagSeconds: lag.oldestAt ? Math.max(0, (Date.now() - lag.oldestAt.getTime()) / 1000) : 0,
      updatedAt: c.updatedAt.toISOString(),
    });
  }
  return { head, projections };
}

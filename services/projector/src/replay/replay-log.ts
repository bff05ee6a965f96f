import type pg from 'pg';
import { START, comparePositions, formatPosition, type EventStore, type Position, type RecordedEvent } from '#event-store/event-store.port.js';
import { applyBatchFindingPoison, PoisonEvent } from '../runner/apply-batch.js';
import type { Projection } from '#read-models/projections/projection.js';

export interface ReplayProgress {
  events: number;
  position: Position;
  head: Position;
  /**
   * Where this replay ends: the log's head as it was when the replay began, until an event
   * recorded after `until` is met; from then on the last event up to `until`, so a replay
   * that stops there reads as complete.
   */
  total: Position;
}

/** A projection threw during a replay: which event broke it, where in the log, and why. */
export class ReplayFailed extends Error {
  override readonly name = 'ReplayFailed';
  constructor(
    readonly projection: string,
    readonly event: Pick<RecordedEvent, 'id' | 'type' | 'stream' | 'position'>,
    override readonly cause: unknown,
  ) {
    super(
      `${projection} failed on the event at position ${formatPosition(event.position)} ` +
        `(type ${event.type}, stream ${event.stream}, id ${event.id}): ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

/**
 * Replays the log from its start through `projections` into the tables of `schema` (created
 * by the caller), up to the first event recorded after `until`, or else to the head as it was
 * when the replay began: always a prefix of the log, so the tables are a state the log implies,
 * whatever is appended meanwhile. Nothing is written to the log (reactors get no log here).
 */
export async function replayLog(o: {
  store: EventStore;
  pool: pg.Pool;
  projections: readonly Projection[];
  schema: string;
  until?: Date;
  batchSize?: number;
  onProgress?: (p: ReplayProgress) => void;
}): Promise<ReplayProgress> {
  const batchSize = o.batchSize ?? 2000;
  const head = await o.store.headPosition();
  const types = [...new Set(o.projections.flatMap((p) => p.eventTypes))];
  const after = (e: RecordedEvent) => comparePositions(e.position, head) > 0 || (o.until !== undefined && e.createdAt.getTime() > o.until.getTime());
  let position = START;
  let count = 0;
  for (;;) {
    const page = await o.store.readAll({ fromPosition: position, maxCount: batchSize, filter: { eventTypes: types } });
    const cut = page.findIndex(after);
    const events = cut === -1 ? page : page.slice(0, cut);
    if (events.length > 0) {
      await Promise.all(o.projections.map((p) => applyTo(o.pool, o.schema, p, events)));
      position = events.at(-1)!.position;
      count += events.length;
    }
    const end = cut !== -1 || page.length < batchSize;
    // Reaching the head of a filtered log is the whole log, even when its last events were of other types.
    const reachedHead = end && (cut === -1 || comparePositions(page[cut].position, head) > 0);
    const total = end && !reachedHead ? position : head;
    o.onProgress?.({ events: count, position: reachedHead ? head : position, head, total });
    if (end) return { events: count, position, head, total };
  }
}

async function applyTo(pool: pg.Pool, schema: string, projection: Projection, events: readonly RecordedEvent[]): Promise<void> {
  const mine = events.filter((e) => projection.eventTypes.includes(e.type));
  if (mine.length === 0) return;
  try {
    await applyBatchFindingPoison({ pool, projection, tables: { kind: 'schema', schema } }, mine, mine.at(-1)!.position, null);
  } catch (error) {
    if (!(error instanceof PoisonEvent)) throw error;
    const event = mine.find((e) => e.id === error.event.id) ?? { ...error.event, stream: '?' };
    throw new ReplayFailed(projection.name, event, error.cause);
  }
}

import type pg from 'pg';
import { START, type EventStore, type Position, type RecordedEvent } from '#event-store/event-store.port.js';
import { applyBatch } from '../runner/apply-batch.js';
import type { Projection } from '../runner/projection.js';
import { createSchemaTables } from '../runner/table-sets.js';
import { quoteIdent } from '../runner/table-names.js';

export interface ReplayProgress {
  events: number;
  position: Position;
  head: Position;
}

/**
 * Time travel: builds every projection's tables as they stood at `until` into `schema`
 * (dropped and recreated). It replays the log from the start and stops at the first event
 * recorded after `until`: a prefix of the log, so the state is one the live tables really had.
 */
export async function replayUntil(o: {
  store: EventStore;
  pool: pg.Pool;
  projections: readonly Projection[];
  schema: string;
  until: Date;
  batchSize?: number;
  onProgress?: (p: ReplayProgress) => void;
}): Promise<ReplayProgress> {
  const batchSize = o.batchSize ?? 2000;
  const client = await o.pool.connect();
  try {
    await createSchemaTables(client, o.schema, o.projections);
  } finally {
    client.release();
  }
  const head = await o.store.headPosition();
  const types = [...new Set(o.projections.flatMap((p) => p.eventTypes))];
  let position = START;
  let count = 0;
  for (;;) {
    const page = await o.store.readAll({ fromPosition: position, maxCount: batchSize, filter: { eventTypes: types } });
    const cut = page.findIndex((e) => e.createdAt.getTime() > o.until.getTime());
    const events = cut === -1 ? page : page.slice(0, cut);
    if (events.length > 0) {
      await Promise.all(
        o.projections.map((p) => {
          const mine = events.filter((e: RecordedEvent) => p.eventTypes.includes(e.type));
          return mine.length ? applyBatch({ pool: o.pool, projection: p, tables: { kind: 'schema', schema: o.schema } }, mine, mine.at(-1)!.position, null) : undefined;
        }),
      );
      position = events.at(-1)!.position;
      count += events.length;
    }
    o.onProgress?.({ events: count, position, head });
    if (cut !== -1 || page.length < batchSize) break;
  }
  await o.pool.query(`CREATE TABLE ${quoteIdent(o.schema)}.replay_info AS SELECT $1::timestamptz AS until, $2::text AS position, $3::int AS events`, [
    o.until.toISOString(), `${position.commit}/${position.prepare}`, count,
  ]);
  return { events: count, position, head };
}

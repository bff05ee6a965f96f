import type pg from 'pg';
import type { EventStore } from '#event-store/event-store.port.js';
import type { Projection } from '#read-models/projections/projection.js';
import { createSchemaTables } from '../runner/table-sets.js';
import { replayLog, type ReplayProgress } from './replay-log.js';
import { freshReplaySchema, writeReplayInfo } from './replay-schema.js';

/**
 * Time travel: builds every projection's tables as they stood at `until` into `schema`
 * (dropped and recreated): a prefix of the log, so the state is one the live tables really had.
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
  const client = await o.pool.connect();
  try {
    await freshReplaySchema(client, o.schema);
    await createSchemaTables(client, o.schema, o.projections);
  } finally {
    client.release();
  }
  const result = await replayLog(o);
  await writeReplayInfo(o.pool, o.schema, result, { until: o.until });
  return result;
}

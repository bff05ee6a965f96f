import pg from 'pg';
import type { EventStore } from '#event-store/event-store.port.js';
import { ALL_PROJECTIONS } from '#read-models/projections/all-projections.js';
import { ProjectorRunner } from '../runner/runner.js';

export interface InProcessProjector {
  /** The projections it runs (every one). */
  names: string[];
  stop(): Promise<void>;
}

/**
 * The real runner with every projection, in the caller's process: the API's HTTP tests run it
 * beside the app so queries see commands, as with the projector process in production.
 */
export async function startInProcessProjector(store: EventStore, databaseUrl: string, replicaId = 'test-api'): Promise<InProcessProjector> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // an idle connection cut by the database's drop at teardown must not crash the test process
  pool.on('error', () => undefined);
  const runner = new ProjectorRunner({ store, pool, databaseUrl, projections: ALL_PROJECTIONS, replicaId, maxIdleMs: 20 });
  await runner.start();
  return {
    names: ALL_PROJECTIONS.map((p) => p.name),
    stop: async () => {
      await runner.stop();
      await pool.end();
    },
  };
}

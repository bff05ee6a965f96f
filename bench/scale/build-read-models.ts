/**
 * The projector's fresh build: a runner started on a database whose checkpoints are all at
 * the start takes every projection and plays the log from position 0 into the live tables,
 * as a new deployment does. Resolves once every projection has passed the log's head.
 */
import pg from 'pg';
import { comparePositions, type EventStore, type Position } from '#event-store/event-store.port.js';
import { runReadModelMigrations } from '#read-models/data-source.js';
import { ALL_PROJECTIONS } from '#read-models/projections/all-projections.js';
import type { Projection } from '#read-models/projections/projection.js';
import { ProjectorRunner } from '../../services/projector/src/runner/runner.js';

export interface BuildProgress {
  /** Projections at the head so far, of `projections`. */
  done: number;
  projections: number;
  /** The slowest projection's position, of the head's (both as the log's prepare positions). */
  slowest: bigint;
  head: bigint;
  seconds: number;
}

export async function buildReadModels(o: {
  store: EventStore;
  databaseUrl: string;
  /** Build until every projection has passed this position (default: the head as it is read now). */
  until?: Position;
  onProgress?: (p: BuildProgress) => void;
  progressEveryMs?: number;
  /** Default: every projection of the shop. */
  projections?: readonly Projection[];
}): Promise<{ seconds: number; projections: number }> {
  const projections = o.projections ?? ALL_PROJECTIONS;
  await runReadModelMigrations(o.databaseUrl);
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: projections.length + 4 });
  pool.on('error', () => undefined); // an idle connection lost at shutdown is not a failed build
  const head = o.until ?? (await o.store.headPosition());
  const positions = new Map<string, Position>();
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const atHead = () => [...positions.values()].filter((p) => comparePositions(p, head) >= 0).length;
  let finish: () => void = () => {};
  let fail: (e: Error) => void = () => {};
  const finished = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const runner = new ProjectorRunner({
    store: o.store,
    pool,
    databaseUrl: o.databaseUrl,
    projections,
    replicaId: `seed-scale-${process.pid}`,
    onCommitted: (name, slot, position) => {
      if (slot !== 'live') return;
      positions.set(name, position);
      if (atHead() === projections.length) finish();
    },
    onFailed: (name, _slot, eventId, failure) => fail(new Error(`projection ${name} failed on event ${eventId}: ${failure.error}`)),
  });
  const report = () => {
    const slowest = projections.map((p) => positions.get(p.name)?.prepare ?? -1n).reduce((a, b) => (b < a ? b : a));
    o.onProgress?.({ done: atHead(), projections: projections.length, slowest, head: head.prepare, seconds: seconds() });
  };
  const timer = o.onProgress ? setInterval(report, o.progressEveryMs ?? 1000) : undefined;
  await runner.start();
  try {
    await finished;
  } finally {
    clearInterval(timer);
    await runner.stop();
    await pool.end();
  }
  report();
  return { seconds: seconds(), projections: projections.length };
}

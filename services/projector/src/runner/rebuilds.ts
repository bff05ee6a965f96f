import type pg from 'pg';
import { comparePositions, formatPosition, START, type EventStore, type Position } from '#event-store/event-store.port.js';
import type { CheckpointEntity } from '#read-models/checkpoint.entity.js';
import { loadCheckpoint, positionOf, promoteBuildCheckpoint, startBuildCheckpoint } from '#read-models/projector-state/checkpoints.js';
import { finishRebuildRequest, takeRebuildRequests } from '#read-models/projector-state/rebuild-requests.js';
import { applyBatchFindingPoison, OwnershipLost } from './apply-batch.js';
import { batchEnd } from './batch-end.js';
import type { BuildState, LiveState } from './projection-state.js';
import type { Projection } from '#read-models/projections/projection.js';
import type { RunnerLogger } from './runner-logger.js';
import { createBuildTables, swapBuildTables } from './table-sets.js';

export interface RebuildsOptions {
  store: EventStore;
  pool: pg.Pool;
  replicaId: string;
  batchSize: number;
  log: RunnerLogger;
  onCommitted?: (projection: string, slot: 'build', position: Position, events: number) => void;
  /** Records and reports a build that stopped (the build is already forgotten). */
  onFailure: (build: BuildState, error: unknown) => Promise<void>;
}

/**
 * The rebuild lifecycle of the projections a replica owns: a second cursor per projection,
 * from position 0 into __build tables with its own checkpoint slot, swapped in (tables and
 * checkpoint in one transaction) once it has caught up with the live one.
 */
export class Rebuilds {
  private readonly builds = new Map<string, BuildState>();

  constructor(private readonly o: RebuildsOptions) {}

  positionOf(name: string): Position | null {
    return this.builds.get(name)?.position ?? null;
  }

  forget(name: string): void {
    this.builds.delete(name);
  }

  clear(): void {
    this.builds.clear();
  }

  /**
   * On adopting a projection: carry on with a build of its current version another replica
   * left, or start one when the live tables hold another version (or a build was left failed).
   */
  async resume(p: Projection, live: CheckpointEntity): Promise<void> {
    const build = await loadCheckpoint(this.o.pool, p.name, 'build');
    if (build && build.version === p.version && build.status !== 'failed') {
      this.builds.set(p.name, { projection: p, position: positionOf(build) });
    } else if (live.version !== p.version || build) {
      await this.start(p);
    }
  }

  /** Starts the builds requested (admin page, CLI) of the projections in `owned`. */
  async takeRequests(owned: ReadonlyMap<string, LiveState>): Promise<void> {
    if (owned.size === 0) return;
    for (const request of await takeRebuildRequests(this.o.pool, [...owned.keys()])) {
      await this.start(owned.get(request.projection)!.projection, request.id);
    }
  }

  async start(p: Projection, requestId?: string): Promise<void> {
    const client = await this.o.pool.connect();
    try {
      await client.query('BEGIN');
      await createBuildTables(client, p);
      await startBuildCheckpoint(client, p.name, p.version, this.o.replicaId);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    this.builds.set(p.name, { projection: p, position: START, requestId });
    this.o.log.info({ projection: p.name, version: p.version }, 'rebuild started');
  }

  /** One batch for each projection being rebuilt; swaps those that caught up. */
  async step(owned: ReadonlyMap<string, LiveState>): Promise<boolean> {
    let progressed = false;
    for (const build of [...this.builds.values()]) {
      const p = build.projection;
      const live = owned.get(p.name);
      if (!live) continue;
      const head = await this.o.store.headPosition();
      let complete = comparePositions(build.position, head) >= 0;
      if (!complete) {
        const events = await this.o.store.readAll({ fromPosition: build.position, maxCount: this.o.batchSize, filter: { eventTypes: p.eventTypes } });
        const end = batchEnd(events, this.o.batchSize, head);
        try {
          await applyBatchFindingPoison({ pool: this.o.pool, projection: p, tables: { kind: 'build' } }, events, end, { slot: 'build', owner: this.o.replicaId, from: build.position });
        } catch (error) {
          await this.fail(build, error);
          continue;
        }
        build.position = end;
        this.o.onCommitted?.(p.name, 'build', end, events.length);
        complete = events.length < this.o.batchSize;
        progressed = true;
      }
      // A failed live projection is no reason to wait: the build got past every event the live
      // one stopped on, with the code running now, so swapping it in is the recovery.
      if (complete && comparePositions(build.position, live.position) >= 0) {
        await this.swap(build, live);
        progressed = true;
      }
    }
    return progressed;
  }

  private async swap(build: BuildState, live: LiveState): Promise<void> {
    const p = build.projection;
    const client = await this.o.pool.connect();
    try {
      await client.query('BEGIN');
      await swapBuildTables(client, p);
      const position = await promoteBuildCheckpoint(client, p.name, this.o.replicaId);
      if (!position) throw new OwnershipLost(`${p.name}: lost while swapping`);
      if (build.requestId) await finishRebuildRequest(client, build.requestId);
      await client.query('COMMIT');
      live.position = position;
      live.failed = undefined;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      await this.fail(build, error);
      return;
    } finally {
      client.release();
    }
    this.builds.delete(p.name);
    this.o.log.info({ projection: p.name, version: p.version, position: formatPosition(live.position) }, 'rebuild swapped in');
  }

  private async fail(build: BuildState, error: unknown): Promise<void> {
    this.builds.delete(build.projection.name);
    await this.o.onFailure(build, error);
  }
}

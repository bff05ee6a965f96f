import type pg from 'pg';
import { comparePositions, formatPosition, START, type EventStore, type Position, type RecordedEvent } from '#event-store/event-store.port.js';
import {
  advanceIdleCheckpoints, claimLiveCheckpoint, dueRetries, loadCheckpoint, positionOf, recordFailure, releaseCheckpoint,
} from '#read-models/projector-state/checkpoints.js';
import { maxPosition } from '#read-models/projector-state/positions.js';
import { applyBatchFindingPoison, OwnershipLost, PoisonEvent } from './apply-batch.js';
import { batchEnd } from './batch-end.js';
import { Ownership } from './ownership.js';
import type { BuildState, LiveState } from './projection-state.js';
import type { Projection } from '#read-models/projections/projection.js';
import { Rebuilds } from './rebuilds.js';
import { DEFAULT_BATCH_SIZE } from './batch-size.js';
import { DEFAULT_RETRY_BACKOFF, retryDelayMs, type RetryBackoff } from './retry-backoff.js';
import { noopLogger, type RunnerLogger } from './runner-logger.js';
import { DEFAULT_ERASURE_VACUUM, ErasureVacuum, type ErasureVacuumTiming } from '../personal-data/erasure-vacuum.js';
import { qualifiedTable } from './table-names.js';

export interface RunnerOptions {
  store: EventStore;
  pool: pg.Pool;
  /** For the ownership connection (advisory locks must live on one session). */
  databaseUrl: string;
  projections: readonly Projection[];
  replicaId: string;
  /** Events per read (and at most per transaction; default DEFAULT_BATCH_SIZE). */
  batchSize?: number;
  /** Longest pause between polls of the log's head when idle (default 20 ms). */
  maxIdleMs?: number;
  /**
   * How long a failed projection rests before it is tried again: baseMs after the first
   * failure, doubling per failure on the same event, at most maxMs (default 1 s to 5 min).
   */
  retryBackoff?: Partial<RetryBackoff>;
  /** How often ownership, rebuild requests and "retry now" are looked at (default 1 s). */
  tickIntervalMs?: number;
  logger?: RunnerLogger;
  /** Called after each committed batch (benchmarks and metrics). */
  onCommitted?: (projection: string, slot: 'live' | 'build', position: Position, events: number) => void;
  /** Called when a projection stops on an event (poison) or a batch fails. */
  onFailed?: (projection: string, slot: 'live' | 'build', eventId: string | null, failure: FailureInfo) => void;
  /**
   * false for helpers such as the rebuild CLI: they own what they run but are not counted as
   * a replica, so the real replicas keep their share.
   */
  countAsReplica?: boolean;
  /** How the tables an erasure rewrote are vacuumed when an older snapshot holds their dead rows. */
  erasureVacuum?: Partial<ErasureVacuumTiming>;
}

export interface FailureInfo {
  eventType: string | null;
  error: string;
  /** Failures in a row on the same event. */
  attempts: number;
  retryInMs: number;
}

/** What /health and /metrics read from this replica. */
export interface RunnerStatus {
  replicaId: string;
  head: Position;
  owned: Array<{ name: string; position: Position; failed: boolean; nextRetryAt: number | null; building: Position | null }>;
}

interface BatchRead {
  head: Position;
  events: RecordedEvent[];
}

interface Prefetch {
  /** The start and event types it was read for: used only when the next step asks for the same. */
  key: string;
  read: Promise<BatchRead>;
}

/** What a read is for: its start and event types (sorted). A read-ahead is used only for the same. */
const readKey = (from: Position, types: readonly string[]) => `${formatPosition(from)} ${types.join(',')}`;

/**
 * One loop per replica. It owns some projections (advisory locks, shared fairly between the
 * live replicas), reads the log once from the lowest checkpoint among them (filtered to the
 * event types they handle) and gives each its share of the batch in its own transaction, in
 * parallel. Rebuilds run as a second cursor per projection, from position 0 into __build
 * tables, and swap when they have caught up.
 */
export class ProjectorRunner {
  private readonly owned = new Map<string, LiveState>();
  private readonly rebuilds: Rebuilds;
  private readonly ownership: Ownership;
  private readonly batchSize: number;
  private readonly maxIdleMs: number;
  private readonly backoff: RetryBackoff;
  private readonly tickIntervalMs: number;
  private readonly log: RunnerLogger;
  /** Vacuums the live tables a committed erasure rewrote (docs/adr/026). */
  readonly erasureVacuum: ErasureVacuum;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private lastTick = 0;
  private head: Position = START;
  /** The next batch, read while the current one is applied (catching up only). */
  private next: Prefetch | undefined;

  constructor(private readonly o: RunnerOptions) {
    this.ownership = new Ownership(o.databaseUrl, o.replicaId, o.countAsReplica ?? true);
    this.batchSize = o.batchSize ?? DEFAULT_BATCH_SIZE;
    this.maxIdleMs = o.maxIdleMs ?? 20;
    this.backoff = { ...DEFAULT_RETRY_BACKOFF, ...o.retryBackoff };
    this.tickIntervalMs = o.tickIntervalMs ?? 1000;
    this.log = o.logger ?? noopLogger;
    this.erasureVacuum = new ErasureVacuum(o.pool, this.log, { ...DEFAULT_ERASURE_VACUUM, ...o.erasureVacuum });
    this.rebuilds = new Rebuilds({
      store: o.store,
      pool: o.pool,
      replicaId: o.replicaId,
      batchSize: this.batchSize,
      log: this.log,
      onCommitted: o.onCommitted,
      onFailure: (build, error) => this.onFailure(build, error, 'build'),
    });
    // pg-pool listens for errors only on idle clients: a client held by a batch when the database
    // goes away would emit an unhandled 'error' and end the process. The batch sees the failure
    // through its query and the loop retries; the listener is only there to keep the process up.
    o.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  async start(): Promise<void> {
    await this.ownership.connect();
    this.loop = this.run();
  }

  /** Finishes the batch in flight, releases every projection, and returns. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    await this.erasureVacuum.stop();
    for (const name of [...this.owned.keys()]) await this.drop(name).catch(() => undefined);
    await this.ownership.close();
  }

  status(): RunnerStatus {
    return {
      replicaId: this.o.replicaId,
      head: this.head,
      owned: [...this.owned.values()].map((s) => ({
        name: s.projection.name,
        position: s.position,
        failed: s.failed !== undefined,
        nextRetryAt: s.failed?.retryAt ?? null,
        building: this.rebuilds.positionOf(s.projection.name),
      })),
    };
  }

  private async run(): Promise<void> {
    let idle = 1;
    while (!this.stopping) {
      let progressed = false;
      try {
        if (Date.now() - this.lastTick >= this.tickIntervalMs) await this.tick();
        progressed = await this.liveStep();
        progressed = (await this.rebuilds.step(this.owned)) || progressed;
      } catch (error) {
        this.log.error({ err: error }, 'projector loop error');
        await this.pause(1000);
        continue;
      }
      if (progressed) idle = 1;
      else {
        await this.pause(idle);
        idle = Math.min(this.maxIdleMs, idle * 2);
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  /** Ownership, rebuild requests and retries of failed projections, once a second. */
  private async tick(): Promise<void> {
    this.lastTick = Date.now();
    if (this.ownership.connectionLost) {
      this.log.warn({ replica: this.o.replicaId }, 'ownership connection lost: dropping every projection');
      this.owned.clear();
      this.rebuilds.clear();
      await this.ownership.reconnect();
    }
    const alive = await this.ownership.heartbeat();
    const share = Math.ceil(this.o.projections.length / alive);
    // Give back the surplus so a new replica finds work (it takes it on its next tick).
    for (const name of [...this.owned.keys()].slice(share)) await this.drop(name);
    if (this.owned.size < share) {
      const candidates = this.o.projections
        .filter((p) => !this.owned.has(p.name))
        .sort((a, b) => spread(this.o.replicaId, a.name) - spread(this.o.replicaId, b.name));
      for (const p of candidates) {
        if (this.owned.size >= share) break;
        if (await this.ownership.tryAcquire(p.name)) await this.adopt(p);
      }
    }
    await this.takeRetryRequests();
    await this.rebuilds.takeRequests(this.owned);
  }

  private async adopt(p: Projection): Promise<void> {
    const live = await claimLiveCheckpoint(this.o.pool, p.name, p.version, this.o.replicaId);
    const position = positionOf(live);
    // A projection another replica left failed keeps its back-off: adopting it is no retry.
    const failed = live.status === 'failed' ? { retryAt: live.nextRetryAt?.getTime() ?? 0 } : undefined;
    this.owned.set(p.name, { projection: p, types: new Set(p.eventTypes), position, failed });
    this.log.info({ projection: p.name, replica: this.o.replicaId, position: formatPosition(position) }, 'projection adopted');
    await this.rebuilds.resume(p, live);
  }

  private async drop(name: string): Promise<void> {
    this.owned.delete(name);
    this.rebuilds.forget(name);
    await releaseCheckpoint(this.o.pool, name, this.o.replicaId);
    await this.ownership.release(name);
  }

  /**
   * The checkpoint row is the truth about when to try again: "retry now" (the admin API) moves
   * next_retry_at to now(), and a replica that adopted a failed projection follows it too.
   */
  private async takeRetryRequests(): Promise<void> {
    const resting = [...this.owned.values()].filter((s) => s.failed && s.failed.retryAt > Date.now());
    for (const name of await dueRetries(this.o.pool, resting.map((s) => s.projection.name))) {
      const state = this.owned.get(name);
      if (state?.failed) state.failed.retryAt = 0;
    }
  }

  /** One read of the log for every owned live projection that is not failed (or whose retry is due). */
  private async liveStep(): Promise<boolean> {
    const now = Date.now();
    const active = [...this.owned.values()].filter((s) => (!s.failed || s.failed.retryAt <= now) && !(s.heldUntil !== undefined && s.heldUntil > now));
    const next = this.next;
    this.next = undefined;
    if (active.length === 0) return false;
    const from = active.map((s) => s.position).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
    const types = [...new Set(active.flatMap((s) => s.projection.eventTypes))].sort();
    const read = (next?.key === readKey(from, types) && (await next.read.catch(() => undefined))) || (await this.read(from, types));
    this.head = read.head;
    if (comparePositions(read.head, from) <= 0 && read.events.length === 0) return false;
    const { events } = read;
    const end = batchEnd(events, this.batchSize, read.head);
    // A full batch means the log goes on: read the next one while this one is applied, so the
    // database reads while projections write (it is used only if every projection gets to end).
    if (events.length >= this.batchSize) {
      const ahead = this.read(end, types);
      ahead.catch(() => undefined); // a failed read-ahead is read again, by the next step
      this.next = { key: readKey(end, types), read: ahead };
    }
    const work: Array<Promise<void>> = [];
    const advanceOnly: LiveState[] = [];
    for (const state of active) {
      if (comparePositions(state.position, end) >= 0) continue;
      // Every event read is past `from`: only a projection ahead of it compares positions (bigints, per event).
      const ahead = comparePositions(state.position, from) > 0;
      const mine = events.filter((e) => state.types.has(e.type) && (!ahead || comparePositions(e.position, state.position) > 0));
      if (mine.length === 0) advanceOnly.push(state);
      else work.push(this.applyLive(state, mine, end));
    }
    // Different rows of projector.checkpoints: the idle ones move while the others commit.
    if (advanceOnly.length > 0) work.push(this.advanceIdle(advanceOnly, end));
    await Promise.all(work);
    return true;
  }

  /** The head, then the batch after `from`: a batch that is not full has seen every event up to that head (see batchEnd). */
  private async read(from: Position, types: string[]): Promise<BatchRead> {
    const head = await this.o.store.headPosition();
    if (comparePositions(head, from) <= 0) return { head, events: [] };
    const events = await this.o.store.readAll({ fromPosition: from, maxCount: this.batchSize, filter: { eventTypes: types } });
    return { head, events };
  }

  private async applyLive(state: LiveState, events: RecordedEvent[], end: Position): Promise<void> {
    const p = state.projection;
    try {
      const { reached, hold } = await applyBatchFindingPoison(
        { pool: this.o.pool, projection: p, tables: { kind: 'live' }, log: this.o.store },
        events, end, { slot: 'live', owner: this.o.replicaId, from: state.position },
      );
      state.position = reached ?? state.position;
      if (p.tables.length > 0 && events.some((e) => e.type === 'PersonalDataErased')) this.erasureVacuum.request(p.tables.map((t) => qualifiedTable({ kind: 'live' }, t)));
      // Held: it rests, off the shared read, until the held event is due; then it reads from there.
      state.heldUntil = hold?.dueAt;
      if (state.failed) this.log.info({ projection: p.name, position: formatPosition(state.position) }, 'projection recovered');
      state.failed = undefined;
      if (reached) this.o.onCommitted?.(p.name, 'live', reached, hold ? events.findIndex((e) => e.id === hold.event.id) : events.length);
    } catch (error) {
      await this.onFailure(state, error, 'live');
    }
  }

  private async onFailure(state: LiveState | BuildState, error: unknown, slot: 'live' | 'build'): Promise<void> {
    const p = state.projection;
    if (error instanceof OwnershipLost) {
      this.log.warn({ projection: p.name, slot }, 'checkpoint moved elsewhere: giving the projection up');
      await this.drop(p.name).catch(() => undefined);
      return;
    }
    const event = error instanceof PoisonEvent ? error.event : null;
    if (error instanceof PoisonEvent && error.reached) state.position = error.reached;
    const cause = error instanceof PoisonEvent ? error.cause : error;
    const message = cause instanceof Error ? cause.message : String(cause);
    // Unrecorded (the database is down too): still back off, as if it were the first failure.
    const { attempts, retryInMs } = await recordFailure(
      this.o.pool,
      { projection: p.name, slot, error: message, event: event && { id: event.id, type: event.type, position: event.position } },
      (n) => retryDelayMs(n, this.backoff),
    ).catch(() => ({ attempts: 1, retryInMs: retryDelayMs(1, this.backoff) }));
    this.log.error(
      { projection: p.name, slot, eventId: event?.id ?? null, eventType: event?.type ?? null, position: event ? formatPosition(event.position) : null, attempts, retryInMs, err: cause },
      slot === 'live' ? 'projection stopped on an event it cannot handle; retrying after back-off' : 'rebuild stopped on an event it cannot handle',
    );
    this.o.onFailed?.(p.name, slot, event?.id ?? null, { eventType: event?.type ?? null, error: message, attempts, retryInMs });
    if (slot === 'live') (state as LiveState).failed = { retryAt: Date.now() + retryInMs };
  }

  /**
   * Projections with nothing to do in this stretch of the log still move their checkpoint
   * (one statement for all), so read-your-writes never waits on a projection that skips the event.
   */
  private async advanceIdle(states: LiveState[], end: Position): Promise<void> {
    const moved = await advanceIdleCheckpoints(this.o.pool, states.map((s) => s.projection.name), this.o.replicaId, end);
    for (const s of states) {
      if (moved.has(s.projection.name)) {
        s.position = end;
        this.o.onCommitted?.(s.projection.name, 'live', end, 0);
      } else {
        // Nothing moved: either already past (fine) or another replica owns it now.
        const cp = await loadCheckpoint(this.o.pool, s.projection.name, 'live');
        if (cp?.owner !== this.o.replicaId) await this.drop(s.projection.name);
        else if (cp) s.position = maxPosition(s.position, positionOf(cp));
      }
    }
  }
}

/** Stable per-replica order of projections, so replicas starting together reach for different ones first. */
function spread(replicaId: string, name: string): number {
  let h = 2166136261;
  for (const ch of `${replicaId}:${name}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

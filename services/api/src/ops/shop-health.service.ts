import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { Redis } from 'ioredis';
import type { EventStore } from '#event-store/event-store.port.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { APP_CONFIG, EVENT_STORE } from '../common/tokens.js';
import { ProjectionReads, type ProjectionsHealth } from '../reads/projections.reads.js';
import { UPLOAD_SPACE_GUARD, type UploadSpaceGuard } from '../uploads/upload-space-guard.js';

type PartState = { status: 'up' | 'down' | 'restarting' | 'disabled' | 'degraded' | 'low'; [key: string]: unknown };

/** The parts a verdict other than "ok" may name, in the order they are checked. */
export type HealthPart = 'eventStore' | 'database' | 'redis' | 'disk' | 'projections';

/** The verdict, the parts that caused it, and the body GET /health answers with to those who may read figures. */
export interface ShopHealthReport {
  status: 'ok' | 'degraded' | 'unavailable';
  failing: HealthPart[];
  body: Record<string, unknown>;
}

/** What start.mjs writes in its state file while it restarts the embedded PostgreSQL. */
export const DATABASE_RESTARTING = 'restarting';

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out`)), CHECK_TIMEOUT_MS).unref())]);
}

/**
 * Probes every part the shop depends on. 200 "ok" when the event store and the database answer (and Redis, when configured) and every
 * projection runs. 503 "unavailable" when a dependency is down; 503 "degraded" when a
 * projection failed on an event, stalled, or was never started by a running projector: its
 * reads are silently stale, which is data loss from the admin's point of view. Lag alone
 * (a projection catching up) stays 200.
 */
@Injectable()
export class ShopHealth implements OnApplicationShutdown {
  private redis: Redis | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(UPLOAD_SPACE_GUARD) private readonly space: UploadSpaceGuard,
    private readonly projections: ProjectionReads,
  ) {}

  async check(): Promise<ShopHealthReport> {
    const [eventStore, database, redis, disk] = await Promise.all([this.checkEventStore(), this.checkDatabase(), this.checkRedis(), this.checkDisk()]);
    const projections = await this.checkProjections(eventStore.head as string | undefined);
    const ready = eventStore.status === 'up' && database.status === 'up';
    // Without Redis the shop still sells (commands and reads need only PostgreSQL); background
    // work waits for it and runs when it returns. So: degraded, naming redis, not unavailable.
    const redisDown = redis.status === 'down';
    const diskLow = disk.status === 'low';
    const degraded = projections.status === 'degraded' || redisDown || diskLow;
    const status = !ready ? 'unavailable' : degraded ? 'degraded' : 'ok';
    const failing = (
      [
        ['eventStore', eventStore.status !== 'up'],
        ['database', database.status !== 'up'],
        ['redis', redisDown],
        ['disk', diskLow],
        ['projections', projections.status === 'degraded'],
      ] as const
    ).flatMap(([part, fails]) => (fails ? [part] : []));
    const body: Record<string, unknown> = { status, eventStore, database, redis, disk, projections };
    if (degraded) {
      const list = (projections.list ?? []) as Array<{ projection: string; failure?: unknown }>;
      body.degraded = [
        ...(diskLow ? [{ dependency: 'disk', reason: `disk space: ${disk.freeMb} MB free on the data disk, under the ${disk.minFreeMb} MB watermark (UPLOADS_MIN_FREE_MB): uploads are refused` }] : []),
        ...(redisDown ? [{ dependency: 'redis', reason: 'unreachable: background jobs wait until it returns', error: redis.error }] : []),
        ...(projections.failed ?? []).map((name) => ({ projection: name, reason: 'failed', failure: list.find((p) => p.projection === name)?.failure })),
        ...(projections.stalled ?? []).map((name) => ({ projection: name, reason: 'stalled' })),
        ...(projections.missing ?? []).map((name) => ({ projection: name, reason: 'not started' })),
      ];
    }
    return { status, failing, body };
  }

  private async checkEventStore(): Promise<PartState> {
    try {
      const head = await withTimeout(this.store.headPosition(), 'event store');
      return { status: 'up', kind: this.config.eventStore.kind, head: `${head.commit}/${head.prepare}` };
    } catch (e) {
      return { status: 'down', kind: this.config.eventStore.kind, error: (e as Error).message };
    }
  }

  private async checkDatabase(): Promise<PartState> {
    try {
      await withTimeout(this.dataSource.query('SELECT 1'), 'database');
      return { status: 'up' };
    } catch (e) {
      return { status: this.databaseRestarting() ? 'restarting' : 'down', error: (e as Error).message };
    }
  }

  /** Whether npm start is bringing its PostgreSQL back (asked only once the database failed to answer). */
  private databaseRestarting(): boolean {
    if (!this.config.databaseStateFile) return false;
    try {
      return readFileSync(this.config.databaseStateFile, 'utf8').trim() === DATABASE_RESTARTING;
    } catch {
      return false;
    }
  }

  private async checkDisk(): Promise<PartState> {
    try {
      return await withTimeout(this.space.diskState(), 'disk');
    } catch (e) {
      return { status: 'down', error: (e as Error).message };
    }
  }

  private async checkRedis(): Promise<PartState> {
    if (!this.config.redisUrl) return { status: 'disabled' };
    try {
      this.redis ??= new Redis(this.config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
      if (this.redis.status === 'wait' || this.redis.status === 'end') await withTimeout(this.redis.connect(), 'redis');
      await withTimeout(this.redis.ping(), 'redis');
      return { status: 'up' };
    } catch (e) {
      return { status: 'down', error: (e as Error).message };
    }
  }

  private checkProjections(head: string | undefined): Promise<ProjectionsHealth> {
    return this.projections.health(head, withTimeout);
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis?.disconnect();
  }
}

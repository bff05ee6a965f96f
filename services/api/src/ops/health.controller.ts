import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Redis } from 'ioredis';
import type { EventStore } from '#event-store/event-store.port.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { PROJECTION_NAMES } from '#read-models/projection-names.js';
import { APP_CONFIG, EVENT_STORE } from '../common/tokens.js';

type PartState = { status: 'up' | 'down' | 'disabled'; [key: string]: unknown };

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out`)), CHECK_TIMEOUT_MS).unref())]);
}

/**
 * Ready when the event store and the database answer (and Redis, when configured). Projection
 * lag is reported but never makes the API unready: a slow projector means stale reads, not
 * refused writes.
 */
@ApiTags('ops')
@Controller('health')
export class HealthController {
  private redis: Redis | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOkResponse({ description: 'Ready' })
  @ApiServiceUnavailableResponse({ description: 'A dependency is down' })
  async health(@Res() res: Response): Promise<void> {
    const [eventStore, database, redis] = await Promise.all([this.checkEventStore(), this.checkDatabase(), this.checkRedis()]);
    const projections = await this.checkProjections(eventStore.head as string | undefined);
    const ready = eventStore.status === 'up' && database.status === 'up' && redis.status !== 'down';
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', eventStore, database, redis, projections });
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

  private async checkProjections(head: string | undefined): Promise<PartState> {
    try {
      const rows: Array<{ projection: string; status: string; commit_position: string; prepare_position: string; last_event_at: Date | null }> =
        await withTimeout(
          this.dataSource.query(
            `SELECT projection, status, commit_position, prepare_position, last_event_at FROM projector.checkpoints WHERE slot = 'live' ORDER BY projection`,
          ),
          'projections',
        );
      const [headCommit, headPrepare] = (head ?? '-1/-1').split('/').map((x) => BigInt(x));
      const list = rows.map((r) => {
        const commit = BigInt(r.commit_position);
        const prepare = BigInt(r.prepare_position);
        const caughtUp = commit > headCommit || (commit === headCommit && prepare >= headPrepare);
        return {
          projection: r.projection,
          status: r.status,
          position: `${commit}/${prepare}`,
          caughtUp,
          lagSeconds: caughtUp || !r.last_event_at ? 0 : Math.max(0, (Date.now() - new Date(r.last_event_at).getTime()) / 1000),
        };
      });
      // A projection without a live checkpoint has not been started by any projector replica yet.
      const missing = PROJECTION_NAMES.filter((name) => !list.some((p) => p.projection === name));
      const failed = list.filter((p) => p.status === 'failed').map((p) => p.projection);
      return {
        status: failed.length > 0 || missing.length > 0 ? 'down' : 'up',
        count: list.length,
        behind: list.filter((p) => !p.caughtUp).length,
        failed,
        missing,
        maxLagSeconds: list.reduce((m, p) => Math.max(m, p.lagSeconds), 0),
        list,
      };
    } catch (e) {
      // No projector schema yet (fresh database, projector not started): not an API failure.
      return { status: 'down', error: (e as Error).message, list: [] };
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis?.disconnect();
  }
}

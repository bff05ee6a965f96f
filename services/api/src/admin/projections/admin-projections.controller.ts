import { ConflictException, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { CheckpointEntity } from '#read-models/checkpoint.entity.js';
import { PROJECTION_NAMES } from '#read-models/projection-names.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { EVENT_LOG_QUERY, type EventLogQuery } from '../events/event-log.query.js';
import { ProjectionRebuildRequestedView, ProjectionRetryView, ProjectionStatusView } from './projection-response.js';

/** Lag is counted exactly up to this many events; past it the answer says "at least". */
const LAG_CAP = 100_000;

/**
 * The projector's state as it records it in projector.checkpoints, with the failure (event,
 * error, attempts, next retry) of a projection that stopped on an event. A rebuild is a request row the
 * owning projector replica picks up on its next tick (projector.rebuild_requests): it rebuilds
 * beside the live tables and swaps when caught up, so reads never see a half-built model.
 */
@ApiTags('admin: projections')
@AdminOnly()
@Controller('admin/projections')
export class AdminProjectionsController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(EVENT_LOG_QUERY) private readonly log: EventLogQuery,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'getProjections' })
  @ApiOkResponse({ type: [ProjectionStatusView] })
  async list() {
    const rows = await this.dataSource.getRepository(CheckpointEntity).find({ order: { projection: 'ASC', slot: 'DESC' } });
    const requests: Array<{ projection: string; id: string; status: string; requested_at: Date; finished_at: Date | null }> = await this.dataSource.query(
      `SELECT DISTINCT ON (projection) projection, id::text, status, requested_at, finished_at
         FROM projector.rebuild_requests ORDER BY projection, id DESC`,
    );
    const names = [...new Set([...PROJECTION_NAMES, ...rows.map((r) => r.projection)])].sort();
    return Promise.all(
      names.map(async (name) => {
        const live = rows.find((r) => r.projection === name && r.slot === 'live');
        const build = rows.find((r) => r.projection === name && r.slot === 'build');
        const lag = live ? await this.log.lagAfter({ commit: BigInt(live.commitPosition), prepare: BigInt(live.preparePosition) }, LAG_CAP) : undefined;
        const request = requests.find((r) => r.projection === name);
        return {
          name,
          version: live?.version ?? null,
          checkpoint: live ? `${live.commitPosition}/${live.preparePosition}` : null,
          state: live?.status ?? 'not started',
          owner: live?.owner ?? null,
          eventsHandled: live?.eventsHandled ?? 0,
          lastEventAt: live?.lastEventAt ?? null,
          lag: lag ? { events: lag.events, atLeast: lag.capped, seconds: lag.oldestAt ? Math.max(0, Math.round((Date.now() - lag.oldestAt.getTime()) / 1000)) : 0 } : null,
          lastError: live?.lastError ?? null,
          failure:
            live?.status === 'failed'
              ? {
                  eventType: live.failedEventType,
                  eventId: live.lastErrorEventId,
                  position: live.failedCommitPosition !== null ? `${live.failedCommitPosition}/${live.failedPreparePosition}` : null,
                  error: live.lastError,
                  firstFailedAt: live.firstFailedAt,
                  attempts: live.attempts,
                  nextRetryAt: live.nextRetryAt,
                }
              : null,
          rebuild: build
            ? { state: build.status, version: build.version, checkpoint: `${build.commitPosition}/${build.preparePosition}`, eventsHandled: build.eventsHandled }
            : null,
          lastRebuildRequest: request ? { id: request.id, status: request.status, requestedAt: request.requested_at, finishedAt: request.finished_at } : null,
        };
      }),
    );
  }

  /**
   * Makes the owning replica try a failed projection again at its next tick (within about a
   * second) instead of waiting out its back-off: next_retry_at is the switch it polls.
   */
  @Post(':name/retry')
  @HttpCode(202)
  @ApiOperation({ operationId: 'retryProjection' })
  @ApiResponse({ status: 202, type: ProjectionRetryView })
  async retry(@Param('name') name: string) {
    this.known(name);
    const rows: Array<{ projection: string; next_retry_at: Date; attempts: number }> = await this.dataSource.query(
      // Wrapped in a SELECT: TypeORM answers a bare UPDATE with [rows, count], not rows.
      `WITH u AS (UPDATE projector.checkpoints SET next_retry_at = now()
                   WHERE projection = $1 AND slot = 'live' AND status = 'failed' RETURNING projection, next_retry_at, attempts)
       SELECT * FROM u`,
      [name],
    );
    if (rows.length === 0) throw new ConflictException(`${name} is not failed: nothing to retry`);
    return { projection: name, status: 'retry requested', attempts: Number(rows[0].attempts), nextRetryAt: rows[0].next_retry_at };
  }

  @Post(':name/rebuild')
  @HttpCode(202)
  @ApiOperation({ operationId: 'rebuildProjection' })
  @ApiResponse({ status: 202, type: ProjectionRebuildRequestedView })
  async rebuild(@Param('name') name: string) {
    this.known(name);
    // One pending request per projection is enough: a second click joins the first.
    const [existing] = await this.dataSource.query(
      `SELECT id::text, status, requested_at FROM projector.rebuild_requests WHERE projection = $1 AND status IN ('requested', 'building') ORDER BY id DESC LIMIT 1`,
      [name],
    );
    const row =
      existing ??
      (await this.dataSource.query(`INSERT INTO projector.rebuild_requests (projection) VALUES ($1) RETURNING id::text, status, requested_at`, [name]))[0];
    return { projection: name, requestId: row.id, status: row.status, requestedAt: row.requested_at };
  }

  private known(name: string): void {
    if (!(PROJECTION_NAMES as readonly string[]).includes(name)) throw new NotFoundException(`Unknown projection ${name.slice(0, 60)}`);
  }
}

import { ConflictException, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { LAG_COUNT_CAP, type EventStore } from '#event-store/event-store.port.js';
import { PROJECTION_NAMES } from '#read-models/projection-names.js';
import { failureOf, listCheckpoints, positionOf, retryNow } from '#read-models/projector-state/checkpoints.js';
import { latestRebuildRequests, pendingRebuild, requestRebuild } from '#read-models/projector-state/rebuild-requests.js';
import { sqlClientOf, type SqlClient } from '#read-models/projector-state/sql-client.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { EVENT_STORE } from '../../common/tokens.js';
import { ProjectionRebuildRequestedView, ProjectionRetryView, ProjectionStatusView } from './projection-response.js';

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
  private readonly db: SqlClient;

  constructor(
    dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {
    this.db = sqlClientOf(dataSource);
  }

  @Get()
  @ApiOperation({ operationId: 'getProjections' })
  @ApiOkResponse({ type: [ProjectionStatusView] })
  async list() {
    const [rows, requests] = await Promise.all([listCheckpoints(this.db), latestRebuildRequests(this.db)]);
    const names = [...new Set([...PROJECTION_NAMES, ...rows.map((r) => r.projection)])].sort();
    return Promise.all(
      names.map(async (name) => {
        const live = rows.find((r) => r.projection === name && r.slot === 'live');
        const build = rows.find((r) => r.projection === name && r.slot === 'build');
        const lag = live ? await this.store.lagAfter(positionOf(live), LAG_COUNT_CAP) : undefined;
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
          failure: live ? failureOf(live) : null,
          rebuild: build
            ? { state: build.status, version: build.version, checkpoint: `${build.commitPosition}/${build.preparePosition}`, eventsHandled: build.eventsHandled }
            : null,
          lastRebuildRequest: request ? { id: request.id, status: request.status, requestedAt: request.requestedAt, finishedAt: request.finishedAt } : null,
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
    const retry = await retryNow(this.db, name);
    if (!retry) throw new ConflictException(`${name} is not failed: nothing to retry`);
    return { projection: name, status: 'retry requested', attempts: retry.attempts, nextRetryAt: retry.nextRetryAt };
  }

  @Post(':name/rebuild')
  @HttpCode(202)
  @ApiOperation({ operationId: 'rebuildProjection' })
  @ApiResponse({ status: 202, type: ProjectionRebuildRequestedView })
  async rebuild(@Param('name') name: string) {
    this.known(name);
    // One pending request per projection is enough: a second click joins the first.
    const request = (await pendingRebuild(this.db, name)) ?? (await requestRebuild(this.db, name));
    return { projection: name, requestId: request.id, status: request.status, requestedAt: request.requestedAt };
  }

  private known(name: string): void {
    if (!(PROJECTION_NAMES as readonly string[]).includes(name)) throw new NotFoundException(`Unknown projection ${name.slice(0, 60)}`);
  }
}

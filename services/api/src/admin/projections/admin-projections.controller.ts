import { ConflictException, Controller, Get, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { PROJECTION_NAMES } from '#read-models/projection-names.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { ProjectionReads } from '../../reads/projections.reads.js';
import { RequestProjectionRebuildCommand, RetryProjectionCommand } from './projection-commands.js';
import { ProjectionRebuildRequestedView, ProjectionRetryView, ProjectionStatusView } from './projection-response.js';

/**
 * The projector's state as it records it in projector.checkpoints, with the failure (event,
 * error, attempts, next retry) of a projection that stopped on an event. A rebuild is a request row the
 * owning projector replica picks up on its next tick (projector.rebuild_requests): it rebuilds
 * beside the live tables and swaps when caught up, so reads never see a half-built model.
 */
@ApiTags('admin: projections')
@AdminOnly('projections.manage')
@Controller('admin/projections')
export class AdminProjectionsController {
  constructor(
    private readonly projections: ProjectionReads,
    private readonly commandBus: CommandBus,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'getProjections' })
  @ApiOkResponse({ type: [ProjectionStatusView] })
  list() {
    return this.projections.statuses();
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
    const retry = await this.commandBus.execute(new RetryProjectionCommand(name));
    if (!retry) throw new ConflictException(`${name} is not failed: nothing to retry`);
    return { projection: name, status: 'retry requested', attempts: retry.attempts, nextRetryAt: retry.nextRetryAt };
  }

  @Post(':name/rebuild')
  @HttpCode(202)
  @ApiOperation({ operationId: 'rebuildProjection' })
  @ApiResponse({ status: 202, type: ProjectionRebuildRequestedView })
  async rebuild(@Param('name') name: string) {
    this.known(name);
    const request = await this.commandBus.execute(new RequestProjectionRebuildCommand(name));
    return { projection: name, requestId: request.id, status: request.status, requestedAt: request.requestedAt };
  }

  private known(name: string): void {
    if (!(PROJECTION_NAMES as readonly string[]).includes(name)) throw new NotFoundException(`Unknown projection ${name.slice(0, 60)}`);
  }
}

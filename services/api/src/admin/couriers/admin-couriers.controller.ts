import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, NotFoundException, Param, Patch, Post, UploadedFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { CourierCommand } from '#domain/courier/commands.js';
import { couriersDecider, type CouriersState } from '#domain/courier/courier.decider.js';
import { MAX_SETTLEMENT_FILE_BYTES } from '#domain/courier/settlement-file.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { isUuid } from '#domain/shared/uuid-from-name.js';
import { couriersStream } from '#domain/streams.js';
import { AdminOnly, Requires } from '../../auth/admin-only.decorator.js';
import { CurrentAdmin } from '../../auth/current-admin.decorator.js';
import { staffActorOf, type AdminPrincipal } from '../../auth/admin-token.service.js';
import { ExecuteDeciderCommand } from '../../common/execute-decider.handler.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { CourierReads } from '../../reads/couriers.reads.js';
import { AddCourierDto, UpdateCourierDto } from './courier.dto.js';
import { CourierView, SettlementImportView, SettlementProgressView } from './courier-response.js';
import { ImportSettlementCommand } from './import-settlement.handler.js';
import { SettlementUpload } from './settlement-upload.js';

function courierCommand(command: CourierCommand) {
  return new ExecuteDeciderCommand({ stream: couriersStream(), decider: couriersDecider, command, retries: 3 });
}

function viewOf(state: CouriersState, courierId: string): CourierView {
  const c = state.couriers.find((k) => k.courierId === courierId)!;
  return { id: c.courierId, name: c.name, trackingUrlTemplate: c.trackingUrlTemplate };
}

function courierIdParam(id: string): string {
  if (!isUuid(id)) throw new NotFoundException('Courier not found');
  return id.toLowerCase();
}

/** Every member of staff reads the couriers (shipping picks one); the owner configures them; owner and manager import their files. */
@ApiTags('admin: couriers')
@AdminOnly('orders.read')
@Controller('admin/couriers')
export class AdminCouriersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly couriers: CourierReads,
  ) {}

  @Get()
  @ReadsProjections('couriers')
  @ApiOkResponse({ type: [CourierView] })
  getCouriers(): Promise<CourierView[]> {
    return this.couriers.all();
  }

  @Post()
  @Requires('couriers.manage')
  @ApiCreatedResponse({ type: CourierView })
  async addCourier(@Body() dto: AddCourierDto): Promise<CourierView> {
    const courierId = randomUUID();
    const { state } = await this.commandBus.execute(courierCommand({ type: 'AddCourier', data: { courierId, name: dto?.name, trackingUrlTemplate: dto?.trackingUrlTemplate } }));
    return viewOf(state as CouriersState, courierId);
  }

  @Patch(':id')
  @Requires('couriers.manage')
  @ApiOkResponse({ type: CourierView })
  async updateCourier(@Param('id') id: string, @Body() dto: UpdateCourierDto): Promise<CourierView> {
    const courierId = courierIdParam(id);
    const { state } = await this.commandBus.execute(courierCommand({ type: 'UpdateCourier', data: { courierId, name: dto?.name, trackingUrlTemplate: dto?.trackingUrlTemplate } }));
    return viewOf(state as CouriersState, courierId);
  }

  /**
   * The courier's status/settlement CSV (multipart field `file`, at most 1 MB), decided whole and
   * recorded as one import: the answer names it and lists each line's outcome. Matched orders then
   * become DELIVERED or REFUSED with the courier as actor, cash and fees recorded (the projector
   * applies them; GET …/settlements/{importId} says how far); unmatched, contradictory and
   * rejected lines change nothing; the same file again changes nothing.
   */
  @Post(':id/settlements')
  @Requires('couriers.settle')
  @HttpCode(200)
  @ReadsProjections('couriers')
  @SettlementUpload()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: 'CSV: tracking number, status, collected, fee, date (docs/couriers.md)' } } } })
  @ApiOkResponse({ type: SettlementImportView })
  async importSettlement(@Param('id') id: string, @UploadedFile() file: Express.Multer.File | undefined, @CurrentAdmin() admin: AdminPrincipal): Promise<SettlementImportView> {
    const courierId = courierIdParam(id);
    if (!file) throw DomainError.validation('FILE_REQUIRED', 'file is required: the courier’s CSV', { file: 'is required' });
    if (file.size > MAX_SETTLEMENT_FILE_BYTES) throw DomainError.validation('FILE_TOO_LARGE', `file must be at most ${MAX_SETTLEMENT_FILE_BYTES} bytes`, { file: `must be at most ${MAX_SETTLEMENT_FILE_BYTES} bytes` });
    const text = new TextDecoder('utf-8', { fatal: false }).decode(file.buffer);
    if (text.includes('\u0000') || text.includes('\uFFFD')) throw DomainError.validation('FILE_NOT_TEXT', 'file must be a UTF-8 CSV', { file: 'must be a UTF-8 CSV' });
    return this.commandBus.execute(new ImportSettlementCommand(courierId, text, staffActorOf(admin)));
  }

  /** How far an import's lines are applied ("applied N of M"), and its final counts once done. */
  @Get(':id/settlements/:importId')
  @Requires('couriers.settle')
  @ReadsProjections('settlement-imports')
  @ApiOkResponse({ type: SettlementProgressView })
  async getSettlement(@Param('id') id: string, @Param('importId') importId: string): Promise<SettlementProgressView> {
    const courierId = courierIdParam(id);
    const progress = isUuid(importId) ? await this.couriers.settlementProgress(courierId, importId.toLowerCase()) : null;
    if (!progress) throw new NotFoundException('Settlement import not found');
    return progress;
  }
}

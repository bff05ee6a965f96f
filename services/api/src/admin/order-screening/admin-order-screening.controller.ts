import { Body, Controller, Delete, Get, NotFoundException, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { blockedPhoneOf } from '#domain/order-screening/blocked-phone.js';
import type { PhoneBlocked } from '#domain/order-screening/events.js';
import { phoneBlockDecider } from '#domain/order-screening/phone-block.decider.js';
import { screeningSettingsDecider } from '#domain/order-screening/screening-settings.decider.js';
import type { OrderScreeningSettings } from '#domain/order-screening/screening-settings.js';
import { egpToPiastres, piastresToEgp } from '#domain/shared/money.js';
import { isUuid } from '#domain/shared/uuid-from-name.js';
import { phoneBlockStream, screeningSettingsStream } from '#domain/streams.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { CurrentAdmin } from '../../auth/current-admin.decorator.js';
import { staffActorOf, type AdminPrincipal } from '../../auth/admin-token.service.js';
import { ExecuteDeciderCommand } from '../../common/execute-decider.handler.js';
import { OrderScreening } from '../../cart/order-screening.service.js';
import { BlockedPhoneReads } from '../../reads/blocked-phones.reads.js';
import { parsePaging } from '../shared/paging.js';
import { PagedList } from '../shared/paged-list.decorator.js';
import { BlockPhoneDto, OrderScreeningSettingsDto } from './order-screening.dto.js';
import { BlockedPhonePage, BlockedPhoneView, OrderScreeningSettingsView, PhoneUnblockedView } from './order-screening-response.js';

function settingsView(s: OrderScreeningSettings): OrderScreeningSettingsView {
  return { reviewAfterRefusals: s.reviewAfterRefusals, duplicateWindowMinutes: s.duplicateWindowMinutes, largeFirstOrderMinimum: piastresToEgp(s.largeFirstOrderMinimum), manyOrdersPerHour: s.manyOrdersPerHour };
}

/** A person's id is a UUID; anything else names no block: 404. */
function subjectParam(id: string): string {
  if (!isUuid(id ?? '')) throw new NotFoundException('This phone is not blocked');
  return id.toLowerCase();
}

/**
 * The fake cash-on-delivery order defence, the owner's: thresholds for review, duplicates and large
 * first orders, and the blocked phones (kept per person, the phone encrypted in the log).
 */
@ApiTags('admin: order screening')
@AdminOnly('orderScreening.manage')
@Controller('admin/order-screening')
export class AdminOrderScreeningController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly screening: OrderScreening,
    private readonly blockedPhones: BlockedPhoneReads,
  ) {}

  @Get('settings')
  @ApiOkResponse({ type: OrderScreeningSettingsView })
  async getOrderScreeningSettings(): Promise<OrderScreeningSettingsView> {
    return settingsView(await this.screening.settings());
  }

  /** Fields left out keep their value. */
  @Put('settings')
  @ApiOkResponse({ type: OrderScreeningSettingsView })
  async changeOrderScreeningSettings(@Body() dto: OrderScreeningSettingsDto, @CurrentAdmin() admin: AdminPrincipal): Promise<OrderScreeningSettingsView> {
    const settings = {
      reviewAfterRefusals: dto.reviewAfterRefusals,
      duplicateWindowMinutes: dto.duplicateWindowMinutes,
      largeFirstOrderMinimum: dto.largeFirstOrderMinimum === undefined ? undefined : egpToPiastres(dto.largeFirstOrderMinimum),
      manyOrdersPerHour: dto.manyOrdersPerHour,
    };
    const { state } = await this.commandBus.execute(
      new ExecuteDeciderCommand({
        stream: screeningSettingsStream(),
        decider: screeningSettingsDecider,
        command: { type: 'ChangeOrderScreeningSettings', data: { settings, by: staffActorOf(admin), now: new Date().toISOString() } },
      }),
    );
    return settingsView(state);
  }

  @Get('blocked-phones')
  @PagedList('order-screening', BlockedPhonePage)
  getBlockedPhones(@Query() query: Record<string, unknown>): Promise<BlockedPhonePage> {
    return this.blockedPhones.page(parsePaging(query, 50));
  }

  /** Blocks (or re-blocks with another reason) a phone: its checkouts are refused with a neutral message. */
  @Post('blocked-phones')
  @ApiCreatedResponse({ type: BlockedPhoneView })
  async blockPhone(@Body() dto: BlockPhoneDto, @CurrentAdmin() admin: AdminPrincipal): Promise<BlockedPhoneView> {
    const phone = blockedPhoneOf(dto.phone);
    const subjectId = await this.screening.personOf(phone);
    const by = staffActorOf(admin);
    const now = new Date().toISOString();
    await this.commandBus.execute(
      new ExecuteDeciderCommand({ stream: phoneBlockStream(subjectId), decider: phoneBlockDecider, command: { type: 'BlockPhone', data: { subjectId, phone, reason: dto.reason, by, now } } }),
    );
    const reason = dto.reason as PhoneBlocked['data']['reason'];
    return { id: subjectId, phone, reason, blockedBy: by.username, blockedByRole: by.role, blockedAt: now };
  }

  @Delete('blocked-phones/:id')
  @ApiOkResponse({ type: PhoneUnblockedView })
  async unblockPhone(@Param('id') id: string, @CurrentAdmin() admin: AdminPrincipal): Promise<PhoneUnblockedView> {
    const subjectId = subjectParam(id);
    await this.commandBus.execute(
      new ExecuteDeciderCommand({ stream: phoneBlockStream(subjectId), decider: phoneBlockDecider, command: { type: 'UnblockPhone', data: { subjectId, by: staffActorOf(admin), now: new Date().toISOString() } } }),
    );
    return { id: subjectId, unblocked: true };
  }
}

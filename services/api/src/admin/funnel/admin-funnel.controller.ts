import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { FunnelReads } from '../../reads/funnel.reads.js';
import { daysBefore, parseDay, shopToday } from '../shared/shop-day.js';
import { FunnelQueryDto, FunnelView } from './funnel-response.js';

const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;

@ApiTags('admin: funnel')
@AdminOnly('analytics.read')
@Controller('admin/funnel')
export class AdminFunnelController {
  constructor(private readonly funnel: FunnelReads) {}

  @Get()
  @ReadsProjections('cart-funnel')
  @ApiOkResponse({ type: FunnelView })
  async getFunnel(@Query() query: FunnelQueryDto): Promise<FunnelView> {
    const to = parseDay(query.to, 'to') ?? shopToday();
    const from = parseDay(query.from, 'from') ?? daysBefore(to, DEFAULT_DAYS - 1);
    const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
    if (span < 0) throw new BadRequestException('from must not be after to');
    if (span >= MAX_DAYS) throw new BadRequestException(`The period can be at most ${MAX_DAYS} days`);
    return this.funnel.funnel(from, to, query.idleHours ?? 24);
  }
}

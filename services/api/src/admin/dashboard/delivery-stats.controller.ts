import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { DeliveryOutcomeReads } from '../../reads/delivery-outcomes.reads.js';
import { daysBefore, parseDay, shopToday } from '../shared/shop-day.js';
import { DeliveryByGovernorateView } from './delivery-stats.response.js';

const DEFAULT_DAYS = 30;

@ApiTags('admin: dashboard')
@AdminOnly('dashboard.read')
@Controller('admin/dashboard/delivery-by-governorate')
export class AdminDeliveryStatsController {
  constructor(private readonly outcomes: DeliveryOutcomeReads) {}

  @Get()
  @ReadsProjections('cod-outcomes')
  @ApiQuery({ name: 'from', required: false, description: `YYYY-MM-DD (a Cairo day); default ${DEFAULT_DAYS - 1} days before to` })
  @ApiQuery({ name: 'to', required: false, description: 'YYYY-MM-DD, inclusive; default today (Cairo)' })
  @ApiOkResponse({ type: DeliveryByGovernorateView })
  async getDeliveryByGovernorate(@Query() query: Record<string, unknown>): Promise<DeliveryByGovernorateView> {
    const to = parseDay(query.to, 'to') ?? shopToday();
    const from = parseDay(query.from, 'from') ?? daysBefore(to, DEFAULT_DAYS - 1);
    if (from > to) throw new BadRequestException('from must not be after to');
    return this.outcomes.byGovernorate(from, to);
  }
}

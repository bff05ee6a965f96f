import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { DeliveryOutcomeEntity } from '#read-models/delivery-outcome.entity.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { SHOP_TIME_ZONE } from '#domain/shop-config.js';
import { daysBefore, parseDay, shopToday } from '../shared/shop-day.js';
import { DeliveryByGovernorateView } from './delivery-stats.response.js';

const DEFAULT_DAYS = 30;
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * Delivery by governorate over a period of Cairo days: how many parcels were delivered and
 * refused at the door (by the day the outcome was recorded, so a past period's figures stay put)
 * and the median days from placing to delivery. Aggregates delivery_outcomes, one row per order
 * that reached the door, kept by the cod-outcomes projection; the index on outcome_at bounds
 * the rows read to the period's.
 */
@ApiTags('admin: dashboard')
@AdminOnly()
@Controller('admin/dashboard/delivery-by-governorate')
export class AdminDeliveryStatsController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  @ReadsProjections('cod-outcomes')
  @ApiQuery({ name: 'from', required: false, description: `YYYY-MM-DD (a Cairo day); default ${DEFAULT_DAYS - 1} days before to` })
  @ApiQuery({ name: 'to', required: false, description: 'YYYY-MM-DD, inclusive; default today (Cairo)' })
  @ApiOkResponse({ type: DeliveryByGovernorateView })
  async getDeliveryByGovernorate(@Query() query: Record<string, unknown>): Promise<DeliveryByGovernorateView> {
    const to = parseDay(query.to, 'to') ?? shopToday();
    const from = parseDay(query.from, 'from') ?? daysBefore(to, DEFAULT_DAYS - 1);
    if (from > to) throw new BadRequestException('from must not be after to');
    const table = this.dataSource.getMetadata(DeliveryOutcomeEntity).tablePath;
    const rows: Array<{ governorate: string; delivered: number; refused: number; median: number | null }> = await this.dataSource.query(
      `SELECT governorate, count(*) FILTER (WHERE outcome = 'DELIVERED')::int AS delivered, count(*) FILTER (WHERE outcome = 'REFUSED')::int AS refused,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY days) FILTER (WHERE outcome = 'DELIVERED') AS median
         FROM ${table}
        WHERE outcome_at >= ($1::date)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}' AND outcome_at < ($2::date + 1)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}'
        GROUP BY governorate
        ORDER BY count(*) DESC, governorate`,
      [from, to],
    );
    return {
      from,
      to,
      governorates: rows.map((r) => {
        const atDoor = r.delivered + r.refused;
        return {
          governorate: r.governorate,
          delivered: r.delivered,
          refused: r.refused,
          deliveredRate: round(r.delivered / atDoor, 4),
          refusedRate: round(r.refused / atDoor, 4),
          medianDaysToDeliver: r.median === null ? null : round(Number(r.median), 1),
        };
      }),
    };
  }
}

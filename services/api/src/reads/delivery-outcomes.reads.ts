import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SHOP_TIME_ZONE } from '#domain/shop-config.js';
import { DeliveryOutcomeEntity } from '#read-models/delivery-outcome.entity.js';
import type { DeliveryByGovernorateView } from '../admin/dashboard/delivery-stats.response.js';

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * Delivery by governorate over a period of Cairo days: how many parcels were delivered and
 * refused at the door (by the day the outcome was recorded, so a past period's figures stay put)
 * and the median days from placing to delivery. Aggregates delivery_outcomes, one row per order
 * that reached the door, kept by the cod-outcomes projection; the index on outcome_at bounds
 * the rows read to the period's.
 */
@Injectable()
export class DeliveryOutcomeReads {
  constructor(private readonly dataSource: DataSource) {}

  /** from and to: Cairo days (YYYY-MM-DD), both included. */
  async byGovernorate(from: string, to: string): Promise<DeliveryByGovernorateView> {
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

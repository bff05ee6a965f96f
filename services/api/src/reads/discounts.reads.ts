import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DiscountSnapshot } from '#domain/pricing/catalogue-snapshot.js';
import { discountStatus } from '#domain/promotion/discount-window.js';
import { shopDate } from '#domain/shared/shop-date.js';
import { READ_SCHEMA } from '#read-models/column-types.js';
import { DiscountEntity } from '#read-models/discount.entity.js';
import type { AdminDiscountView } from '../admin/discounts/discount-response.js';
import type { DiscountView } from '../catalog/shop-content-response.js';
import { preparedRows } from './prepared-rows.js';

/**
 * The discounts read model: those in force today for the shop, all of them for the back-office.
 * "In force" is decided here, at read time, from each row's window: no event marks the day a
 * window opens or closes (docs/adr/020).
 */
@Injectable()
export class DiscountReads {
  constructor(private readonly dataSource: DataSource) {}

  /** Active discounts whose window holds `today` (a shop day); both ends inclusive. */
  async inForce(today: string = shopDate(new Date())): Promise<DiscountSnapshot[]> {
    // Every uncached page of posters asks this: one prepared statement.
    return preparedRows<DiscountSnapshot>(
      this.dataSource,
      'discounts-in-force',
      `SELECT id AS "discountId", category, percentage, active, starts_on AS "startsOn", ends_on AS "endsOn" FROM ${READ_SCHEMA}.discounts
       WHERE active AND (starts_on IS NULL OR starts_on <= $1) AND (ends_on IS NULL OR ends_on >= $1) ORDER BY id`,
      [today],
    );
  }

  async active(): Promise<DiscountView[]> {
    return (await this.inForce()).map((d) => ({ id: d.discountId, category: d.category, percentage: d.percentage, active: d.active, startsOn: d.startsOn ?? null, endsOn: d.endsOn ?? null }));
  }

  async all(): Promise<AdminDiscountView[]> {
    const today = shopDate(new Date());
    const rows = await this.dataSource.getRepository(DiscountEntity).find({ order: { id: 'ASC' } });
    return rows.map((d) => ({
      id: d.id, category: d.category, percentage: d.percentage, active: d.active, startsOn: d.startsOn, endsOn: d.endsOn,
      status: discountStatus(d, today), createdAt: d.createdAt,
    }));
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DiscountSnapshot } from '#domain/pricing/catalogue-snapshot.js';
import { discountStatus } from '#domain/promotion/discount-window.js';
import { shopDate } from '#domain/shared/shop-date.js';
import { DiscountEntity } from '#read-models/discount.entity.js';
import type { AdminDiscountView } from '../admin/discounts/discount-response.js';
import type { DiscountView } from '../catalog/shop-content-response.js';
import { entityColumns, preparedRows } from './prepared-rows.js';

/** What a discount's snapshot (the pricing code's input) reads of its row. */
const SNAPSHOT_FIELDS = ['id', 'category', 'percentage', 'active', 'startsOn', 'endsOn'] as const satisfies readonly (keyof DiscountEntity)[];

/**
 * The discounts read model: those in force today for the shop, all of them for the back-office.
 * "In force" is decided here, at read time, from each row's window: no event marks the day a
 * window opens or closes (docs/adr/020).
 */
@Injectable()
export class DiscountReads {
  /** The select list of a discount's snapshot, made once from the entity's mapping. */
  private snapshotColumns?: { table: string; columns: string };

  constructor(private readonly dataSource: DataSource) {}

  /** Active discounts whose window holds `today` (a shop day); both ends inclusive. */
  async inForce(today: string = shopDate(new Date())): Promise<DiscountSnapshot[]> {
    // Every uncached page of posters asks this: one prepared statement.
    const { table, columns } = (this.snapshotColumns ??= entityColumns(this.dataSource, DiscountEntity, SNAPSHOT_FIELDS));
    const rows = await preparedRows<Pick<DiscountEntity, (typeof SNAPSHOT_FIELDS)[number]>>(
      this.dataSource,
      'discounts-in-force',
      `SELECT ${columns} FROM ${table}
       WHERE active AND (starts_on IS NULL OR starts_on <= $1) AND (ends_on IS NULL OR ends_on >= $1) ORDER BY id`,
      [today],
    );
    return rows.map(({ id, ...d }) => ({ discountId: id, ...d }));
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

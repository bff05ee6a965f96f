import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DiscountEntity } from '#read-models/discount.entity.js';
import type { AdminDiscountView } from '../admin/discounts/discount-response.js';
import type { DiscountView } from '../catalog/shop-content-response.js';

/** The discounts read model: the active ones for the shop, all of them for the back-office. */
@Injectable()
export class DiscountReads {
  constructor(private readonly dataSource: DataSource) {}

  async active(): Promise<DiscountView[]> {
    const rows = await this.dataSource.getRepository(DiscountEntity).find({ where: { active: true }, order: { id: 'ASC' } });
    return rows.map((d) => ({ id: d.id, category: d.category, percentage: d.percentage, active: d.active }));
  }

  async all(): Promise<AdminDiscountView[]> {
    const rows = await this.dataSource.getRepository(DiscountEntity).find({ order: { id: 'ASC' } });
    return rows.map((d) => ({ id: d.id, category: d.category, percentage: d.percentage, active: d.active, createdAt: d.createdAt }));
  }
}

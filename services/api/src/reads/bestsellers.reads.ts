import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BestsellerEntity } from '#read-models/bestseller.entity.js';
import { PosterEntity } from '#read-models/poster.entity.js';
import { posterCard, SHOP_CARD_FIELDS } from '../catalog/poster-view.js';
import type { BestsellerView } from '../catalog/poster-response.js';
import { DiscountReads } from './discounts.reads.js';

/** The bestsellers read model, joined to the posters still on sale. */
@Injectable()
export class BestsellerReads {
  constructor(
    private readonly dataSource: DataSource,
    private readonly discounts: DiscountReads,
  ) {}

  /** Most ordered posters still on sale (hidden or deleted ones drop out). */
  async top(limit: number): Promise<BestsellerView[]> {
    const rows = await this.dataSource
      .getRepository(BestsellerEntity)
      .createQueryBuilder('b')
      .innerJoinAndMapOne('b.poster', PosterEntity, 'p', 'p.id = b.posterId AND p.visible = true AND p.deleted = false')
      .select(['b.posterId', 'b.totalOrdered', ...SHOP_CARD_FIELDS.map((f) => `p.${f}`)])
      .where('b.totalOrdered > 0')
      .orderBy('b.totalOrdered', 'DESC')
      .addOrderBy('b.posterId', 'ASC')
      .take(limit)
      .getMany();
    const inForce = await this.discounts.inForce();
    return rows.map((b) => ({ posterId: b.posterId, totalOrdered: b.totalOrdered, poster: posterCard((b as BestsellerEntity & { poster: PosterEntity }).poster, inForce) }));
  }
}

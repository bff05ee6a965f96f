import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { BestsellerEntity } from '#read-models/bestseller.entity.js';
import { PosterEntity } from '#read-models/poster.entity.js';
import { posterView } from '../poster-view.js';
import type { BestsellerView } from '../poster-response.js';

export class ListBestsellersQuery extends Query<BestsellerView[]> {
  constructor(readonly limit: number) {
    super();
  }
}

/** Most ordered posters still on sale (hidden or deleted ones drop out). */
@QueryHandler(ListBestsellersQuery)
export class ListBestsellersHandler implements IQueryHandler<ListBestsellersQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ limit }: ListBestsellersQuery): Promise<BestsellerView[]> {
    const rows = await this.dataSource
      .getRepository(BestsellerEntity)
      .createQueryBuilder('b')
      .innerJoinAndMapOne('b.poster', PosterEntity, 'p', 'p.id = b.posterId AND p.visible = true AND p.deleted = false')
      .where('b.totalOrdered > 0')
      .orderBy('b.totalOrdered', 'DESC')
      .addOrderBy('b.posterId', 'ASC')
      .take(limit)
      .getMany();
    return rows.map((b) => ({ posterId: b.posterId, totalOrdered: b.totalOrdered, poster: posterView((b as BestsellerEntity & { poster: PosterEntity }).poster) }));
  }
}

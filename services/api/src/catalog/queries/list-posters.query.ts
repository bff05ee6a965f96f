import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { PosterEntity } from '#read-models/poster.entity.js';
import { likePattern, page, posterView, type Page } from '../poster-view.js';
import type { PosterView } from '../poster-response.js';

export const DEFAULT_PAGE_SIZE = 20;

export class ListPostersQuery extends Query<Page<PosterView>> {
  constructor(readonly options: { page: number; limit: number; search?: string; category?: string }) {
    super();
  }
}

/** The shop's grid: visible, not deleted, newest first; search on name or description, any case. */
@QueryHandler(ListPostersQuery)
export class ListPostersHandler implements IQueryHandler<ListPostersQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ options }: ListPostersQuery): Promise<Page<PosterView>> {
    const qb = this.dataSource
      .getRepository(PosterEntity)
      .createQueryBuilder('p')
      .where('p.visible = true AND p.deleted = false');
    if (options.category) qb.andWhere('p.category = :category', { category: options.category });
    if (options.search) qb.andWhere('(p.name ILIKE :q OR p.description ILIKE :q)', { q: likePattern(options.search) });
    // One round trip: the page and the total (a window count over the filtered rows).
    const { entities, raw } = await qb
      .addSelect('COUNT(*) OVER ()', 'total_items')
      .orderBy('p.createdAt', 'DESC')
      .addOrderBy('p.id', 'ASC')
      .offset((options.page - 1) * options.limit)
      .limit(options.limit)
      .getRawAndEntities<{ total_items: string }>();
    // Past the last page there is no row to carry the total: count separately (rare).
    const total = raw.length > 0 ? Number(raw[0].total_items) : await qb.clone().offset(undefined).limit(undefined).getCount();
    return page(entities.map(posterView), total, options.page, options.limit);
  }
}

export class ListRecommendationsQuery extends Query<PosterView[]> {
  constructor(readonly category: string, readonly exclude: string | undefined, readonly limit = 4) {
    super();
  }
}

/** "You may also like": same category, the current poster left out, at most 4. */
@QueryHandler(ListRecommendationsQuery)
export class ListRecommendationsHandler implements IQueryHandler<ListRecommendationsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(q: ListRecommendationsQuery): Promise<PosterView[]> {
    const qb = this.dataSource
      .getRepository(PosterEntity)
      .createQueryBuilder('p')
      .where('p.visible = true AND p.deleted = false AND p.category = :category', { category: q.category });
    if (q.exclude) qb.andWhere('p.id <> :exclude', { exclude: q.exclude });
    const rows = await qb.orderBy('p.createdAt', 'DESC').addOrderBy('p.id', 'ASC').take(Math.min(q.limit, 4)).getMany();
    return rows.map(posterView);
  }
}

import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PosterEntity } from '#read-models/poster.entity.js';
import { adminPosterView } from '../admin/posters/admin-poster-view.js';
import type { AdminPosterPage, AdminPosterView } from '../admin/posters/admin-poster-response.js';
import { foldedLikePattern, readPage, type Paging } from '../admin/shared/paging.js';
import { page, posterView, type Page } from '../catalog/poster-view.js';
import type { PosterView } from '../catalog/poster-response.js';
import { DiscountReads } from './discounts.reads.js';

/**
 * The posters read model: the shop's grid (visible, not deleted) and the back-office's lists,
 * priced with the category discounts in force today (one small read of the discounts each).
 */
@Injectable()
export class PosterReads {
  constructor(
    private readonly dataSource: DataSource,
    private readonly discounts: DiscountReads,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(PosterEntity);
  }

  /** The shop's grid: visible, not deleted, newest first; search on name and description, folded (foldForSearch). */
  async onSale(options: { page: number; limit: number; search?: string; category?: string }): Promise<Page<PosterView>> {
    const qb = this.repo.createQueryBuilder('p').where('p.visible = true AND p.deleted = false');
    if (options.category) qb.andWhere('p.category = :category', { category: options.category });
    if (options.search) qb.andWhere('p.search_text LIKE :like', { like: foldedLikePattern(options.search) });
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
    const inForce = await this.discounts.inForce();
    return page(entities.map((p) => posterView(p, inForce)), total, options.page, options.limit);
  }

  /** "You may also like": same category, the current poster left out, at most 4. */
  async recommendations(category: string, exclude: string | undefined, limit = 4): Promise<PosterView[]> {
    const qb = this.repo.createQueryBuilder('p').where('p.visible = true AND p.deleted = false AND p.category = :category', { category });
    if (exclude) qb.andWhere('p.id <> :exclude', { exclude });
    const rows = await qb.orderBy('p.createdAt', 'DESC').addOrderBy('p.id', 'ASC').take(Math.min(limit, 4)).getMany();
    const inForce = await this.discounts.inForce();
    return rows.map((p) => posterView(p, inForce));
  }

  /** Hidden and deleted posters are "not found" to shoppers. */
  async onSaleById(posterId: string): Promise<PosterView> {
    const row = await this.repo.findOneBy({ id: posterId, visible: true, deleted: false });
    if (!row) throw new NotFoundException('Poster not found');
    return posterView(row, await this.discounts.inForce());
  }

  /** The back-office list: every poster not deleted, newest first; search on name or description. */
  async adminPage(paging: Paging, search: string | undefined): Promise<AdminPosterPage> {
    const qb = this.repo.createQueryBuilder('p').where('p.deleted = false');
    // The column of posters_search_trgm_idx.
    if (search) qb.andWhere('p.search_text LIKE :like', { like: foldedLikePattern(search) });
    const { rows, info } = await readPage(qb.orderBy('p.createdAt', 'DESC').addOrderBy('p.id', 'DESC'), paging);
    const inForce = await this.discounts.inForce();
    return { data: rows.map((p) => adminPosterView(p, inForce)), ...info };
  }

  async deleted(): Promise<AdminPosterView[]> {
    const rows = await this.repo.find({ where: { deleted: true }, order: { deletedAt: 'DESC' } });
    const inForce = await this.discounts.inForce();
    return rows.map((p) => adminPosterView(p, inForce));
  }

  async byId(id: string): Promise<AdminPosterView> {
    const row = await this.repo.findOneBy({ id });
    if (!row) throw new NotFoundException('Poster not found');
    return adminPosterView(row, await this.discounts.inForce());
  }

  async imageUrl(posterId: string): Promise<string> {
    const row = await this.repo.findOne({ where: { id: posterId }, select: { id: true, imageUrl: true } });
    if (!row) throw new NotFoundException('Poster not found');
    return row.imageUrl;
  }
}

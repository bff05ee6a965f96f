import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PosterEntity } from '#read-models/poster.entity.js';
import { adminPosterView } from '../admin/posters/admin-poster-view.js';
import type { AdminPosterPage, AdminPosterView } from '../admin/posters/admin-poster-response.js';
import { foldedLikePattern, readPage, type Paging } from '../admin/shared/paging.js';
import { page, posterCard, posterView, SHOP_CARD_FIELDS, type Page, type ShopCardRow } from '../catalog/poster-view.js';
import type { PosterCardView, PosterView } from '../catalog/poster-response.js';
import { DiscountReads } from './discounts.reads.js';
import { entityColumns, preparedRows } from './prepared-rows.js';

/**
 * The posters read model: the shop's grid (visible, not deleted) and the back-office's lists,
 * priced with the category discounts in force today (one small read of the discounts each).
 */
@Injectable()
export class PosterReads {
  /** The select list of a card, made once from the entity's mapping. */
  private cardColumns?: { table: string; columns: string };

  constructor(
    private readonly dataSource: DataSource,
    private readonly discounts: DiscountReads,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(PosterEntity);
  }

  /**
   * The shop's grid: visible, not deleted, newest first; search on name and description, folded
   * (foldForSearch). Every search and every uncached page comes here: one prepared statement per
   * combination of filters, the page and its total in one round trip.
   */
  async onSale(options: { page: number; limit: number; search?: string; category?: string }): Promise<Page<PosterCardView>> {
    // $1 and $2 are the range; the filters' values follow.
    const filters: string[] = [];
    const filterValues: unknown[] = [];
    const param = (value: unknown) => `$${filterValues.push(value) + 2}`;
    if (options.category) filters.push(`category = ${param(options.category)}`);
    // The column of posters_search_trgm_idx.
    if (options.search) filters.push(`search_text LIKE ${param(foldedLikePattern(options.search))}`);
    const name = `posters-on-sale${options.category ? '-category' : ''}${options.search ? '-search' : ''}`;
    const { table, columns } = (this.cardColumns ??= entityColumns(this.dataSource, PosterEntity, SHOP_CARD_FIELDS));
    const run = (offset: number, limit: number) =>
      preparedRows<ShopCardRow & { totalItems: string }>(
        this.dataSource,
        name,
        `SELECT ${columns}, COUNT(*) OVER () AS "totalItems" FROM ${table}
         WHERE ${['visible', 'NOT deleted', ...filters].join(' AND ')} ORDER BY created_at DESC, id ASC OFFSET $1 LIMIT $2`,
        [offset, limit, ...filterValues],
      );
    const [rows, inForce] = await Promise.all([run((options.page - 1) * options.limit, options.limit), this.discounts.inForce()]);
    // Past the last page no row carries the total: the first row does (rare).
    const carrier = rows[0] ?? (options.page > 1 ? (await run(0, 1))[0] : undefined);
    const total = carrier ? Number(carrier.totalItems) : 0;
    return page(rows.map((p) => posterCard(p, inForce)), total, options.page, options.limit);
  }

  /** "You may also like": same category, the current poster left out, at most 4. */
  async recommendations(category: string, exclude: string | undefined, limit = 4): Promise<PosterCardView[]> {
    const qb = this.repo
      .createQueryBuilder('p')
      .select(SHOP_CARD_FIELDS.map((f) => `p.${f}`))
      .where('p.visible = true AND p.deleted = false AND p.category = :category', { category });
    if (exclude) qb.andWhere('p.id <> :exclude', { exclude });
    const rows = await qb.orderBy('p.createdAt', 'DESC').addOrderBy('p.id', 'ASC').take(Math.min(limit, 4)).getMany();
    const inForce = await this.discounts.inForce();
    return rows.map((p) => posterCard(p, inForce));
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

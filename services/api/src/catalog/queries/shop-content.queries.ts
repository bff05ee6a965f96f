import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { piastresToEgp } from '#domain/shared/money.js';
import { CATEGORIES, DEFAULT_CUSTOM_PRICES, SIZES, SIZE_LABELS } from '#domain/shop-config.js';
import { AnnouncementEntity } from '#read-models/announcement.entity.js';
import { CategoryEntity } from '#read-models/category.entity.js';
import { CustomPriceEntity } from '#read-models/custom-price.entity.js';
import { DiscountEntity } from '#read-models/discount.entity.js';
import { GalleryImageEntity } from '#read-models/gallery-image.entity.js';
import { ProductEntity } from '#read-models/product.entity.js';
import type { AddOnView, AnnouncementView, CustomPriceView, DiscountView, GalleryImageView } from '../shop-content-response.js';

/** Small public reads of the storefront, one query each. */

export class ListCategoriesQuery extends Query<string[]> {}

/** Categories that have at least one poster on sale, in the shop's fixed order. */
@QueryHandler(ListCategoriesQuery)
export class ListCategoriesHandler implements IQueryHandler<ListCategoriesQuery> {
  constructor(private readonly dataSource: DataSource) {}
  async execute(): Promise<string[]> {
    const rows = await this.dataSource.getRepository(CategoryEntity).find();
    const withPosters = new Set(rows.filter((r) => r.posterCount > 0).map((r) => r.name));
    const order = CATEGORIES as readonly string[];
    return [...withPosters].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b));
  }
}

export class ListActiveDiscountsQuery extends Query<DiscountView[]> {}

@QueryHandler(ListActiveDiscountsQuery)
export class ListActiveDiscountsHandler implements IQueryHandler<ListActiveDiscountsQuery> {
  constructor(private readonly dataSource: DataSource) {}
  async execute(): Promise<DiscountView[]> {
    const rows = await this.dataSource.getRepository(DiscountEntity).find({ where: { active: true }, order: { id: 'ASC' } });
    return rows.map((d) => ({ id: d.id, category: d.category, percentage: d.percentage, active: d.active }));
  }
}

export class ListProductsQuery extends Query<AddOnView[]> {}

@QueryHandler(ListProductsQuery)
export class ListProductsHandler implements IQueryHandler<ListProductsQuery> {
  constructor(private readonly dataSource: DataSource) {}
  async execute(): Promise<AddOnView[]> {
    const rows = await this.dataSource.getRepository(ProductEntity).find({ where: { deleted: false }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map((p) => ({ id: p.id, name: p.name, description: p.description, price: piastresToEgp(p.price), imageUrl: p.imageUrl }));
  }
}

export class GetAnnouncementQuery extends Query<AnnouncementView> {}

@QueryHandler(GetAnnouncementQuery)
export class GetAnnouncementHandler implements IQueryHandler<GetAnnouncementQuery> {
  constructor(private readonly dataSource: DataSource) {}
  async execute(): Promise<AnnouncementView> {
    const [row] = await this.dataSource.getRepository(AnnouncementEntity).find({ order: { updatedAt: 'DESC' }, take: 1 });
    return { text: row?.text ? row.text : null };
  }
}

export class ListGalleryQuery extends Query<GalleryImageView[]> {}

@QueryHandler(ListGalleryQuery)
export class ListGalleryHandler implements IQueryHandler<ListGalleryQuery> {
  constructor(private readonly dataSource: DataSource) {}
  async execute(): Promise<GalleryImageView[]> {
    const rows = await this.dataSource.getRepository(GalleryImageEntity).find({ order: { addedAt: 'DESC', id: 'ASC' } });
    return rows.map((g) => ({ id: g.id, imageUrl: g.imageUrl }));
  }
}

export class ListCustomPricesQuery extends Query<CustomPriceView[]> {}

/** Every size, with the admin's price or the shop default when none was set. */
@QueryHandler(ListCustomPricesQuery)
export class ListCustomPricesHandler implements IQueryHandler<ListCustomPricesQuery> {
  constructor(private readonly dataSource: DataSource) {}
  async execute(): Promise<CustomPriceView[]> {
    const rows = await this.dataSource.getRepository(CustomPriceEntity).find();
    const bySize = new Map(rows.map((r) => [r.size, r.price]));
    return SIZES.map((size) => ({ size, label: SIZE_LABELS[size], price: piastresToEgp(bySize.get(size) ?? DEFAULT_CUSTOM_PRICES[size]) }));
  }
}

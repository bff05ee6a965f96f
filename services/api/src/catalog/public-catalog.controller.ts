import { Controller, Get, Param, Query as QueryParam } from '@nestjs/common';
import { ApiExtraModels, ApiNotFoundResponse, ApiOkResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ReadsProjections } from '../common/reads-projections.decorator.js';
import { toInteger } from '../common/strict-integer.js';
import { ListPostersQueryDto } from './dto/list-posters.query.dto.js';
import { BestsellerView, PosterCardView, PosterPage, PosterView } from './poster-response.js';
import { AddOnView, AnnouncementView, CustomPriceView, DiscountView, GalleryImageView } from './shop-content-response.js';
import { AnnouncementReads } from '../reads/announcement.reads.js';
import { BestsellerReads } from '../reads/bestsellers.reads.js';
import { CategoryReads } from '../reads/categories.reads.js';
import { CustomPriceReads } from '../reads/custom-prices.reads.js';
import { DiscountReads } from '../reads/discounts.reads.js';
import { GalleryReads } from '../reads/gallery.reads.js';
import { PosterReads } from '../reads/posters.reads.js';
import { ProductReads } from '../reads/products.reads.js';

const FEATURED_COUNT = 6;
const DEFAULT_PAGE_SIZE = 20;

class LimitQueryDto {
  @IsOptional() @Transform(toInteger) @IsInt() @Min(1) @Max(20)
  limit?: number;
}

/** The storefront's reads. Hidden and deleted posters never appear here. */
@ApiTags('public')
@ApiExtraModels(PosterPage, PosterCardView)
@Controller()
export class PublicCatalogController {
  constructor(
    private readonly posters: PosterReads,
    private readonly bestsellers: BestsellerReads,
    private readonly categories: CategoryReads,
    private readonly discounts: DiscountReads,
    private readonly products: ProductReads,
    private readonly announcement: AnnouncementReads,
    private readonly gallery: GalleryReads,
    private readonly customPrices: CustomPriceReads,
  ) {}

  @Get('public/posters')
  @ReadsProjections('posters', 'discounts')
  @ApiOkResponse({
    description: 'A page of posters; with ?categories=X the recommendations of that category answer instead: a bare array (≤ 4)',
    schema: { oneOf: [{ $ref: getSchemaPath(PosterPage) }, { type: 'array', items: { $ref: getSchemaPath(PosterCardView) } }] },
  })
  async getPosters(@QueryParam() q: ListPostersQueryDto): Promise<PosterPage | PosterCardView[]> {
    if (q.categories) return this.posters.recommendations(q.categories, q.exclude);
    const { items, ...pagination } = await this.posters.onSale({ page: q.page ?? 1, limit: q.limit ?? DEFAULT_PAGE_SIZE, search: q.search, category: q.category });
    return { posters: items, ...pagination };
  }

  // Declared before :id so "bestsellers" is not taken for an id.
  @Get('public/posters/bestsellers')
  @ReadsProjections('bestsellers', 'posters', 'discounts')
  @ApiOkResponse({ type: [BestsellerView] })
  getBestsellers(@QueryParam() q: LimitQueryDto): Promise<BestsellerView[]> {
    return this.bestsellers.top(q.limit ?? 8);
  }

  @Get('public/posters/:id')
  @ReadsProjections('posters', 'discounts')
  @ApiOkResponse({ type: PosterView })
  @ApiNotFoundResponse({ description: 'Poster not found (also for hidden or deleted posters)' })
  getPoster(@Param('id') id: string): Promise<PosterView> {
    return this.posters.onSaleById(id);
  }

  @Get('public/featured')
  @ReadsProjections('posters', 'discounts')
  @ApiOkResponse({ type: [PosterCardView] })
  async getFeatured(): Promise<PosterCardView[]> {
    const { items } = await this.posters.onSale({ page: 1, limit: FEATURED_COUNT });
    return items;
  }

  @Get('public/categories')
  @ReadsProjections('categories')
  @ApiOkResponse({ description: 'category codes with at least one poster on sale', type: [String] })
  getCategories(): Promise<string[]> {
    return this.categories.withPosters();
  }

  @Get('public/discounts')
  @ReadsProjections('discounts')
  @ApiOkResponse({ type: [DiscountView] })
  getPublicDiscounts(): Promise<DiscountView[]> {
    return this.discounts.active();
  }

  @Get('public/products')
  @ReadsProjections('products')
  @ApiOkResponse({ type: [AddOnView] })
  getProducts(): Promise<AddOnView[]> {
    return this.products.onSale();
  }

  @Get('public/announcement')
  @ReadsProjections('announcement')
  @ApiOkResponse({ type: AnnouncementView })
  getAnnouncement(): Promise<AnnouncementView> {
    return this.announcement.banner();
  }

  @Get('gallery')
  @ReadsProjections('gallery')
  @ApiOkResponse({ type: [GalleryImageView] })
  getGallery(): Promise<GalleryImageView[]> {
    return this.gallery.images();
  }

  @Get('pricing')
  @ReadsProjections('custom-pricing')
  @ApiOkResponse({ type: [CustomPriceView] })
  getPricing(): Promise<CustomPriceView[]> {
    return this.customPrices.all();
  }
}

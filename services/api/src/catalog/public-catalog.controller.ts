import { Controller, Get, Param, Query as QueryParam } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiNotFoundResponse, ApiOkResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ReadsProjections } from '../common/reads-projections.decorator.js';
import { toInteger } from '../common/strict-integer.js';
import { ListPostersQueryDto } from './dto/list-posters.query.dto.js';
import { BestsellerView, PosterPage, PosterView } from './poster-response.js';
import { AddOnView, AnnouncementView, CustomPriceView, DiscountView, GalleryImageView } from './shop-content-response.js';
import { GetPublicPosterQuery } from './queries/get-poster.query.js';
import { ListBestsellersQuery } from './queries/list-bestsellers.query.js';
import { DEFAULT_PAGE_SIZE, ListPostersQuery, ListRecommendationsQuery } from './queries/list-posters.query.js';
import {
  GetAnnouncementQuery,
  ListActiveDiscountsQuery,
  ListCategoriesQuery,
  ListCustomPricesQuery,
  ListGalleryQuery,
  ListProductsQuery,
} from './queries/shop-content.queries.js';

const FEATURED_COUNT = 6;

class LimitQueryDto {
  @IsOptional() @Transform(toInteger) @IsInt() @Min(1) @Max(20)
  limit?: number;
}

/** The storefront's reads. Hidden and deleted posters never appear here. */
@ApiTags('public')
@ApiExtraModels(PosterPage, PosterView)
@Controller()
export class PublicCatalogController {
  constructor(private readonly queries: QueryBus) {}

  @Get('public/posters')
  @ReadsProjections('posters')
  @ApiOkResponse({
    description: 'A page of posters; with ?categories=X the spec\'s recommendations answer instead: a bare array (≤ 4)',
    schema: { oneOf: [{ $ref: getSchemaPath(PosterPage) }, { type: 'array', items: { $ref: getSchemaPath(PosterView) } }] },
  })
  async getPosters(@QueryParam() q: ListPostersQueryDto): Promise<PosterPage | PosterView[]> {
    if (q.categories) return this.queries.execute(new ListRecommendationsQuery(q.categories, q.exclude));
    const { items, ...pagination } = await this.queries.execute(
      new ListPostersQuery({ page: q.page ?? 1, limit: q.limit ?? DEFAULT_PAGE_SIZE, search: q.search, category: q.category }),
    );
    return { posters: items, ...pagination };
  }

  // Declared before :id so "bestsellers" is not taken for an id.
  @Get('public/posters/bestsellers')
  @ReadsProjections('bestsellers', 'posters')
  @ApiOkResponse({ type: [BestsellerView] })
  getBestsellers(@QueryParam() q: LimitQueryDto): Promise<BestsellerView[]> {
    return this.queries.execute(new ListBestsellersQuery(q.limit ?? 8));
  }

  @Get('public/posters/:id')
  @ReadsProjections('posters')
  @ApiOkResponse({ type: PosterView })
  @ApiNotFoundResponse({ description: 'Poster not found (also for hidden or deleted posters)' })
  getPoster(@Param('id') id: string): Promise<PosterView> {
    return this.queries.execute(new GetPublicPosterQuery(id));
  }

  @Get('public/featured')
  @ReadsProjections('posters')
  @ApiOkResponse({ type: [PosterView] })
  async getFeatured(): Promise<PosterView[]> {
    const { items } = await this.queries.execute(new ListPostersQuery({ page: 1, limit: FEATURED_COUNT }));
    return items;
  }

  @Get('public/categories')
  @ReadsProjections('categories')
  @ApiOkResponse({ description: 'category codes with at least one poster on sale', type: [String] })
  getCategories(): Promise<string[]> {
    return this.queries.execute(new ListCategoriesQuery());
  }

  @Get('public/discounts')
  @ReadsProjections('discounts')
  @ApiOkResponse({ type: [DiscountView] })
  getPublicDiscounts(): Promise<DiscountView[]> {
    return this.queries.execute(new ListActiveDiscountsQuery());
  }

  @Get('public/products')
  @ReadsProjections('products')
  @ApiOkResponse({ type: [AddOnView] })
  getProducts(): Promise<AddOnView[]> {
    return this.queries.execute(new ListProductsQuery());
  }

  @Get('public/announcement')
  @ReadsProjections('announcement')
  @ApiOkResponse({ type: AnnouncementView })
  getAnnouncement(): Promise<AnnouncementView> {
    return this.queries.execute(new GetAnnouncementQuery());
  }

  @Get('gallery')
  @ReadsProjections('gallery')
  @ApiOkResponse({ type: [GalleryImageView] })
  getGallery(): Promise<GalleryImageView[]> {
    return this.queries.execute(new ListGalleryQuery());
  }

  @Get('pricing')
  @ReadsProjections('custom-pricing')
  @ApiOkResponse({ type: [CustomPriceView] })
  getPricing(): Promise<CustomPriceView[]> {
    return this.queries.execute(new ListCustomPricesQuery());
  }
}

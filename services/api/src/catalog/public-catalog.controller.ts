import { Controller, Get, Param, Query as QueryParam } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ReadsProjections } from '../common/reads-projections.decorator.js';
import { ListPostersQueryDto } from './dto/list-posters.query.dto.js';
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
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(20)
  limit?: number;
}

/** The storefront's reads. Hidden and deleted posters never appear here. */
@ApiTags('public')
@Controller()
export class PublicCatalogController {
  constructor(private readonly queries: QueryBus) {}

  @Get('public/posters')
  @ReadsProjections('posters')
  @ApiOkResponse({ description: 'posters plus currentPage, totalPages, totalItems, itemsPerPage, hasNextPage, hasPreviousPage; with ?categories=X a bare array (≤ 4, recommendations)' })
  async listPosters(@QueryParam() q: ListPostersQueryDto) {
    if (q.categories) return this.queries.execute(new ListRecommendationsQuery(q.categories, q.exclude));
    const { items, ...pagination } = await this.queries.execute(
      new ListPostersQuery({ page: q.page ?? 1, limit: q.limit ?? DEFAULT_PAGE_SIZE, search: q.search, category: q.category }),
    );
    return { posters: items, ...pagination };
  }

  // Declared before :id so "bestsellers" is not taken for an id.
  @Get('public/posters/bestsellers')
  @ReadsProjections('bestsellers', 'posters')
  @ApiOkResponse({ description: 'array of { posterId, totalOrdered, poster }' })
  bestsellers(@QueryParam() q: LimitQueryDto) {
    return this.queries.execute(new ListBestsellersQuery(q.limit ?? 8));
  }

  @Get('public/posters/:id')
  @ReadsProjections('posters')
  @ApiNotFoundResponse({ description: 'Poster not found (also for hidden or deleted posters)' })
  poster(@Param('id') id: string) {
    return this.queries.execute(new GetPublicPosterQuery(id));
  }

  @Get('public/featured')
  @ReadsProjections('posters')
  async featured() {
    const { items } = await this.queries.execute(new ListPostersQuery({ page: 1, limit: FEATURED_COUNT }));
    return items;
  }

  @Get('public/categories')
  @ReadsProjections('categories')
  @ApiOkResponse({ description: 'category codes with at least one poster on sale', type: [String] })
  categories() {
    return this.queries.execute(new ListCategoriesQuery());
  }

  @Get('public/discounts')
  @ReadsProjections('discounts')
  discounts() {
    return this.queries.execute(new ListActiveDiscountsQuery());
  }

  @Get('public/products')
  @ReadsProjections('products')
  products() {
    return this.queries.execute(new ListProductsQuery());
  }

  @Get('public/announcement')
  @ReadsProjections('announcement')
  @ApiOkResponse({ description: '{ text } (null when no announcement is set)' })
  announcement() {
    return this.queries.execute(new GetAnnouncementQuery());
  }

  @Get('gallery')
  @ReadsProjections('gallery')
  gallery() {
    return this.queries.execute(new ListGalleryQuery());
  }

  @Get('pricing')
  @ReadsProjections('custom-pricing')
  pricing() {
    return this.queries.execute(new ListCustomPricesQuery());
  }
}

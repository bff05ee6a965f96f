import { Global, Module } from '@nestjs/common';
import { PublicCatalogController } from './public-catalog.controller.js';
import { GetPublicPosterHandler } from './queries/get-poster.query.js';
import { ListBestsellersHandler } from './queries/list-bestsellers.query.js';
import { ListPostersHandler, ListRecommendationsHandler } from './queries/list-posters.query.js';
import {
  GetAnnouncementHandler,
  ListActiveDiscountsHandler,
  ListCategoriesHandler,
  ListCustomPricesHandler,
  ListGalleryHandler,
  ListProductsHandler,
} from './queries/shop-content.queries.js';
import { ShopConfigController } from './shop-config.controller.js';
import { SHOP_RULES, shopRulesFromEnv } from './shop-rules.js';

/** Public storefront reads (read models) and the shop's rules (SHOP_RULES, global: cart and checkout price with them). */
@Global()
@Module({
  controllers: [ShopConfigController, PublicCatalogController],
  providers: [
    { provide: SHOP_RULES, useFactory: () => shopRulesFromEnv() },
    ListPostersHandler,
    ListRecommendationsHandler,
    GetPublicPosterHandler,
    ListBestsellersHandler,
    ListCategoriesHandler,
    ListActiveDiscountsHandler,
    ListProductsHandler,
    GetAnnouncementHandler,
    ListGalleryHandler,
    ListCustomPricesHandler,
  ],
  exports: [SHOP_RULES],
})
export class CatalogModule {}

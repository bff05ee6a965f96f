import { Global, Module } from '@nestjs/common';
import { PublicCatalogController } from './public-catalog.controller.js';
import { ShopConfigController } from './shop-config.controller.js';
import { SHOP_RULES, shopRulesFromEnv } from './shop-rules.js';

/** Public storefront reads (read models) and the shop's rules (SHOP_RULES, global: cart and checkout price with them). */
@Global()
@Module({
  controllers: [ShopConfigController, PublicCatalogController],
  providers: [{ provide: SHOP_RULES, useFactory: () => shopRulesFromEnv() }],
  exports: [SHOP_RULES],
})
export class CatalogModule {}

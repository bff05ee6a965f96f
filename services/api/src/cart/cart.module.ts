import { Global, Module } from '@nestjs/common';
import { CatalogueLoader } from './catalogue-loader.service.js';
import { CartController } from './cart.controller.js';
import { CartReads } from './cart.reads.js';
import { CartWriter } from './cart-writer.service.js';
import { PromoUses } from './promo-uses.service.js';
import { OrderScreening } from './order-screening.service.js';
import { CheckoutRejectionRecorder } from './checkout-rejection.recorder.js';
import { AddItemToCartHandler } from './commands/add-item-to-cart.handler.js';
import { ApplyPromoCodeHandler } from './commands/apply-promo-code.handler.js';
import { ChangeCartItemHandler } from './commands/change-cart-item.handler.js';
import { CheckOutCartHandler } from './commands/check-out-cart.handler.js';
import { RunCartCommandHandler } from './commands/simple-cart-commands.handler.js';

/** Cart and checkout. Global so the uploads module and the budgets guard can read carts (CartReads). */
@Global()
@Module({
  controllers: [CartController],
  providers: [
    CartReads,
    CatalogueLoader,
    CartWriter,
    AddItemToCartHandler,
    ChangeCartItemHandler,
    RunCartCommandHandler,
    ApplyPromoCodeHandler,
    CheckOutCartHandler,
    CheckoutRejectionRecorder,
    PromoUses,
    OrderScreening,
  ],
  exports: [CartReads, CatalogueLoader, PromoUses, OrderScreening],
})
export class CartModule {}

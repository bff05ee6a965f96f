import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { promoRuleRefusal } from '#domain/pricing/price-cart.js';
import { shopDate } from '#domain/shared/shop-date.js';
import { normalisePromoCode } from '#domain/streams.js';
import { CatalogueLoader } from '../catalogue-loader.service.js';
import { CartWriter, type CartCommandResult } from '../cart-writer.service.js';

export class ApplyPromoCodeCommand extends Command<CartCommandResult> {
  constructor(readonly cartId: string, readonly code: string) {
    super();
  }
}

/**
 * The promo code's own stream says whether it exists and is active, and its rules whether this
 * cart may use it today (dates, minimum subtotal, category); never a read model. Its uses are
 * counted at checkout, where the order and the customer are known.
 */
@CommandHandler(ApplyPromoCodeCommand)
export class ApplyPromoCodeHandler implements ICommandHandler<ApplyPromoCodeCommand> {
  constructor(
    private readonly cart: CartWriter,
    private readonly catalogue: CatalogueLoader,
  ) {}

  async execute({ cartId, code }: ApplyPromoCodeCommand): Promise<CartCommandResult> {
    const promo = await this.catalogue.promoSnapshot(code);
    return this.cart.execute(cartId, async (cart) => {
      if (promo && !promo.deleted && promo.active) {
        const withCode = { ...cart, promoCode: normalisePromoCode(code) };
        const refusal = promoRuleRefusal(withCode, await this.catalogue.forCart(withCode), shopDate(new Date()));
        if (refusal) throw refusal;
      }
      return [{ type: 'ApplyPromoCode', data: { code, promo } }];
    });
  }
}

import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CatalogueLoader } from '../catalogue-loader.service.js';
import { CartWriter, type CartCommandResult } from '../cart-writer.service.js';

export class ApplyPromoCodeCommand extends Command<CartCommandResult> {
  constructor(readonly cartId: string, readonly code: string) {
    super();
  }
}

/** The promo code's own stream says whether it exists and is active; never a read model. */
@CommandHandler(ApplyPromoCodeCommand)
export class ApplyPromoCodeHandler implements ICommandHandler<ApplyPromoCodeCommand> {
  constructor(
    private readonly cart: CartWriter,
    private readonly catalogue: CatalogueLoader,
  ) {}

  async execute({ cartId, code }: ApplyPromoCodeCommand): Promise<CartCommandResult> {
    const promo = await this.catalogue.promoSnapshot(code);
    return this.cart.execute(cartId, [{ type: 'ApplyPromoCode', data: { code, promo } }]);
  }
}

import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { cartStream } from '#domain/streams.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { actAsShopper } from '../../common/request-context.js';
import { CatalogueLoader } from '../catalogue-loader.service.js';
import { CART_RETRIES, cartBatchDecider, type CartCommandResult } from '../cart-commands.js';
import { CartLocks } from '../cart-locks.js';

export class ApplyPromoCodeCommand extends Command<CartCommandResult> {
  constructor(readonly cartId: string, readonly code: string) {
    super();
  }
}

/** The promo code's own stream says whether it exists and is active; never a read model. */
@CommandHandler(ApplyPromoCodeCommand)
export class ApplyPromoCodeHandler implements ICommandHandler<ApplyPromoCodeCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    private readonly catalogue: CatalogueLoader,
    private readonly locks: CartLocks,
  ) {}

  async execute({ cartId, code }: ApplyPromoCodeCommand): Promise<CartCommandResult> {
    actAsShopper(cartId);
    const promo = await this.catalogue.promoSnapshot(code);
    const result = await this.locks.run(cartId, () =>
      this.executor.execute({ stream: cartStream(cartId), decider: cartBatchDecider, command: [{ type: 'ApplyPromoCode', data: { code, promo } }], retries: CART_RETRIES }),
    );
    return { cartId, state: result.state };
  }
}

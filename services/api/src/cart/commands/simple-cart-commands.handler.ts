import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CartCommand } from '#domain/cart/commands.js';
import { cartStream } from '#domain/streams.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { actAsShopper } from '../../common/request-context.js';
import { CART_RETRIES, cartBatchDecider, type CartCommandResult } from '../cart-commands.js';
import { CartLocks } from '../cart-locks.js';

/**
 * Cart commands that need nothing but the cart: remove a line, clear, remove the promo, choose
 * the payment method. One handler: they differ only in the domain command they carry.
 */
export class RunCartCommand extends Command<CartCommandResult> {
  constructor(
    readonly cartId: string,
    readonly command: Extract<CartCommand, { type: 'RemoveItemFromCart' | 'ClearCart' | 'RemovePromoCode' | 'ChoosePaymentMethod' }>,
  ) {
    super();
  }
}

@CommandHandler(RunCartCommand)
export class RunCartCommandHandler implements ICommandHandler<RunCartCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    private readonly locks: CartLocks,
  ) {}

  async execute({ cartId, command }: RunCartCommand): Promise<CartCommandResult> {
    actAsShopper(cartId);
    const result = await this.locks.run(cartId, () =>
      this.executor.execute({ stream: cartStream(cartId), decider: cartBatchDecider, command: [command], retries: CART_RETRIES }),
    );
    return { cartId, state: result.state };
  }
}

import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CartCommand } from '#domain/cart/commands.js';
import { cartStream } from '#domain/streams.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { actAsShopper } from '../../common/request-context.js';
import { CatalogueLoader } from '../catalogue-loader.service.js';
import { CART_RETRIES, cartBatchDecider, type CartCommandResult } from '../cart-commands.js';
import { CartLocks } from '../cart-locks.js';

export class ChangeCartItemCommand extends Command<CartCommandResult> {
  constructor(readonly cartId: string, readonly itemId: string, readonly change: { quantity?: number; size?: string }) {
    super();
  }
}

/** PUT /user/cart/items/{itemId}: quantity and/or size, decided together, one append. */
@CommandHandler(ChangeCartItemCommand)
export class ChangeCartItemHandler implements ICommandHandler<ChangeCartItemCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    private readonly catalogue: CatalogueLoader,
    private readonly locks: CartLocks,
  ) {}

  async execute({ cartId, itemId, change }: ChangeCartItemCommand): Promise<CartCommandResult> {
    actAsShopper(cartId);
    const stream = cartStream(cartId);
    return this.locks.run(cartId, async () => {
      // A size change needs the line's poster (its variants); which poster that is, the cart says.
      let poster = null;
      if (change.size !== undefined) {
        const { state } = await this.executor.load(stream, cartBatchDecider);
        const posterId = state.items.find((l) => l.itemId === itemId)?.posterId;
        if (posterId) poster = await this.catalogue.posterSnapshot(posterId);
      }
      const commands: CartCommand[] = [];
      if (change.quantity !== undefined) commands.push({ type: 'ChangeCartItemQuantity', data: { itemId, quantity: change.quantity } });
      if (change.size !== undefined) commands.push({ type: 'ChangeCartItemSize', data: { itemId, size: change.size, poster } });
      const result = await this.executor.execute({ stream, decider: cartBatchDecider, command: commands, retries: CART_RETRIES });
      return { cartId, state: result.state };
    });
  }
}

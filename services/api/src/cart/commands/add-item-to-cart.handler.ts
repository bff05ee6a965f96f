import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CartCommand } from '#domain/cart/commands.js';
import { cartStream } from '#domain/streams.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { actAsShopper } from '../../common/request-context.js';
import { CatalogueLoader } from '../catalogue-loader.service.js';
import { CART_RETRIES, cartBatchDecider, type CartCommandResult } from '../cart-commands.js';
import { CartLocks } from '../cart-locks.js';

export type AddItemInput =
  | { kind: 'poster'; posterId: string; variantId: string | null; size: string | null; quantity: number }
  | { kind: 'addon'; productId: string; quantity: number }
  | { kind: 'custom'; size: string; quantity: number; customImagePath: string };

export class AddItemToCartCommand extends Command<CartCommandResult> {
  /** newCart: cartId was just minted for this command (no stream to read yet). */
  constructor(readonly cartId: string, readonly input: AddItemInput, readonly newCart = false) {
    super();
  }
}

/** Poster lines merge into a matching line; custom and add-on lines are always new (the decider decides). */
@CommandHandler(AddItemToCartCommand)
export class AddItemToCartHandler implements ICommandHandler<AddItemToCartCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    private readonly catalogue: CatalogueLoader,
    private readonly locks: CartLocks,
  ) {}

  async execute({ cartId, input, newCart }: AddItemToCartCommand): Promise<CartCommandResult> {
    actAsShopper(cartId);
    // Facts from other aggregates are loaded once, outside the retry loop: they don't depend on the cart.
    const command = await this.command(input);
    const result = await this.locks.run(cartId, () =>
      this.executor.execute({ stream: cartStream(cartId), decider: cartBatchDecider, command: [command], retries: CART_RETRIES, newStream: newCart }),
    );
    return { cartId, state: result.state };
  }

  private async command(input: AddItemInput): Promise<CartCommand> {
    const itemId = randomUUID();
    switch (input.kind) {
      case 'poster':
        return {
          type: 'AddPosterToCart',
          data: { itemId, posterId: input.posterId, variantId: input.variantId, size: input.size, quantity: input.quantity, poster: await this.catalogue.posterSnapshot(input.posterId) },
        };
      case 'addon':
        return { type: 'AddAddOnToCart', data: { itemId, productId: input.productId, quantity: input.quantity, product: await this.catalogue.productSnapshot(input.productId) } };
      case 'custom':
        return { type: 'AddCustomPosterToCart', data: { itemId, size: input.size, quantity: input.quantity, customImagePath: input.customImagePath } };
    }
  }
}

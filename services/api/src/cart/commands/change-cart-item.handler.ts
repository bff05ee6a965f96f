import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CartState } from '#domain/cart/cart.decider.js';
import type { CartCommand } from '#domain/cart/commands.js';
import { CatalogueLoader } from '../catalogue-loader.service.js';
import { CartWriter, type CartCommandResult } from '../cart-writer.service.js';

export class ChangeCartItemCommand extends Command<CartCommandResult> {
  constructor(readonly cartId: string, readonly itemId: string, readonly change: { quantity?: number; size?: string }) {
    super();
  }
}

/** PUT /user/cart/items/{itemId}: quantity and/or size, decided together, one append. */
@CommandHandler(ChangeCartItemCommand)
export class ChangeCartItemHandler implements ICommandHandler<ChangeCartItemCommand> {
  constructor(
    private readonly cart: CartWriter,
    private readonly catalogue: CatalogueLoader,
  ) {}

  execute({ cartId, itemId, change }: ChangeCartItemCommand): Promise<CartCommandResult> {
    return this.cart.execute(cartId, async (cart: CartState) => {
      const commands: CartCommand[] = [];
      if (change.quantity !== undefined) commands.push({ type: 'ChangeCartItemQuantity', data: { itemId, quantity: change.quantity } });
      if (change.size !== undefined) commands.push({ type: 'ChangeCartItemSize', data: { itemId, size: change.size, poster: await this.posterOfLine(cart, itemId) } });
      return commands;
    });
  }

  /** A size change needs the line's poster (its variants); which poster that is, the cart says. */
  private async posterOfLine(cart: CartState, itemId: string) {
    const posterId = cart.items.find((l) => l.itemId === itemId)?.posterId;
    return posterId ? this.catalogue.posterSnapshot(posterId) : null;
  }
}

import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CartCommand } from '#domain/cart/commands.js';
import { CatalogueLoader } from '../catalogue-loader.service.js';
import { CartWriter, type CartCommandResult } from '../cart-writer.service.js';

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
    private readonly cart: CartWriter,
    private readonly catalogue: CatalogueLoader,
  ) {}

  async execute({ cartId, input, newCart }: AddItemToCartCommand): Promise<CartCommandResult> {
    // Facts from other aggregates are loaded once, before the cart's queue: they don't depend on the cart.
    return this.cart.execute(cartId, [await this.command(input)], newCart);
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

import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CART_MESSAGES } from '#domain/cart/cart-errors.js';
import type { CartCommand } from '#domain/cart/commands.js';
import { FILE_STORAGE, type FileStorage } from '#platform/storage/file-storage.port.js';
import { CatalogueLoader } from '../catalogue-loader.service.js';
import { CartWriter, type CartCommandResult } from '../cart-writer.service.js';

export type AddItemInput =
  | { kind: 'poster'; posterId: string; variantId: string | null; size: string | null; quantity: number }
  | { kind: 'addon'; productId: string; quantity: number }
  /** customImagePath: an upload's public path (/uploads/custom/<uuid>.<ext>), checked to exist; size required. */
  | { kind: 'custom'; size: string | undefined; quantity: number; customImagePath: string };

/** A custom poster's image: a stored upload of the custom kind, by its public path. */
const CUSTOM_IMAGE = /^\/?uploads\/(custom\/[0-9a-f-]{36}\.(?:jpg|png|webp))$/;

export class AddItemToCartCommand extends Command<CartCommandResult> {
  /** cartId undefined: a new cart (the result names it). */
  constructor(readonly cartId: string | undefined, readonly input: AddItemInput) {
    super();
  }
}

/**
 * Poster lines merge into a matching line; custom and add-on lines are always new (the decider
 * decides). Adding to a checked-out cart starts a new cart instead of refusing.
 */
@CommandHandler(AddItemToCartCommand)
export class AddItemToCartHandler implements ICommandHandler<AddItemToCartCommand> {
  constructor(
    private readonly cart: CartWriter,
    private readonly catalogue: CatalogueLoader,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async execute({ cartId, input }: AddItemToCartCommand): Promise<CartCommandResult> {
    // Facts from other aggregates are loaded once, before the cart's queue: they don't depend on the cart.
    const command = await this.command(input);
    try {
      // No cart id: the id is minted here, and the new cart has no stream to read.
      return await this.cart.execute(cartId ?? randomUUID(), [command], cartId === undefined);
    } catch (e) {
      if ((e as { code?: string }).code !== 'CART_CHECKED_OUT') throw e;
      return this.cart.execute(randomUUID(), [command], true);
    }
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
      case 'custom': {
        const image = CUSTOM_IMAGE.exec(input.customImagePath);
        if (!image || !(await this.storage.exists(image[1]))) throw new BadRequestException(CART_MESSAGES.imageRequired);
        if (!input.size) throw new BadRequestException(CART_MESSAGES.selectPosterSize);
        return { type: 'AddCustomPosterToCart', data: { itemId, size: input.size, quantity: input.quantity, customImagePath: `/uploads/${image[1]}` } };
      }
    }
  }
}

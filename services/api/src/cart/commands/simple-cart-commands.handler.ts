import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CartCommand } from '#domain/cart/commands.js';
import { CartWriter, type CartCommandResult } from '../cart-writer.service.js';

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
  constructor(private readonly cart: CartWriter) {}

  execute({ cartId, command }: RunCartCommand): Promise<CartCommandResult> {
    return this.cart.execute(cartId, [command]);
  }
}

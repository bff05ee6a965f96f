import { Injectable } from '@nestjs/common';
import { cartDecider, type CartState } from '#domain/cart/cart.decider.js';
import type { CartCommand } from '#domain/cart/commands.js';
import { decideMany } from '#domain/shared/decider.js';
import { cartStream } from '#domain/streams.js';
import { DeciderExecutor } from '../common/decider-executor.service.js';
import type { CommandBuilder } from '../common/execute-decider.js';
import { KeyedMutex } from '../common/keyed-mutex.js';
import { actAsShopper } from '../common/request-context.js';

/**
 * Cart commands are always safe to decide again on newer state (an add still adds, a remove of a
 * line someone removed meanwhile is refused by the decider), so a concurrent append is retried.
 */
const CART_RETRIES = 30;

/** One PUT may change quantity and size: the commands are decided in a row and appended at once. */
const cartCommands = decideMany(cartDecider);

export interface CartCommandResult {
  cartId: string;
  state: CartState;
}

/** The commands, or a function building them from the cart as it is now (run on every attempt). */
export type CartCommands = readonly CartCommand[] | CommandBuilder<CartState, readonly CartCommand[]>;

/** How every cart command and checkout runs: as the cart's shopper, one at a time per cart here. */
@Injectable()
export class CartWriter {
  private readonly queue = new KeyedMutex();

  constructor(private readonly executor: DeciderExecutor) {}

  /** Work on one cart, queued behind this process's other work on it (replicas still race). */
  exclusive<T>(cartId: string, work: () => Promise<T>): Promise<T> {
    actAsShopper(cartId);
    return this.queue.run(cartId, work);
  }

  /** newCart: the id was just minted for this command, so there is no stream to read yet. */
  execute(cartId: string, commands: CartCommands, newCart = false): Promise<CartCommandResult> {
    return this.exclusive(cartId, async () => {
      const { state } = await this.executor.execute({ stream: cartStream(cartId), decider: cartCommands, command: commands, retries: CART_RETRIES, newStream: newCart });
      return { cartId, state };
    });
  }
}

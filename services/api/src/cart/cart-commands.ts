import type { CartState } from '#domain/cart/cart.decider.js';
import { cartDecider } from '#domain/cart/cart.decider.js';
import type { CartCommand } from '#domain/cart/commands.js';
import type { CartEvent } from '#domain/cart/events.js';
import { decideAll } from '#domain/shared/decider.js';
import type { Decider } from '../common/execute-decider.js';

/**
 * Cart commands are always safe to decide again on newer state (an add still adds, a remove of a
 * line someone removed meanwhile is refused by the decider), so a concurrent append is retried.
 */
export const CART_RETRIES = 30;

/** The cart decider over a list of commands decided in a row (one PUT may change quantity and size: one append). */
export const cartBatchDecider: Decider<CartState, readonly CartCommand[], CartEvent> = {
  initialState: cartDecider.initialState,
  evolve: cartDecider.evolve,
  decide: (commands, state) => decideAll(cartDecider, commands, state),
};

export interface CartCommandResult {
  cartId: string;
  state: CartState;
}

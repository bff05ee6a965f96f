/** Invariants of the cart under any sequence of commands, refused ones included. */
import fc from 'fast-check';
import { evolveAll } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { cartPoster, salahPoster } from '../testing/fixtures.js';
import { cartDecider, type CartState } from './cart.decider.js';
import type { CartCommand } from './commands.js';

const salah = cartPoster('salah', salahPoster);
const itemId = fc.constantFrom('i1', 'i2', 'i3', 'i4');
const quantity = fc.integer({ min: -2, max: 120 });
const size = fc.constantFrom('SIZE_20x30', 'SIZE_30x40', 'SIZE_50x70');

const command: fc.Arbitrary<CartCommand> = fc.oneof(
  fc.record({ itemId, quantity, size }).map(({ itemId, quantity, size }) => ({
    type: 'AddPosterToCart' as const,
    data: { itemId, posterId: 'salah', variantId: null, size, quantity, poster: salah },
  })),
  fc.record({ itemId, quantity, size }).map(({ itemId, quantity, size }) => ({
    type: 'AddCustomPosterToCart' as const,
    data: { itemId, size, quantity, customImagePath: 'c.jpg' },
  })),
  fc.record({ itemId, quantity }).map(({ itemId, quantity }) => ({ type: 'ChangeCartItemQuantity' as const, data: { itemId, quantity } })),
  fc.record({ itemId, size }).map(({ itemId, size }) => ({ type: 'ChangeCartItemSize' as const, data: { itemId, size, poster: salah } })),
  itemId.map((id) => ({ type: 'RemoveItemFromCart' as const, data: { itemId: id } })),
  fc.constant({ type: 'ClearCart' as const, data: {} }),
);

function run(commands: CartCommand[]): CartState {
  let state = cartDecider.initialState;
  for (const c of commands) {
    try {
      state = evolveAll(cartDecider, cartDecider.decide(c, state), state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return state;
}

describe('cart invariants', () => {
  it('every line keeps a whole quantity from 1 to 100, ids stay unique, one line per poster variant', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        const state = run(commands);
        for (const line of state.items) {
          expect(Number.isInteger(line.quantity) && line.quantity >= 1 && line.quantity <= 100).toBe(true);
        }
        expect(new Set(state.items.map((l) => l.itemId)).size).toBe(state.items.length);
        const posterKeys = state.items.filter((l) => l.kind === 'poster').map((l) => `${l.posterId}/${l.variantId}/${l.size}`);
        expect(new Set(posterKeys).size).toBe(posterKeys.length);
      }),
      { numRuns: 300 },
    );
  });
});

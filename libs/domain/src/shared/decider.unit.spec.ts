import { cartDecider } from '../cart/cart.decider.js';
import type { PosterCreated } from '../catalog/events.js';
import { posterDecider } from '../catalog/poster.decider.js';
import { decideAll, decideMany, evolveAll } from './decider.js';
import { DomainError, isDomainError } from './domain-error.js';

const created: PosterCreated = {
  type: 'PosterCreated',
  data: { posterId: 'p1', name: 'N', description: '', category: 'ART', imageUrl: 'x', visible: true, variants: [{ variantId: 'v1', size: 'SIZE_20x30', price: 100 }] },
};

describe('decider helpers', () => {
  it('evolveAll folds from the initial state, or from a given one', () => {
    const state = evolveAll(posterDecider, [created]);
    expect(state.exists).toBe(true);
    expect(evolveAll(posterDecider, [{ type: 'PosterDeleted', data: { posterId: 'p1' } }], state).deleted).toBe(true);
    expect(posterDecider.initialState.exists).toBe(false);
  });

  it('decideAll lets each command see the events of the previous ones', () => {
    const events = decideAll(
      posterDecider,
      [
        { type: 'ChangePosterDetails', data: { posterId: 'p1', name: 'New' } },
        { type: 'ChangePosterDetails', data: { posterId: 'p1', name: 'New' } },
        { type: 'ChangePosterVisibility', data: { posterId: 'p1', visible: false } },
      ],
      evolveAll(posterDecider, [created]),
    );
    expect(events.map((e) => e.type)).toEqual(['PosterDetailsChanged', 'PosterVisibilityChanged']);
  });

  it('decideAll stops at the first refusal', () => {
    expect(() =>
      decideAll(cartDecider, [{ type: 'ClearCart', data: {} }, { type: 'ChangeCartItemQuantity', data: { itemId: 'x', quantity: 1 } }], cartDecider.initialState),
    ).toThrow(DomainError);
  });

  it('decideMany is a decider over command lists: same state and evolve, decideAll as decide', () => {
    const many = decideMany(posterDecider);
    expect(many.initialState).toBe(posterDecider.initialState);
    const state = evolveAll(many, [created]);
    const events = many.decide(
      [
        { type: 'ChangePosterVisibility', data: { posterId: 'p1', visible: false } },
        { type: 'ChangePosterVisibility', data: { posterId: 'p1', visible: false } },
      ],
      state,
    );
    expect(events.map((e) => e.type)).toEqual(['PosterVisibilityChanged']);
    expect(many.decide([], state)).toEqual([]);
    expect(() => many.decide([{ type: 'DeletePoster', data: { posterId: 'p1' } }], posterDecider.initialState)).toThrow(DomainError);
  });
});

describe('DomainError', () => {
  it('carries code, kind, message and field errors', () => {
    const error = DomainError.validation('X', 'Bad', { a: 'Bad' });
    expect(error).toBeInstanceOf(Error);
    expect(isDomainError(error)).toBe(true);
    expect({ code: error.code, kind: error.kind, message: error.message, fieldErrors: error.fieldErrors, name: error.name }).toEqual({
      code: 'X',
      kind: 'validation',
      message: 'Bad',
      fieldErrors: { a: 'Bad' },
      name: 'DomainError',
    });
    expect(DomainError.notFound('N', 'n').kind).toBe('not_found');
    expect(DomainError.conflict('C', 'c').kind).toBe('conflict');
    expect(isDomainError(new Error('x'))).toBe(false);
  });
});

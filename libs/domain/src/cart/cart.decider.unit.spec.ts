import { given } from '../testing/given-when-then.js';
import { addOnAdded, animePoster, cartPoster, customAdded, posterAdded, salahPoster } from '../testing/fixtures.js';
import { cartDecider } from './cart.decider.js';
import type { AddPosterToCart, CartPosterSnapshot } from './commands.js';

const salah = cartPoster('salah', salahPoster);
const addSalah = (patch: Partial<AddPosterToCart['data']> = {}): AddPosterToCart => ({
  type: 'AddPosterToCart',
  data: { itemId: 'i1', posterId: 'salah', variantId: 'salah-20x30', size: 'SIZE_20x30', quantity: 1, poster: salah, ...patch },
});
const checkedOut = { type: 'CartCheckedOut', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD' } } as const;
const salahLine = posterAdded('i1', 'salah', 'salah-20x30', 'SIZE_20x30', 2);

describe('cart decider', () => {
  describe('adding a poster', () => {
    it('adds a standard line for the poster variant', () => {
      given(cartDecider).when(addSalah()).then([posterAdded('i1', 'salah', 'salah-20x30', 'SIZE_20x30', 1)]);
    });

    it('finds the variant by size when no variant id is sent', () => {
      given(cartDecider)
        .when(addSalah({ variantId: null, size: 'SIZE_30x40' }))
        .then([posterAdded('i1', 'salah', 'salah-30x40', 'SIZE_30x40', 1)]);
    });

    it('increases the matching line (same poster, variant and size) instead of adding one', () => {
      given(cartDecider, [salahLine])
        .when(addSalah({ itemId: 'i2', quantity: 3 }))
        .then([{ type: 'CartItemQuantityChanged', data: { itemId: 'i1', quantity: 5, previousQuantity: 2 } }]);
    });

    it('adds a new line for another size of the same poster', () => {
      given(cartDecider, [salahLine])
        .when(addSalah({ itemId: 'i2', variantId: 'salah-30x40', size: 'SIZE_30x40' }))
        .then([posterAdded('i2', 'salah', 'salah-30x40', 'SIZE_30x40', 1)]);
    });

    it('refuses a merge that would pass 100 on the line', () => {
      given(cartDecider, [posterAdded('i1', 'salah', 'salah-20x30', 'SIZE_20x30', 99)])
        .when(addSalah({ itemId: 'i2', quantity: 2 }))
        .thenThrows('QUANTITY_TOO_HIGH', 'validation');
    });

    it.each([0, -1, 1.5, 101])('refuses the quantity %p', (quantity) => {
      const error = given(cartDecider).when(addSalah({ quantity })).thenThrows(quantity > 100 ? 'QUANTITY_TOO_HIGH' : 'INVALID_QUANTITY');
      if (quantity < 1) expect(error.message).toBe('Quantity must be at least 1.');
    });

    it('accepts quantity 100', () => {
      given(cartDecider).when(addSalah({ quantity: 100 })).then([posterAdded('i1', 'salah', 'salah-20x30', 'SIZE_20x30', 100)]);
    });

    it('requires a size', () => {
      const error = given(cartDecider).when(addSalah({ variantId: null, size: null })).thenThrows('SIZE_REQUIRED');
      expect(error.message).toBe('Please select a size');
    });

    it('refuses a size the poster does not have (any more)', () => {
      const error = given(cartDecider).when(addSalah({ variantId: null, size: 'SIZE_50x70' })).thenThrows('SIZE_UNAVAILABLE');
      expect(error.message).toBe('The selected size is no longer available');
    });

    it('refuses a variant id whose size disagrees with the size sent', () => {
      given(cartDecider).when(addSalah({ variantId: 'salah-20x30', size: 'SIZE_30x40' })).thenThrows('SIZE_UNAVAILABLE');
    });

    it('refuses an unknown poster as not found', () => {
      given(cartDecider).when(addSalah({ poster: null })).thenThrows('POSTER_NOT_FOUND', 'not_found');
    });

    it.each([
      ['hidden', { visible: false }],
      ['deleted', { deleted: true }],
    ])('refuses a %s poster', (_label, patch: Partial<CartPosterSnapshot>) => {
      const error = given(cartDecider).when(addSalah({ poster: { ...salah, ...patch } })).thenThrows('POSTER_UNAVAILABLE');
      expect(error.message).toBe('Poster information is not available');
    });

    it('refuses reusing an item id', () => {
      given(cartDecider, [salahLine])
        .when(addSalah({ itemId: 'i1', variantId: 'salah-30x40', size: 'SIZE_30x40' }))
        .thenThrows('CART_ITEM_EXISTS', 'conflict');
    });
  });

  describe('the cap on lines per cart', () => {
    const full = Array.from({ length: 50 }, (_, i) => addOnAdded(`a${i}`, 'frame'));

    it('refuses a 51st line of any kind, with a message naming the cap', () => {
      const error = given(cartDecider, full).when(addSalah({ itemId: 'i51' })).thenThrows('CART_TOO_MANY_LINES', 'validation');
      expect(error.message).toBe('A cart can hold at most 50 different items. Please remove one or raise the quantity of an item already in the cart.');
      given(cartDecider, full)
        .when({ type: 'AddCustomPosterToCart', data: { itemId: 'c51', size: 'SIZE_40x50', quantity: 1, customImagePath: 'custom/c51.jpg' } })
        .thenThrows('CART_TOO_MANY_LINES');
      given(cartDecider, full)
        .when({ type: 'AddAddOnToCart', data: { itemId: 'a51', productId: 'frame', quantity: 1, product: { productId: 'frame', deleted: false } } })
        .thenThrows('CART_TOO_MANY_LINES');
    });

    it('still merges into a line already there, and takes the 50th line', () => {
      given(cartDecider, [...full.slice(1), salahLine])
        .when(addSalah({ itemId: 'i2' }))
        .then([{ type: 'CartItemQuantityChanged', data: { itemId: 'i1', quantity: 3, previousQuantity: 2 } }]);
      given(cartDecider, full.slice(1)).when(addSalah()).then([posterAdded('i1', 'salah', 'salah-20x30', 'SIZE_20x30', 1)]);
    });
  });

  describe('adding a custom poster or an add-on', () => {
    const addCustom = { type: 'AddCustomPosterToCart', data: { itemId: 'c1', size: 'SIZE_40x50', quantity: 1, customImagePath: 'custom/c1.jpg' } } as const;

    it('always adds a new custom line, even for the same size', () => {
      given(cartDecider, [customAdded('c0', 'SIZE_40x50')]).when(addCustom).then([customAdded('c1', 'SIZE_40x50')]);
    });

    it('validates the custom poster like the upload form', () => {
      expect(given(cartDecider).when({ ...addCustom, data: { ...addCustom.data, customImagePath: '' } }).thenThrows('CUSTOM_IMAGE_REQUIRED').message).toBe(
        'Please select an image to upload.',
      );
      expect(given(cartDecider).when({ ...addCustom, data: { ...addCustom.data, size: '' } }).thenThrows('SIZE_REQUIRED').message).toBe(
        'Please select a poster size.',
      );
      expect(given(cartDecider).when({ ...addCustom, data: { ...addCustom.data, size: 'A4' } }).thenThrows('INVALID_SIZE').message).toBe(
        'Please select a valid size',
      );
      given(cartDecider).when({ ...addCustom, data: { ...addCustom.data, quantity: 0 } }).thenThrows('INVALID_QUANTITY');
    });

    it('always adds a new add-on line', () => {
      given(cartDecider, [addOnAdded('a0', 'frame')])
        .when({ type: 'AddAddOnToCart', data: { itemId: 'a1', productId: 'frame', quantity: 2, product: { productId: 'frame', deleted: false } } })
        .then([addOnAdded('a1', 'frame', 2)]);
    });

    it('refuses an unknown or deleted add-on', () => {
      given(cartDecider)
        .when({ type: 'AddAddOnToCart', data: { itemId: 'a1', productId: 'x', quantity: 1, product: null } })
        .thenThrows('ADDON_NOT_FOUND', 'not_found');
      given(cartDecider)
        .when({ type: 'AddAddOnToCart', data: { itemId: 'a1', productId: 'x', quantity: 1, product: { productId: 'x', deleted: true } } })
        .thenThrows('ADDON_NOT_FOUND', 'not_found');
    });
  });

  describe('changing a line', () => {
    it('changes the quantity, carrying the previous one', () => {
      given(cartDecider, [salahLine])
        .when({ type: 'ChangeCartItemQuantity', data: { itemId: 'i1', quantity: 7 } })
        .then([{ type: 'CartItemQuantityChanged', data: { itemId: 'i1', quantity: 7, previousQuantity: 2 } }]);
    });

    it('the same quantity changes nothing; an invalid one is refused', () => {
      given(cartDecider, [salahLine]).when({ type: 'ChangeCartItemQuantity', data: { itemId: 'i1', quantity: 2 } }).then([]);
      given(cartDecider, [salahLine]).when({ type: 'ChangeCartItemQuantity', data: { itemId: 'i1', quantity: 0 } }).thenThrows('INVALID_QUANTITY');
      given(cartDecider, [salahLine]).when({ type: 'ChangeCartItemQuantity', data: { itemId: 'i1', quantity: 101 } }).thenThrows('QUANTITY_TOO_HIGH');
    });

    it('refuses an unknown line', () => {
      given(cartDecider).when({ type: 'ChangeCartItemQuantity', data: { itemId: 'x', quantity: 1 } }).thenThrows('CART_ITEM_NOT_FOUND', 'not_found');
      given(cartDecider).when({ type: 'RemoveItemFromCart', data: { itemId: 'x' } }).thenThrows('CART_ITEM_NOT_FOUND', 'not_found');
    });

    it('changes a poster line to another size of the poster, with its variant', () => {
      given(cartDecider, [salahLine])
        .when({ type: 'ChangeCartItemSize', data: { itemId: 'i1', size: 'SIZE_30x40', poster: salah } })
        .thenState((state, events) => {
          expect(events).toEqual([
            { type: 'CartItemSizeChanged', data: { itemId: 'i1', size: 'SIZE_30x40', variantId: 'salah-30x40', previousSize: 'SIZE_20x30' } },
          ]);
          expect(state.items[0]).toMatchObject({ size: 'SIZE_30x40', variantId: 'salah-30x40', quantity: 2 });
        });
    });

    it('merges a resized poster line into the line already holding that size', () => {
      given(cartDecider, [salahLine, posterAdded('i2', 'salah', 'salah-30x40', 'SIZE_30x40', 1)])
        .when({ type: 'ChangeCartItemSize', data: { itemId: 'i1', size: 'SIZE_30x40', poster: salah } })
        .then([
          { type: 'CartItemQuantityChanged', data: { itemId: 'i2', quantity: 3, previousQuantity: 1 } },
          { type: 'ItemRemovedFromCart', data: { itemId: 'i1' } },
        ]);
    });

    it('refuses a size the poster does not have', () => {
      given(cartDecider, [salahLine])
        .when({ type: 'ChangeCartItemSize', data: { itemId: 'i1', size: 'SIZE_50x70', poster: salah } })
        .thenThrows('SIZE_UNAVAILABLE');
    });

    it('refuses resizing a line of a poster that was hidden since', () => {
      given(cartDecider, [salahLine])
        .when({ type: 'ChangeCartItemSize', data: { itemId: 'i1', size: 'SIZE_30x40', poster: { ...salah, visible: false } } })
        .thenThrows('POSTER_UNAVAILABLE');
    });

    it('resizes a custom line without a poster', () => {
      given(cartDecider, [customAdded('c1', 'SIZE_20x30')])
        .when({ type: 'ChangeCartItemSize', data: { itemId: 'c1', size: 'SIZE_50x70', poster: null } })
        .then([{ type: 'CartItemSizeChanged', data: { itemId: 'c1', size: 'SIZE_50x70', variantId: null, previousSize: 'SIZE_20x30' } }]);
    });

    it('the same size changes nothing; an add-on has no size', () => {
      given(cartDecider, [salahLine]).when({ type: 'ChangeCartItemSize', data: { itemId: 'i1', size: 'SIZE_20x30', poster: salah } }).then([]);
      given(cartDecider, [addOnAdded('a1', 'frame')])
        .when({ type: 'ChangeCartItemSize', data: { itemId: 'a1', size: 'SIZE_20x30', poster: null } })
        .thenThrows('ADDON_HAS_NO_SIZE');
    });

    it('removes a line', () => {
      given(cartDecider, [salahLine, customAdded('c1', 'SIZE_20x30')])
        .when({ type: 'RemoveItemFromCart', data: { itemId: 'i1' } })
        .thenState((state, events) => {
          expect(events).toEqual([{ type: 'ItemRemovedFromCart', data: { itemId: 'i1' } }]);
          expect(state.items.map((l) => l.itemId)).toEqual(['c1']);
        });
    });
  });

  describe('clearing', () => {
    it('empties the lines and keeps promo and payment method', () => {
      given(cartDecider, [salahLine, { type: 'PromoCodeApplied', data: { code: 'WELCOME10' } }, { type: 'PaymentMethodChosen', data: { method: 'ONLINE' } }])
        .when({ type: 'ClearCart', data: {} })
        .thenState((state, events) => {
          expect(events).toEqual([{ type: 'CartCleared', data: {} }]);
          expect(state.items).toEqual([]);
          expect(state.promoCode).toBe('WELCOME10');
          expect(state.paymentMethod).toBe('ONLINE');
        });
    });

    it('clearing an empty cart changes nothing', () => {
      given(cartDecider).when({ type: 'ClearCart', data: {} }).then([]);
    });
  });

  describe('promo codes', () => {
    const promo = { code: 'WELCOME10', percentOff: 10, active: true, deleted: false };

    it('applies an existing active code, case-insensitively', () => {
      given(cartDecider).when({ type: 'ApplyPromoCode', data: { code: ' welcome10 ', promo } }).then([{ type: 'PromoCodeApplied', data: { code: 'WELCOME10' } }]);
    });

    it('applying the applied code again changes nothing; another code replaces it', () => {
      const applied = { type: 'PromoCodeApplied', data: { code: 'WELCOME10' } } as const;
      given(cartDecider, [applied]).when({ type: 'ApplyPromoCode', data: { code: 'WELCOME10', promo } }).then([]);
      given(cartDecider, [applied])
        .when({ type: 'ApplyPromoCode', data: { code: 'EID20', promo: { ...promo, code: 'EID20', percentOff: 20 } } })
        .then([{ type: 'PromoCodeApplied', data: { code: 'EID20' } }]);
    });

    it('refuses an empty, unknown, deleted or inactive code', () => {
      given(cartDecider).when({ type: 'ApplyPromoCode', data: { code: '  ', promo: null } }).thenThrows('PROMO_CODE_REQUIRED');
      given(cartDecider).when({ type: 'ApplyPromoCode', data: { code: 'NOPE', promo: null } }).thenThrows('PROMO_CODE_INVALID', 'validation');
      given(cartDecider).when({ type: 'ApplyPromoCode', data: { code: 'WELCOME10', promo: { ...promo, deleted: true } } }).thenThrows('PROMO_CODE_INVALID');
      given(cartDecider).when({ type: 'ApplyPromoCode', data: { code: 'OTHER', promo } }).thenThrows('PROMO_CODE_INVALID');
      const error = given(cartDecider).when({ type: 'ApplyPromoCode', data: { code: 'WELCOME10', promo: { ...promo, active: false } } }).thenThrows('PROMO_CODE_INACTIVE');
      expect(error.message).toBe('This promo code is no longer active');
    });

    it('removes the applied code; removing none changes nothing', () => {
      given(cartDecider, [{ type: 'PromoCodeApplied', data: { code: 'WELCOME10' } }])
        .when({ type: 'RemovePromoCode', data: {} })
        .then([{ type: 'PromoCodeRemovedFromCart', data: { code: 'WELCOME10' } }]);
      given(cartDecider).when({ type: 'RemovePromoCode', data: {} }).then([]);
    });
  });

  describe('payment method', () => {
    it('defaults to COD and records a change', () => {
      expect(cartDecider.initialState.paymentMethod).toBe('COD');
      given(cartDecider).when({ type: 'ChoosePaymentMethod', data: { method: 'online' } }).then([{ type: 'PaymentMethodChosen', data: { method: 'ONLINE' } }]);
      given(cartDecider).when({ type: 'ChoosePaymentMethod', data: { method: 'COD' } }).then([]);
    });

    it('refuses an unknown method', () => {
      given(cartDecider).when({ type: 'ChoosePaymentMethod', data: { method: 'CARD' } }).thenThrows('INVALID_PAYMENT_METHOD', 'validation');
    });
  });

  describe('after checkout', () => {
    const commands = [
      addSalah(),
      { type: 'AddCustomPosterToCart', data: { itemId: 'c1', size: 'SIZE_40x50', quantity: 1, customImagePath: 'x.jpg' } },
      { type: 'AddAddOnToCart', data: { itemId: 'a1', productId: 'frame', quantity: 1, product: { productId: 'frame', deleted: false } } },
      { type: 'ChangeCartItemQuantity', data: { itemId: 'i1', quantity: 3 } },
      { type: 'ChangeCartItemSize', data: { itemId: 'i1', size: 'SIZE_30x40', poster: salah } },
      { type: 'RemoveItemFromCart', data: { itemId: 'i1' } },
      { type: 'ClearCart', data: {} },
      { type: 'ApplyPromoCode', data: { code: 'X', promo: null } },
      { type: 'RemovePromoCode', data: {} },
      { type: 'ChoosePaymentMethod', data: { method: 'ONLINE' } },
    ] as const;

    it.each(commands.map((c) => [c.type, c]))('refuses %s with a conflict', (_type, command) => {
      const error = given(cartDecider, [salahLine, checkedOut]).when(command).thenThrows('CART_CHECKED_OUT', 'conflict');
      expect(error.message).toBe('Cart was already checked out');
    });

    it('remembers the order it became (a schema-1 event: the order itself was not recorded)', () => {
      expect(given(cartDecider, [salahLine, checkedOut]).state.checkedOut).toEqual({ orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', order: null, request: null, promoMessage: null });
    });
  });

  it('keeps lines in the order they were added', () => {
    const state = given(cartDecider, [customAdded('c1', 'SIZE_20x30'), salahLine, addOnAdded('a1', 'frame'), posterAdded('i3', 'anime', animePoster.variants[0].variantId, 'SIZE_50x70')]).state;
    expect(state.items.map((l) => l.itemId)).toEqual(['c1', 'i1', 'a1', 'i3']);
  });
});

import { DomainError } from '../shared/domain-error.js';
import { DEFAULT_SHOP_RULES } from '../shop-config.js';
import { addOnAdded, cartWith, catalogue, customAdded, line, posterAdded, salahPoster } from '../testing/fixtures.js';
import type { CartState } from '../cart/cart.decider.js';
import { orderPlacedFromCheckout, priceAndDecideCheckout } from './checkout.decider.js';
import { checkoutBodyHash, checkoutRequest, reusesKeyWithOtherBody } from './checkout-request.js';
import type { CheckoutForm } from './commands.js';

const form: CheckoutForm = {
  firstName: 'Mona',
  lastName: 'Adel',
  phone: '010 1234 5678',
  addressLine: '12 Nile St',
  building: '4',
  apartment: '7',
  city: 'Zamalek',
  governorate: 'CAIRO',
  paymentMethod: 'COD',
};
const ids = { cartId: 'cart-1', orderId: 'order-1', orderNumber: 'PS-7KQ4-M2XD', now: '2026-11-22T10:00:00.000Z' };
const salah2 = line(posterAdded('i1', 'salah', 'salah-20x30', 'SIZE_20x30', 2));
const salah1 = { ...salah2, quantity: 1 };

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return `${error.kind}:${error.code}:${error.message}`;
    throw error;
  }
  return 'no error';
}

describe('checkout', () => {
  it('checks out the cart and places the order with the priced lines and totals', () => {
    const cart = cartWith([salah2, line(addOnAdded('a1', 'frame'))], { promoCode: 'WELCOME10' });
    const cat = catalogue({ promo: { code: 'WELCOME10', percentOff: 10, active: true, deleted: false } });
    const { cartEvents, orderEvents, pricing } = priceAndDecideCheckout(cart, cat, form, ids);
    const [placed] = orderEvents;
    // The cart's event is the decision: it carries the whole order, and OrderPlaced is read off it.
    expect(cartEvents).toEqual([
      {
        type: 'CartCheckedOut',
        data: { orderId: 'order-1', orderNumber: 'PS-7KQ4-M2XD', order: placed.data, request: { idempotencyKey: null, bodyHash: '' }, promoMessage: null },
      },
    ]);
    expect(orderPlacedFromCheckout(cartEvents[0].data)).toEqual(placed);
    expect(placed.type).toBe('OrderPlaced');
    expect(placed.data).toMatchObject({
      orderId: 'order-1',
      orderNumber: 'PS-7KQ4-M2XD',
      cartId: 'cart-1',
      placedAt: ids.now,
      paymentMethod: 'COD',
      promoCode: 'WELCOME10',
      promoPercent: 10,
      customer: { phone: '01012345678', governorate: 'CAIRO', email: null, notes: null, latitude: null },
      totals: { subtotal: 39900, discountFromPromotions: 0, discountFromPromoCode: 3990, shippingCost: 6000, codFee: 2000, total: 43910 },
    });
    expect(placed.data.totals.total).toBe(pricing.total);
    expect(placed.data.items).toEqual([
      {
        itemId: 'i1', kind: 'poster', posterId: 'salah', productId: null, variantId: 'salah-20x30', name: 'Salah', category: 'FOOTBALL',
        imageUrl: 'posters/salah.jpg', customImagePath: null, size: 'SIZE_20x30', quantity: 2, unitPrice: 15000, originalUnitPrice: 15000,
        discountPercentage: 0, lineTotal: 30000,
        priceRules: [{ rule: 'BASE_PRICE', unitPrice: 15000 }, { rule: 'PROMO_CODE', code: 'WELCOME10', percent: 10 }],
      },
      {
        itemId: 'a1', kind: 'addon', posterId: null, productId: 'frame', variantId: null, name: 'Black frame', category: null,
        imageUrl: null, customImagePath: null, size: null, quantity: 1, unitPrice: 9900, originalUnitPrice: 9900,
        discountPercentage: 0, lineTotal: 9900,
        priceRules: [{ rule: 'BASE_PRICE', unitPrice: 9900 }, { rule: 'PROMO_CODE', code: 'WELCOME10', percent: 10 }],
      },
    ]);
    // Shipping was paid (399.00 is below the threshold): the order records no free shipping.
    expect(placed.data.priceRules).toEqual([]);
  });

  it("uses the form's payment method, not the cart's", () => {
    const { orderEvents } = priceAndDecideCheckout(cartWith([salah2]), catalogue(), { ...form, paymentMethod: 'ONLINE' }, ids);
    expect(orderEvents[0].data.paymentMethod).toBe('ONLINE');
    expect(orderEvents[0].data.totals.codFee).toBe(0);
  });

  it('refuses a cart already checked out, as a conflict', () => {
    const cart: CartState = cartWith([salah2], { checkedOut: { orderId: 'order-1', orderNumber: 'PS-2222-2222', order: null, request: null, promoMessage: null } });
    expect(codeOf(() => priceAndDecideCheckout(cart, catalogue(), form, ids))).toBe('conflict:CART_CHECKED_OUT:Cart was already checked out');
  });

  it('refuses an empty cart before looking at the form', () => {
    expect(codeOf(() => priceAndDecideCheckout(cartWith([]), catalogue(), {}, ids))).toBe('validation:CART_EMPTY:Your cart is empty');
  });

  it('refuses an invalid form with its message', () => {
    expect(codeOf(() => priceAndDecideCheckout(cartWith([salah2]), catalogue(), { ...form, phone: '123' }, ids))).toBe(
      'validation:CHECKOUT_INVALID:Please enter a valid Egyptian phone number.',
    );
    expect(codeOf(() => priceAndDecideCheckout(cartWith([salah2]), catalogue(), { ...form, governorate: 'Atlantis' }, ids))).toBe(
      'validation:CHECKOUT_INVALID:Please select a valid governorate',
    );
  });

  it.each([
    ['a hidden poster', { salah: { ...salahPoster, visible: false } }, 'POSTER_UNAVAILABLE:Poster information is not available'],
    ['a removed size', { salah: { ...salahPoster, variants: salahPoster.variants.slice(1) } }, 'SIZE_UNAVAILABLE:The selected size is no longer available'],
  ])('refuses a cart with %s', (_label, posters, expected) => {
    expect(codeOf(() => priceAndDecideCheckout(cartWith([salah2]), catalogue({ posters }), form, ids))).toBe(`validation:${expected}`);
  });

  describe('minimum of 2 posters outside the exempt governorates', () => {
    it('refuses one poster to Alexandria with the message the storefront rewrites', () => {
      expect(codeOf(() => priceAndDecideCheckout(cartWith([salah1]), catalogue(), { ...form, governorate: 'ALEXANDRIA' }, ids))).toBe(
        'validation:MINIMUM_POSTERS:Minimum order for ALEXANDRIA is 2 posters',
      );
    });

    it('does not count add-ons', () => {
      const cart = cartWith([salah1, line(addOnAdded('a1', 'frame', 5))]);
      expect(codeOf(() => priceAndDecideCheckout(cart, catalogue(), { ...form, governorate: 'ASWAN' }, ids))).toContain('MINIMUM_POSTERS');
    });

    it('counts custom posters and quantities', () => {
      const cart = cartWith([salah1, line(customAdded('c1', 'SIZE_20x30'))]);
      expect(priceAndDecideCheckout(cart, catalogue(), { ...form, governorate: 'ASWAN' }, ids).orderEvents).toHaveLength(1);
      expect(priceAndDecideCheckout(cartWith([salah2]), catalogue(), { ...form, governorate: 'LUXOR' }, ids).orderEvents).toHaveLength(1);
    });

    it.each(['CAIRO', 'GIZA'])('accepts one poster to %s', (governorate) => {
      expect(priceAndDecideCheckout(cartWith([salah1]), catalogue(), { ...form, governorate }, ids).orderEvents).toHaveLength(1);
    });

    it('follows the configured exempt list', () => {
      const rules = { ...DEFAULT_SHOP_RULES, exemptGovernorates: ['CAIRO' as const] };
      expect(codeOf(() => priceAndDecideCheckout(cartWith([salah1]), catalogue(), { ...form, governorate: 'GIZA' }, ids, rules))).toContain('MINIMUM_POSTERS');
    });
  });

  it('places the order without a promo dropped since it was applied', () => {
    const cart = cartWith([salah2], { promoCode: 'WELCOME10' });
    const { orderEvents, pricing } = priceAndDecideCheckout(cart, catalogue({ promo: { code: 'WELCOME10', percentOff: 10, active: false, deleted: false } }), form, ids);
    expect(pricing.promoDropped?.code).toBe('WELCOME10');
    expect(orderEvents[0].data).toMatchObject({ promoCode: null, promoPercent: 0, totals: { discountFromPromoCode: 0 } });
  });

  it('records the request and the dropped promo message in CartCheckedOut', () => {
    const cart = cartWith([salah2], { promoCode: 'WELCOME10' });
    const request = checkoutRequest(form, 'key-1');
    const { cartEvents, pricing } = priceAndDecideCheckout(cart, catalogue({ promo: { code: 'WELCOME10', percentOff: 10, active: false, deleted: false } }), form, { ...ids, request });
    expect(cartEvents[0].data.request).toEqual(request);
    expect(cartEvents[0].data.promoMessage).toBe(pricing.promoDropped?.message);
    expect(cartEvents[0].data.promoMessage).toBeTruthy();
  });

  it('reads a schema-1 CartCheckedOut (no order recorded) as nothing to derive', () => {
    expect(orderPlacedFromCheckout({ orderId: 'order-1', orderNumber: 'PS-7KQ4-M2XD' })).toBeUndefined();
  });
});

describe('checkout idempotency', () => {
  const done = (request: { idempotencyKey: string | null; bodyHash: string } | null) => ({
    orderId: 'order-1', orderNumber: 'PS-7KQ4-M2XD', order: null, request, promoMessage: null,
  });

  it('hashes the body independently of key order and undefined fields, and sensitively to values', () => {
    expect(checkoutBodyHash({ a: 1, b: 'x', c: undefined })).toBe(checkoutBodyHash({ b: 'x', a: 1 }));
    expect(checkoutBodyHash({ ...form, firstName: 'Other' })).not.toBe(checkoutBodyHash(form));
  });

  it('flags only the same key with another body', () => {
    const original = checkoutRequest(form, 'key-1');
    expect(reusesKeyWithOtherBody(done(original), checkoutRequest({ ...form, firstName: 'Other' }, 'key-1'))).toBe(true);
    expect(reusesKeyWithOtherBody(done(original), checkoutRequest(form, 'key-1'))).toBe(false);
    // another key, or none: a retry of a placed checkout, answered with the original order
    expect(reusesKeyWithOtherBody(done(original), checkoutRequest({ ...form, firstName: 'Other' }, 'key-2'))).toBe(false);
    expect(reusesKeyWithOtherBody(done(original), checkoutRequest({ ...form, firstName: 'Other' }, undefined))).toBe(false);
    expect(reusesKeyWithOtherBody(done(null), checkoutRequest(form, 'key-1'))).toBe(false);
  });
});

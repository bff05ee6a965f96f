import fc from 'fast-check';
import { isUuid } from '../shared/uuid-from-name.js';
import { given } from '../testing/given-when-then.js';
import { checkoutEventIds, isOrderNumber, newOrderNumber, normaliseOrderNumber, ORDER_NUMBER_ALPHABET, orderIdForCart, orderNumberDecider, reserveOrderNumber } from './order-number.js';

describe('order numbers', () => {
  it('uses no look-alike characters', () => {
    expect(ORDER_NUMBER_ALPHABET).not.toMatch(/[01OIL]/);
    expect(ORDER_NUMBER_ALPHABET).toHaveLength(31);
  });

  it('is PS-XXXX-XXXX from the alphabet for any random source', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 8, maxLength: 8 }), (values) => {
        let i = 0;
        const number = newOrderNumber(() => values[i++]);
        return isOrderNumber(number) && number.length === 12;
      }),
    );
  });

  it('maps the random source onto the alphabet', () => {
    expect(newOrderNumber(() => 0)).toBe('PS-2222-2222');
    expect(newOrderNumber(() => 0.999999)).toBe('PS-ZZZZ-ZZZZ');
  });

  it('normalises what people type', () => {
    expect(normaliseOrderNumber('ps 7kq4m2xd')).toBe('PS-7KQ4-M2XD');
    expect(normaliseOrderNumber('7KQ4-M2XD')).toBe('PS-7KQ4-M2XD');
    expect(normaliseOrderNumber('PS-7KQ4-M2X0')).toBeUndefined();
    expect(normaliseOrderNumber('PS-7KQ4')).toBeUndefined();
  });

  it('derives one order id per cart, and stable checkout event ids', () => {
    expect(orderIdForCart('cart-a')).toBe(orderIdForCart('cart-a'));
    expect(orderIdForCart('cart-a')).not.toBe(orderIdForCart('cart-b'));
    expect(isUuid(orderIdForCart('cart-a'))).toBe(true);
    const ids = checkoutEventIds('cart-a');
    expect(ids).toEqual(expect.objectContaining({ cartCheckedOut: checkoutEventIds('cart-a').cartCheckedOut }));
    expect(ids.orderPlaced).not.toBe(ids.cartCheckedOut);
    expect(ids.orderNumberReserved('PS-2222-2222')).not.toBe(ids.orderNumberReserved('PS-2222-2223'));
  });

  it('builds the reservation event', () => {
    expect(reserveOrderNumber('PS-7KQ4-M2XD', 'c1')).toEqual({ type: 'OrderNumberReserved', data: { orderNumber: 'PS-7KQ4-M2XD', cartId: 'c1' } });
  });
});

describe('order number reservation', () => {
  const reserve = (cartId: string) => ({ type: 'ReserveOrderNumber' as const, data: { orderNumber: 'PS-7KQ4-M2XD', cartId } });

  it('gives a free number to the cart that asks', () => {
    given(orderNumberDecider).when(reserve('cart-1')).then([reserveOrderNumber('PS-7KQ4-M2XD', 'cart-1')]);
  });

  it('changes nothing when the same cart asks again, and refuses another cart', () => {
    const held = given(orderNumberDecider, [reserveOrderNumber('PS-7KQ4-M2XD', 'cart-1')]);
    held.when(reserve('cart-1')).then([]);
    held.when(reserve('cart-2')).thenThrows('ORDER_NUMBER_TAKEN', 'conflict');
  });
});

import { monaCustomer } from '../testing/fixtures.js';
import { given } from '../testing/given-when-then.js';
import type { OrderPlaced, OrderStatus, OrderStatusChanged } from './events.js';
import { alreadyChangedMessage, canMoveOrder, ORDER_TRANSITIONS } from './order-lifecycle.js';
import { evolveAll } from '../shared/decider.js';
import { orderDecider } from './order.decider.js';
import { ERASED } from '../personal-data/erased-value.js';

const placed: OrderPlaced = {
  type: 'OrderPlaced',
  data: {
    orderId: 'o1',
    orderNumber: 'PS-7KQ4-M2XD',
    cartId: 'c1',
    placedAt: '2026-11-22T10:00:00.000Z',
    customer: monaCustomer,
    paymentMethod: 'COD',
    promoCode: null,
    promoPercent: 0,
    items: [],
    totals: { subtotal: 0, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: 0, codFee: 0, taxAmount: 0, total: 0 },
    priceRules: [],
    language: 'en',
  },
};
const admin = { username: 'admin', role: 'agent' } as const;

describe('order decider', () => {
  it('places the order checkout decided once: placing it again changes nothing', () => {
    given(orderDecider).when({ type: 'PlaceOrder', data: { order: placed.data } }).then([placed]);
    given(orderDecider, [placed]).when({ type: 'PlaceOrder', data: { order: placed.data } }).then([]);
  });

  it('a placed order starts PLACED', () => {
    expect(given(orderDecider, [placed]).state.status).toBe('PLACED');
  });

  it('ships an order, with a reason when one is given', () => {
    given(orderDecider, [placed])
      .when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'SHIPPED', reason: ' Aramex 123 ', by: admin } })
      .then([{ type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', phone: monaCustomer.phone, from: 'PLACED', to: 'SHIPPED', reason: 'Aramex 123', by: admin, courier: null, trackingNumber: null } }]);
  });

  it('moves freely among the three statuses, as the back-office allows', () => {
    const canceled = { type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', phone: monaCustomer.phone, from: 'PLACED', to: 'CANCELED', reason: null, by: admin, courier: null, trackingNumber: null } } as const;
    given(orderDecider, [placed, canceled])
      .when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'placed', by: admin } })
      .then([{ type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', phone: monaCustomer.phone, from: 'CANCELED', to: 'PLACED', reason: null, by: admin, courier: null, trackingNumber: null } }]);
  });

  it('refuses to confirm an order whose customer was erased (409), and still lets it be canceled', () => {
    const erased: OrderPlaced = { ...placed, data: { ...placed.data, customer: { ...monaCustomer, firstName: ERASED, lastName: ERASED, phone: ERASED } } };
    given(orderDecider, [erased]).when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'CONFIRMED', by: admin } }).thenThrows('CUSTOMER_ERASED', 'conflict');
    given(orderDecider, [erased])
      .when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'CANCELED', by: admin } })
      .then([{ type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', from: 'PLACED', to: 'CANCELED', reason: null, by: admin, courier: null, trackingNumber: null } }]);
  });

  it('the same status changes nothing', () => {
    given(orderDecider, [placed]).when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'PLACED', by: admin } }).then([]);
  });

  it('refuses an unknown status and an unknown order', () => {
    given(orderDecider, [placed]).when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'LOST', by: admin } }).thenThrows('INVALID_ORDER_STATUS', 'validation');
    given(orderDecider).when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'SHIPPED', by: admin } }).thenThrows('ORDER_NOT_FOUND', 'not_found');
  });
});

describe('cash-on-delivery lifecycle', () => {
  const moved = (from: OrderStatus, to: OrderStatus, reason: string | null = null): OrderStatusChanged =>
    ({ type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', phone: monaCustomer.phone, from, to, reason, by: admin, courier: null, trackingNumber: null } });
  const change = (status: string, reason?: string) => ({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status, reason, by: admin } }) as const;

  it('confirms, ships and delivers a placed order, one event each', () => {
    given(orderDecider, [placed]).when(change('confirmed')).then([moved('PLACED', 'CONFIRMED')]);
    given(orderDecider, [placed, moved('PLACED', 'CONFIRMED')]).when(change('SHIPPED')).then([moved('CONFIRMED', 'SHIPPED')]);
    given(orderDecider, [placed, moved('PLACED', 'SHIPPED')]).when(change('DELIVERED')).then([moved('SHIPPED', 'DELIVERED')]);
  });

  it('records a refusal at the door with its reason', () => {
    given(orderDecider, [placed, moved('PLACED', 'SHIPPED')]).when(change('REFUSED', ' not home, phone off ')).then([moved('SHIPPED', 'REFUSED', 'not home, phone off')]);
  });

  it('refuses a delivery before shipping and a confirmation after it (409), naming both statuses', () => {
    given(orderDecider, [placed]).when(change('DELIVERED')).thenThrows('ORDER_STATUS_NOT_ALLOWED', 'conflict');
    given(orderDecider, [placed, moved('PLACED', 'SHIPPED')]).when(change('CONFIRMED')).thenThrows('ORDER_STATUS_NOT_ALLOWED', 'conflict');
    given(orderDecider, [placed, moved('PLACED', 'SHIPPED'), moved('SHIPPED', 'REFUSED')]).when(change('PLACED')).thenThrows('ORDER_STATUS_NOT_ALLOWED', 'conflict');
    expect(() => orderDecider.decide(change('DELIVERED'), given(orderDecider, [placed]).state)).toThrow('A PLACED order cannot become DELIVERED');
  });

  it('lets the door outcome be corrected, a refused parcel be received back, and nothing else once at the door', () => {
    given(orderDecider, [placed, moved('PLACED', 'SHIPPED'), moved('SHIPPED', 'REFUSED')]).when(change('DELIVERED', 'courier mistake')).then([moved('REFUSED', 'DELIVERED', 'courier mistake')]);
    expect(ORDER_TRANSITIONS.DELIVERED).toEqual(['REFUSED']);
    expect(ORDER_TRANSITIONS.REFUSED).toEqual(['DELIVERED', 'RETURNED']);
    expect(ORDER_TRANSITIONS.RETURNED).toEqual([]);
    given(orderDecider, [placed, moved('PLACED', 'SHIPPED'), moved('SHIPPED', 'REFUSED')]).when(change('RETURNED')).then([moved('REFUSED', 'RETURNED')]);
  });

  it('keeps the first three statuses (placed, shipped, canceled) moving freely among themselves', () => {
    const legacy = ['PLACED', 'SHIPPED', 'CANCELED'] as const;
    for (const from of legacy) for (const to of legacy) if (from !== to) expect([from, to, canMoveOrder(from, to)]).toEqual([from, to, true]);
  });

  it('words the second admin\'s conflict', () => {
    expect(alreadyChangedMessage('PS-7KQ4-M2XD', 'CONFIRMED', 'mona')).toBe('PS-7KQ4-M2XD was already confirmed by mona');
  });

  describe('correcting the customer', () => {
    const correct = (changes: Record<string, unknown>) => ({ type: 'CorrectCustomer' as const, data: { orderId: 'o1', changes, by: admin } });

    it('records only the fields that change, before and after, the phone normalised, under the phone the order had', () => {
      given(orderDecider, [placed])
        .when(correct({ firstName: ' Mouna ', lastName: 'Adel', phone: '+20 100 000 0002' }))
        .then([{ type: 'PersonalDataCorrected', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', phone: '01012345678', fields: ['firstName', 'phone'], before: { firstName: 'Mona', phone: '01012345678' }, after: { firstName: 'Mouna', phone: '01000000002' }, by: admin } }]);
    });

    it('a second correction starts from the first one, and the same values again change nothing', () => {
      const first = orderDecider.decide(correct({ phone: '01000000002' }), evolveAll(orderDecider, [placed]));
      given(orderDecider, [placed, ...first]).when(correct({ phone: '01000000003' })).then([
        { type: 'PersonalDataCorrected', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', phone: '01000000002', fields: ['phone'], before: { phone: '01000000002' }, after: { phone: '01000000003' }, by: admin } },
      ]);
      given(orderDecider, [placed, ...first]).when(correct({ phone: '0100 000 0002' })).then([]);
    });

    it('refuses a blank or invalid field naming it, nothing to correct, and an unknown order', () => {
      expect(given(orderDecider, [placed]).when(correct({ city: '  ' })).thenThrows('CORRECTION_INVALID').fieldErrors).toEqual({ city: 'City is required' });
      expect(given(orderDecider, [placed]).when(correct({ phone: '12345' })).thenThrows('CORRECTION_INVALID').fieldErrors).toEqual({ phone: 'Please enter a valid Egyptian phone number.' });
      given(orderDecider, [placed]).when(correct({})).thenThrows('CORRECTION_EMPTY');
      given(orderDecider).when(correct({ city: 'Giza' })).thenThrows('ORDER_NOT_FOUND', 'not_found');
    });
  });
});

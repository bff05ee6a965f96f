import { given } from '../testing/given-when-then.js';
import type { OrderPlaced } from './events.js';
import { orderDecider } from './order.decider.js';

const placed: OrderPlaced = {
  type: 'OrderPlaced',
  data: {
    orderId: 'o1',
    orderNumber: 'PS-7KQ4-M2XD',
    cartId: 'c1',
    placedAt: '2026-11-22T10:00:00.000Z',
    customer: {
      firstName: 'Mona',
      lastName: 'Adel',
      phone: '01012345678',
      email: null,
      addressLine: '12 Nile St',
      building: '4',
      apartment: '7',
      city: 'Zamalek',
      governorate: 'CAIRO',
      latitude: 30.0444,
      longitude: 31.2357,
      notes: null,
    },
    paymentMethod: 'COD',
    promoCode: null,
    promoPercent: 0,
    items: [],
    totals: { subtotal: 0, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: 0, codFee: 0, taxAmount: 0, total: 0 },
    priceRules: [],
  },
};
const admin = { kind: 'admin', id: 'admin' } as const;

describe('order decider', () => {
  it('a placed order starts PLACED', () => {
    expect(given(orderDecider, [placed]).state.status).toBe('PLACED');
  });

  it('ships an order, with a reason when one is given', () => {
    given(orderDecider, [placed])
      .when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'SHIPPED', reason: ' Aramex 123 ', actor: admin } })
      .then([{ type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', from: 'PLACED', to: 'SHIPPED', reason: 'Aramex 123' } }]);
  });

  it('moves freely among the three statuses, as the back-office allows', () => {
    const canceled = { type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', from: 'PLACED', to: 'CANCELED', reason: null } } as const;
    given(orderDecider, [placed, canceled])
      .when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'placed', actor: admin } })
      .then([{ type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', from: 'CANCELED', to: 'PLACED', reason: null } }]);
  });

  it('the same status changes nothing', () => {
    given(orderDecider, [placed]).when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'PLACED', actor: admin } }).then([]);
  });

  it('refuses an unknown status and an unknown order', () => {
    given(orderDecider, [placed]).when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'DELIVERED', actor: admin } }).thenThrows('INVALID_ORDER_STATUS', 'validation');
    given(orderDecider).when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'SHIPPED', actor: admin } }).thenThrows('ORDER_NOT_FOUND', 'not_found');
  });
});

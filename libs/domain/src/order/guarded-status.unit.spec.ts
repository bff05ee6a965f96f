import { monaCustomer } from '../testing/fixtures.js';
import { given } from '../testing/given-when-then.js';
import type { OrderPlaced, OrderStatus, OrderStatusChanged } from './events.js';
import { isCorrection, needsReason, ORDER_TRANSITIONS } from './order-lifecycle.js';
import { orderDecider } from './order.decider.js';

const placed: OrderPlaced = {
  type: 'OrderPlaced',
  data: {
    orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', cartId: 'c1', placedAt: '2026-11-22T10:00:00.000Z', customer: monaCustomer,
    paymentMethod: 'COD', promoCode: null, promoPercent: 0, items: [],
    totals: { subtotal: 0, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: 0, codFee: 0, taxAmount: 0, total: 0 },
    priceRules: [],
    language: 'en',
  },
};
const admin = { username: 'mona', role: 'agent' } as const;
const moved = (from: OrderStatus, to: OrderStatus): OrderStatusChanged => ({ type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', phone: monaCustomer.phone, from, to, reason: null, by: admin, courier: null, trackingNumber: null } });
const delivered = [placed, moved('PLACED', 'SHIPPED'), moved('SHIPPED', 'DELIVERED')];
const guarded = (status: OrderStatus, correction: boolean, reason?: string) =>
  ({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status, reason, by: admin, guard: { correction } } }) as const;

describe('which moves are corrections', () => {
  it('undoing SHIPPED, DELIVERED or REFUSED is one; shipping onward and earlier moves are not', () => {
    const corrections = Object.entries(ORDER_TRANSITIONS).flatMap(([from, tos]) => tos.filter((to) => isCorrection(from as OrderStatus, to)).map((to) => `${from}→${to}`));
    expect(corrections.sort()).toEqual(['DELIVERED→REFUSED', 'REFUSED→DELIVERED', 'SHIPPED→CANCELED', 'SHIPPED→PLACED']);
  });

  it('cancel, refuse and every correction need a reason; forward moves do not', () => {
    expect(needsReason('PLACED', 'CANCELED')).toBe(true);
    expect(needsReason('SHIPPED', 'REFUSED')).toBe(true);
    expect(needsReason('SHIPPED', 'PLACED')).toBe(true);
    expect(needsReason('PLACED', 'CONFIRMED')).toBe(false);
    expect(needsReason('SHIPPED', 'DELIVERED')).toBe(false);
  });
});

describe('guarded status change (the back-office route)', () => {
  it('records a correction with its reason', () => {
    given(orderDecider, delivered)
      .when(guarded('REFUSED', true, ' courier mixed up two parcels '))
      .then([{ type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', phone: monaCustomer.phone, from: 'DELIVERED', to: 'REFUSED', reason: 'courier mixed up two parcels', correction: true, by: admin, courier: null, trackingNumber: null } }]);
  });

  it('refuses a backward move without correction: true, and a correction without a reason', () => {
    given(orderDecider, delivered).when(guarded('REFUSED', false, 'why')).thenThrows('CORRECTION_REQUIRED', 'validation');
    given(orderDecider, delivered).when(guarded('REFUSED', true, '   ')).thenThrows('REASON_REQUIRED', 'validation');
  });

  it('refuses correction: true on a forward move, and a cancel without a reason', () => {
    given(orderDecider, [placed]).when(guarded('CONFIRMED', true, 'x')).thenThrows('NOT_A_CORRECTION', 'validation');
    given(orderDecider, [placed]).when(guarded('CANCELED', false)).thenThrows('REASON_REQUIRED', 'validation');
  });

  it('a forward move needs neither', () => {
    given(orderDecider, [placed])
      .when(guarded('SHIPPED', false))
      .then([{ type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', phone: monaCustomer.phone, from: 'PLACED', to: 'SHIPPED', reason: null, by: admin, courier: null, trackingNumber: null } }]);
  });

  it('the unguarded status route keeps every move it allowed, undoing DELIVERED included, and records no correction', () => {
    given(orderDecider, delivered)
      .when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'REFUSED', by: admin } })
      .then([{ type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', phone: monaCustomer.phone, from: 'DELIVERED', to: 'REFUSED', reason: null, by: admin, courier: null, trackingNumber: null } }]);
  });
});

describe('shipping once the shop has couriers', () => {
  const bosta = { courierId: 'k1', name: 'Bosta' };
  const ship = (extra: object) => ({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'shipped', by: admin, ...extra } }) as const;

  it('refuses SHIPPED without a courier and tracking number on either route, naming both fields', () => {
    for (const route of [{}, { guard: { correction: false } }]) {
      const error = given(orderDecider, [placed]).when(ship({ ...route, couriersConfigured: true })).thenThrows('SHIPMENT_REQUIRED', 'validation');
      expect(Object.keys(error.fieldErrors ?? {}).sort()).toEqual(['courierId', 'trackingNumber']);
    }
  });

  it('refuses a courier without a tracking number, naming trackingNumber', () => {
    const error = given(orderDecider, [placed]).when(ship({ couriersConfigured: true, shipment: { courier: bosta, trackingNumber: '  ' } })).thenThrows('INVALID_TRACKING_NUMBER', 'validation');
    expect(Object.keys(error.fieldErrors ?? {})).toEqual(['trackingNumber']);
  });

  it('ships with both, and without either while the shop has no courier', () => {
    given(orderDecider, [placed])
      .when(ship({ couriersConfigured: true, shipment: { courier: bosta, trackingNumber: ' BOS-1 ' } }))
      .then([{ type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD', phone: monaCustomer.phone, from: 'PLACED', to: 'SHIPPED', reason: null, by: admin, courier: bosta, trackingNumber: 'BOS-1' } }]);
    given(orderDecider, [placed]).when(ship({ couriersConfigured: false })).then([moved('PLACED', 'SHIPPED')]);
  });

  it('other moves need no courier', () => {
    given(orderDecider, [placed]).when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'CONFIRMED', by: admin, couriersConfigured: true } }).then([moved('PLACED', 'CONFIRMED')]);
  });
});

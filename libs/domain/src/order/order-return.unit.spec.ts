import fc from 'fast-check';
import { monaCustomer } from '../testing/fixtures.js';
import { given } from '../testing/given-when-then.js';
import { evolveAll } from '../shared/decider.js';
import type { OrderEvent, OrderItem, OrderPlaced } from './events.js';
import { orderDecider } from './order.decider.js';
import { orderMoney, orderMoneyOf } from '../money/figures.js';

const by = { username: 'boss', role: 'owner' } as const;
const ids = { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD' };
const line = (itemId: string, quantity: number, unitPrice: number): OrderItem => ({
  itemId, kind: 'poster', posterId: 'p1', productId: null, variantId: 'v1', name: 'Lions', category: 'ART', imageUrl: null, customImagePath: null, size: 'SIZE_20x30',
  quantity, unitPrice, originalUnitPrice: unitPrice, discountPercentage: 0, lineTotal: unitPrice * quantity, priceRules: [],
});
// 3 × 200 + 1 × 150 EGP = 750; 10% promo code: 75 off; goods after discounts 675.
const placed: OrderPlaced = {
  type: 'OrderPlaced',
  data: {
    ...ids, cartId: 'c1', placedAt: '2026-11-01T10:00:00.000Z', customer: monaCustomer, paymentMethod: 'COD', promoCode: 'TEN', promoPercent: 10, priceRules: [], language: 'en',
    items: [line('i1', 3, 20000), line('i2', 1, 15000)],
    totals: { subtotal: 75000, discountFromPromotions: 0, discountFromPromoCode: 7500, shippingCost: 5000, codFee: 0, taxAmount: 0, total: 72500 },
  },
};
const move = (from: 'PLACED' | 'SHIPPED', to: 'SHIPPED' | 'DELIVERED'): OrderEvent => ({ type: 'OrderStatusChanged', data: { ...ids, phone: monaCustomer.phone, from, to, reason: null, by, courier: null, trackingNumber: null } });
const delivered = [placed, move('PLACED', 'SHIPPED'), move('SHIPPED', 'DELIVERED')];
const now = '2026-11-10T10:00:00.000Z';
const returning = (lines: Array<{ itemId: unknown; quantity: unknown }> | null, returnId = 'r1', deliveredAt: string | null = '2026-11-05T10:00:00.000Z') =>
  ({ type: 'ReturnOrder' as const, data: { orderId: 'o1', returnId, lines, reason: 'torn corner', deliveredAt, now, windowDays: 14, by } });

describe('returns and refunds', () => {
  it('returns one line: its share of the goods after the promo code', () => {
    given(orderDecider, delivered)
      .when(returning([{ itemId: 'i1', quantity: 1 }]))
      .then([{ type: 'OrderReturned', data: { ...ids, phone: monaCustomer.phone, returnId: 'r1', lines: [{ itemId: 'i1', quantity: 1, amount: 18000 }], amount: 18000, reason: 'torn corner', by } }]);
  });

  it('returns the rest of the order in whole, to exactly the goods sold; the same return again changes nothing', () => {
    const first: OrderEvent = { type: 'OrderReturned', data: { ...ids, phone: monaCustomer.phone, returnId: 'r1', lines: [{ itemId: 'i1', quantity: 1, amount: 18000 }], amount: 18000, reason: 'x', by } };
    given(orderDecider, [...delivered, first])
      .when(returning(null, 'r2'))
      .thenState((state, [event]) => {
        expect(event).toMatchObject({ type: 'OrderReturned', data: { amount: 67500 - 18000, lines: [{ itemId: 'i1', quantity: 2 }, { itemId: 'i2', quantity: 1 }] } });
        expect(state.returned.amount).toBe(67500);
      });
    given(orderDecider, [...delivered, first]).when(returning(null, 'r1')).then([]);
  });

  it('refuses returning more than was sold, naming the line', () => {
    given(orderDecider, delivered).when(returning([{ itemId: 'i2', quantity: 2 }])).thenThrows('RETURN_EXCEEDS_SOLD', 'validation');
    given(orderDecider, delivered).when(returning([{ itemId: 'nope', quantity: 1 }])).thenThrows('INVALID_RETURN', 'validation');
  });

  it('refuses a return after the window or of an order not delivered', () => {
    given(orderDecider, delivered).when(returning(null, 'r1', '2026-10-20T10:00:00.000Z')).thenThrows('RETURN_WINDOW_CLOSED', 'conflict');
    given(orderDecider, [placed]).when(returning(null)).thenThrows('ORDER_NOT_DELIVERED', 'conflict');
  });

  it('refunds at most what was paid', () => {
    const refund = (amount: unknown) => ({ type: 'RecordRefund' as const, data: { orderId: 'o1', amount, returnId: null, by } });
    given(orderDecider, delivered).when(refund(72500)).then([{ type: 'RefundRecorded', data: { ...ids, amount: 72500, returnId: null, by } }]);
    given(orderDecider, delivered).when(refund(72501)).thenThrows('REFUND_EXCEEDS_PAID', 'validation');
    given(orderDecider, delivered).when(refund(0)).thenThrows('INVALID_REFUND', 'validation');
  });

  it('decides a return and its refund together: a refund over what was paid records neither, and the same goods can then be returned with a fair refund', () => {
    const withRefund = (refund: unknown, returnId = 'r1') => ({ ...returning([{ itemId: 'i1', quantity: 1 }], returnId), data: { ...returning([{ itemId: 'i1', quantity: 1 }], returnId).data, refund } });
    given(orderDecider, delivered).when(withRefund(999900)).thenThrows('REFUND_EXCEEDS_PAID', 'validation');
    given(orderDecider, delivered).when(withRefund(-1)).thenThrows('INVALID_REFUND', 'validation');
    given(orderDecider, delivered)
      .when(withRefund(18000, 'r2'))
      .then([
        { type: 'OrderReturned', data: { ...ids, phone: monaCustomer.phone, returnId: 'r2', lines: [{ itemId: 'i1', quantity: 1, amount: 18000 }], amount: 18000, reason: 'torn corner', by } },
        { type: 'RefundRecorded', data: { ...ids, amount: 18000, returnId: 'r2', by } },
      ]);
    // No refund, or 0, is a return alone; the same return again changes nothing, refund included.
    given(orderDecider, delivered).when(withRefund(null)).thenState((_, events) => expect(events.map((e) => e.type)).toEqual(['OrderReturned']));
    given(orderDecider, delivered).when(withRefund(0)).thenState((_, events) => expect(events.map((e) => e.type)).toEqual(['OrderReturned']));
    const done = orderDecider.decide(withRefund(18000), evolveAll(orderDecider, delivered));
    given(orderDecider, [...delivered, ...done]).when(withRefund(18000)).then([]);
  });

  it('property: any sequence of returns and refunds keeps net sales and collected between 0 and the order’s', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('return' as const), itemId: fc.constantFrom('i1', 'i2'), quantity: fc.integer({ min: 0, max: 4 }) }),
      fc.record({ kind: fc.constant('whole' as const) }),
      fc.record({ kind: fc.constant('refund' as const), amount: fc.integer({ min: -5, max: 80000 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        let history: OrderEvent[] = [...delivered];
        steps.forEach((s, i) => {
          const state = evolveAll(orderDecider, history);
          const command = s.kind === 'refund'
            ? { type: 'RecordRefund' as const, data: { orderId: 'o1', amount: s.amount, returnId: null, by } }
            : returning(s.kind === 'whole' ? null : [{ itemId: s.itemId, quantity: s.quantity }], `r${i}`);
          try {
            history = [...history, ...orderDecider.decide(command, state)];
          } catch (e) {
            expect((e as { name?: string }).name).toBe('DomainError');
          }
        });
        const state = evolveAll(orderDecider, history);
        const net = orderMoney(orderMoneyOf('DELIVERED', 'COD', placed.data.totals, { returned: state.returned.amount, refunded: state.refunded }));
        expect(net.netSales).toBeGreaterThanOrEqual(0);
        expect(net.codCashCollected - net.cashRefunded).toBeGreaterThanOrEqual(0);
        const allBack = state.items.every((i) => (state.returned.quantities[i.itemId] ?? 0) === i.quantity);
        if (allBack) expect(net.netSales).toBe(0);
        for (const i of state.items) expect(state.returned.quantities[i.itemId] ?? 0).toBeLessThanOrEqual(i.quantity);
      }),
      { seed: 2026, numRuns: 300 },
    );
  });
});

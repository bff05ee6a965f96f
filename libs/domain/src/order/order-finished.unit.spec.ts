import { expectedEndOf, orderFinish, orderFinishFacts, type OrderFinishFacts } from './order-finished.js';

const NOW = '2026-11-29T10:00:00.000Z';
const facts = (over: Partial<OrderFinishFacts>): OrderFinishFacts => ({ status: 'PLACED', deliveredAt: null, returnedAmount: 0, refunded: 0, settlementPending: false, ...over });

describe('an order is finished', () => {
  it('when canceled, or refused and back on the shelf', () => {
    expect(orderFinish(facts({ status: 'CANCELED' }), NOW)).toEqual({ finished: true, openBecause: null, finishableAt: null, cancellable: false });
    expect(orderFinish(facts({ status: 'RETURNED' }), NOW).finished).toBe(true);
  });

  it('not while refused and on its way back, shipped, or waiting to ship; only the last may be cancelled', () => {
    expect(orderFinish(facts({ status: 'REFUSED' }), NOW)).toEqual({ finished: false, openBecause: 'coming-back', finishableAt: null, cancellable: false });
    expect(orderFinish(facts({ status: 'SHIPPED' }), NOW)).toEqual({ finished: false, openBecause: 'on-its-way', finishableAt: null, cancellable: false });
    expect(orderFinish(facts({ status: 'PLACED' }), NOW)).toEqual({ finished: false, openBecause: 'not-shipped', finishableAt: null, cancellable: true });
    expect(orderFinish(facts({ status: 'CONFIRMED' }), NOW).cancellable).toBe(true);
  });

  it('when delivered, only once the return window passed: until then it says when', () => {
    const delivered = facts({ status: 'DELIVERED', deliveredAt: '2026-11-20T10:00:00.000Z' });
    expect(orderFinish(delivered, NOW, 14)).toEqual({ finished: false, openBecause: 'return-window', finishableAt: '2026-12-04T10:00:00.000Z', cancellable: false });
    expect(orderFinish(delivered, NOW, 9).finished).toBe(true);
    expect(orderFinish(delivered, '2026-12-04T10:00:00.000Z', 14).finished).toBe(true);
  });

  it('when delivered and past its window, not while a refund for returned goods or a courier settlement is outstanding', () => {
    const old = { status: 'DELIVERED' as const, deliveredAt: '2026-10-01T10:00:00.000Z' };
    expect(orderFinish(facts({ ...old, returnedAmount: 24000, refunded: 0 }), NOW).openBecause).toBe('refund-pending');
    expect(orderFinish(facts({ ...old, returnedAmount: 24000, refunded: 24000 }), NOW).finished).toBe(true);
    expect(orderFinish(facts({ ...old, settlementPending: true }), NOW).openBecause).toBe('settlement-pending');
  });

  it("reads its facts from the order's stream", () => {
    const by = { username: 'owner', role: 'owner' };
    const moved = (from: string, to: string, at: string) => ({ type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-1', from, to, reason: null, by, courier: null, trackingNumber: null }, metadata: { occurredAt: at } });
    const events = [
      { type: 'OrderPlaced', data: { orderId: 'o1', orderNumber: 'PS-1', cartId: 'c1', placedAt: '2026-11-01T10:00:00.000Z', customer: {}, paymentMethod: 'COD', promoCode: null, promoPercent: 0, items: [], totals: { total: 0 }, priceRules: [], language: 'en' }, metadata: { occurredAt: '2026-11-01T10:00:00.000Z' } },
      moved('PLACED', 'SHIPPED', '2026-11-02T10:00:00.000Z'),
      moved('SHIPPED', 'DELIVERED', '2026-11-03T10:00:00.000Z'),
    ];
    expect(orderFinishFacts(events)).toEqual({ status: 'DELIVERED', deliveredAt: '2026-11-03T10:00:00.000Z', returnedAmount: 0, refunded: 0, settlementPending: false });
  });

  it("a hold's expected end is the latest known end, or unknown while an order has none", () => {
    const inWindow = (at: string) => ({ finished: false, openBecause: 'return-window' as const, finishableAt: at, cancellable: false });
    expect(expectedEndOf([inWindow('2026-12-04T10:00:00.000Z'), inWindow('2026-12-10T10:00:00.000Z')])).toBe('2026-12-10T10:00:00.000Z');
    expect(expectedEndOf([inWindow('2026-12-04T10:00:00.000Z'), { finished: false, openBecause: 'on-its-way', finishableAt: null, cancellable: false }])).toBeNull();
  });
});

import fc from 'fast-check';
import { ORDER_STATUSES } from '../order/events.js';
import { addMoney, goodsAfterDiscounts, MONEY_FIGURE_NAMES, MONEY_FIGURES, moneyOf, NO_MONEY, orderMoney, orderMoneyOf, sumMoney } from './figures.js';

describe('money figures', () => {
  // A delivered order: 440 of posters, 66 of discounts, 80 shipping, 10 COD fee; 100 of goods back, 120 handed back.
  const totals = { subtotal: 44000, discountFromPromotions: 4400, discountFromPromoCode: 2200, shippingCost: 8000, codFee: 1000, taxAmount: 0, total: 46400 };
  const taken = { returned: 10000, refunded: 12000, courierFee: 3500 };

  it('a delivered cash order: sales net of returns, its whole total collected, the refund and the courier fee beside', () => {
    expect(goodsAfterDiscounts(totals)).toBe(37400);
    expect(orderMoney(orderMoneyOf('DELIVERED', 'COD', totals, taken))).toEqual({
      grossSales: 44000, discounts: 6600, returns: 10000, netSales: 27400, deliveryFees: 9000,
      codCashCollected: 46400, cashRefunded: 12000, paidOnline: 0, deposit: 0, leftToCollect: 0, refusedAmount: 0, courierFees: 3500,
    });
  });

  it('a shipped order is sold and left to collect; paid online, it brings no cash and is paid online', () => {
    expect(orderMoney(orderMoneyOf('SHIPPED', 'COD', totals))).toMatchObject({ netSales: 37400, codCashCollected: 0, leftToCollect: 46400, paidOnline: 0 });
    expect(orderMoney(orderMoneyOf('DELIVERED', 'ONLINE', totals))).toMatchObject({ netSales: 37400, codCashCollected: 0, leftToCollect: 0, paidOnline: 46400 });
  });

  it('placed, confirmed, canceled and refused orders are no sales; a refused one is the refused amount', () => {
    for (const status of ['PLACED', 'CONFIRMED', 'CANCELED']) expect(orderMoney(orderMoneyOf(status, 'COD', totals))).toEqual(NO_MONEY);
    for (const status of ['REFUSED', 'RETURNED']) expect(orderMoney(orderMoneyOf(status, 'COD', totals, { courierFee: 3500 }))).toEqual({ ...NO_MONEY, refusedAmount: 46400, courierFees: 3500 });
  });

  it('property: for every order that is a sale, net sales + returns + delivery fees = its total; sums are sums of orders', () => {
    const order = fc.record({
      status: fc.constantFrom(...ORDER_STATUSES),
      paymentMethod: fc.constantFrom('COD', 'ONLINE'),
      subtotal: fc.integer({ min: 0, max: 10_000_000 }),
      discountShare: fc.integer({ min: 0, max: 100 }),
      fees: fc.integer({ min: 0, max: 20_000 }),
      returnedShare: fc.integer({ min: 0, max: 100 }),
    }).map((o) => {
      const discounts = Math.floor((o.subtotal * o.discountShare) / 100);
      const total = o.subtotal - discounts + o.fees;
      return { status: o.status, paymentMethod: o.paymentMethod, subtotal: o.subtotal, discounts, total, returned: Math.floor(((o.subtotal - discounts) * o.returnedShare) / 100), refunded: 0, courierFee: 0 };
    });
    fc.assert(
      fc.property(fc.array(order, { maxLength: 20 }), (orders) => {
        for (const o of orders) {
          const m = orderMoney(o);
          if (['SHIPPED', 'DELIVERED'].includes(o.status)) expect(m.netSales + m.returns + m.deliveryFees).toBe(o.total);
          else expect(m.grossSales + m.netSales + m.deliveryFees).toBe(0);
          expect(m.netSales).toBeGreaterThanOrEqual(0);
        }
        const sum = sumMoney(orders);
        expect(addMoney(sum, sumMoney(orders), -1)).toEqual(NO_MONEY);
        expect(moneyOf(JSON.parse(JSON.stringify(sum)))).toEqual(sum);
      }),
      { seed: 43, numRuns: 200 },
    );
  });

  it('every figure has a name in English and in Arabic, each used once', () => {
    for (const lang of ['en', 'ar'] as const) {
      const names = MONEY_FIGURES.map((f) => MONEY_FIGURE_NAMES[f][lang]);
      expect(new Set(names).size).toBe(MONEY_FIGURES.length);
      expect(names.every((n) => n.trim() !== '')).toBe(true);
    }
    expect(MONEY_FIGURES.every((f) => !/[A-Za-z]/.test(MONEY_FIGURE_NAMES[f].ar))).toBe(true);
  });
});

import { goodsAfterDiscounts, orderRevenue, sumRevenue } from './revenue.js';

describe('revenue: sales, collected, pending', () => {
  // The delivered order: 440 of posters, 66 of discounts, 80 shipping, 10 COD fee.
  const totals = { subtotal: 44000, discountFromPromotions: 4400, discountFromPromoCode: 2200, shippingCost: 8000, codFee: 1000, taxAmount: 0, total: 46400 };
  const sales = goodsAfterDiscounts(totals);

  it('sales are the goods after discounts; collected the whole total of a delivered order', () => {
    expect(sales).toBe(37400);
    expect(orderRevenue('DELIVERED', { sales, total: totals.total })).toEqual({ sales: 37400, collected: 46400, pending: 0 });
  });

  it('a shipped order is sold and pending; placed, refused and canceled ones count nowhere', () => {
    expect(orderRevenue('SHIPPED', { sales, total: totals.total })).toEqual({ sales: 37400, collected: 0, pending: 46400 });
    for (const status of ['PLACED', 'CONFIRMED', 'REFUSED', 'CANCELED']) expect(orderRevenue(status, { sales, total: totals.total })).toEqual({ sales: 0, collected: 0, pending: 0 });
  });

  it('sums over orders', () => {
    expect(sumRevenue([{ status: 'DELIVERED', sales: 100, total: 160 }, { status: 'SHIPPED', sales: 50, total: 110 }, { status: 'CANCELED', sales: 70, total: 130 }])).toEqual({ sales: 150, collected: 160, pending: 110 });
  });
});

import { sumRevenue } from '#domain/order/revenue.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedDiscount, seedPoster, seedPromo, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';

interface ListedOrder {
  orderNumber: string;
  status: string;
  governorate: string;
  subtotal: number;
  discountFromPromotions: number;
  discountFromPromoCode: number;
  total: number;
}

/**
 * The one meaning of revenue on the real stack: the dashboard's sales, collected and pending, in
 * total and per governorate, equal the same figures recomputed here from the orders themselves
 * (discounted orders, shipping and COD fees, every status).
 */
describe('dashboard revenue figures (HTTP, real stack)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });

  beforeAll(async () => {
    t = await createTestApp();
    const { posterId } = await seedPoster(t.store, { category: 'ANIME', prices: { SIZE_20x30: 22000 } });
    await seedDiscount(t.store, 'ANIME', 10);
    await seedPromo(t.store, 'SAVE5', 5);
    const plan: Array<[string, string[], boolean]> = [
      ['CAIRO', ['SHIPPED', 'DELIVERED'], true],
      ['ALEXANDRIA', ['SHIPPED', 'DELIVERED'], false],
      ['ALEXANDRIA', ['SHIPPED'], true],
      ['GIZA', ['CANCELED'], false],
      ['CAIRO', ['SHIPPED', 'REFUSED'], false],
      ['CAIRO', [], true],
    ];
    for (const [governorate, moves, promo] of plan) {
      const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
      if (promo) await t.request().post('/api/user/cart/promocode/apply').query({ code: 'SAVE5' }).set('X-Cart-Id', cart.body.cartId).expect(200);
      const placed = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send({ ...VALID_CHECKOUT, governorate }).expect(200);
      for (const status of moves) await t.request().patch(`/api/admin/orders/${placed.body.orderId}/status`).set(auth()).send({ status }).expect(200);
    }
    expect(await t.waitForProjections()).toBe(true);
  });
  afterAll(() => t?.close());

  it('sales, collected and pending equal the sums over the orders, in total and per governorate', async () => {
    const orders: ListedOrder[] = (await t.request().get('/api/admin/orders').query({ size: 100 }).set(auth()).expect(200)).body.data;
    expect(orders).toHaveLength(6);
    // Recomputed in piastres from the orders as listed (EGP with two decimals).
    const p = (egp: number) => Math.round(egp * 100);
    const figures = (list: ListedOrder[]) => {
      const sum = sumRevenue(list.map((o) => ({ status: o.status, sales: p(o.subtotal) - p(o.discountFromPromotions) - p(o.discountFromPromoCode), total: p(o.total) })));
      return { sales: sum.sales / 100, collected: sum.collected / 100, pending: sum.pending / 100 };
    };
    const expected = figures(orders);
    // The figures differ from one another here: discounts and shipping are both in play.
    expect(orders.some((o) => o.discountFromPromoCode > 0 && o.discountFromPromotions > 0)).toBe(true);
    expect(expected.sales).toBeGreaterThan(0);
    expect(expected.collected).toBeGreaterThan(0);
    expect(expected.pending).toBeGreaterThan(0);

    const dashboard = (await t.request().get('/api/admin/dashboard').set(auth()).expect(200)).body;
    expect({ sales: dashboard.sales, collected: dashboard.collected, pending: dashboard.pending }).toEqual(expected);
    expect(dashboard.totalRevenue).toBe(expected.sales);

    for (const governorate of ['CAIRO', 'ALEXANDRIA']) {
      const row = dashboard.ordersByGovernorate.find((g: { governorate: string }) => g.governorate === governorate);
      expect({ sales: row.sales, collected: row.collected, pending: row.pending }).toEqual(figures(orders.filter((o) => o.governorate === governorate)));
    }
  });
});

import ExcelJS from 'exceljs';
import { until } from '#platform/testing/until.js';
import { MONEY_FIGURE_NAMES, MONEY_FIGURES, sumMoney, type MoneyFigures } from '#domain/money/figures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedDiscount, seedPoster, seedPromo, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';

interface ListedOrder {
  orderId: string;
  id: string;
  orderNumber: string;
  status: string;
  governorate: string;
  paymentMethod: string;
  subtotal: number;
  discountFromPromotions: number;
  discountFromPromoCode: number;
  total: number;
  returned: number;
  refunded: number;
  courierFee: number;
  items: Array<{ itemId: string; quantity: number }>;
}

const p = (egp: number) => Math.round(egp * 100);
const egpOf = (m: MoneyFigures) => Object.fromEntries(MONEY_FIGURES.map((f) => [f, m[f] / 100]));

/**
 * One seeded history, the same money figures on every surface that shows them: orders placed,
 * delivered, out for delivery, refused, canceled, one returned in part with a refund, a category
 * discount and a promo code. The dashboard (in total and per governorate), the CSV and XLSX
 * totals and what-if (no draft) all give the figures the domain computes from the orders as listed.
 */
describe('money figures, one definition on every surface (HTTP, real stack)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const startedAt = new Date();
  const binary = (res: import('node:http').IncomingMessage, done: (err: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  };

  beforeAll(async () => {
    t = await createTestApp();
    const { posterId } = await seedPoster(t.store, { category: 'ANIME', prices: { SIZE_20x30: 22000 } });
    await seedDiscount(t.store, 'ANIME', 10);
    await seedPromo(t.store, 'SAVE5', 5);
    const plan: Array<[string, string[], boolean]> = [
      ['CAIRO', ['SHIPPED', 'DELIVERED'], true],
      ['ALEXANDRIA', ['SHIPPED', 'DELIVERED'], false],
      ['ALEXANDRIA', ['SHIPPED'], false],
      ['GIZA', ['CANCELED'], false],
      ['CAIRO', ['SHIPPED', 'REFUSED'], false],
      ['CAIRO', [], true],
    ];
    const placed: string[] = [];
    for (const [governorate, moves, promo] of plan) {
      const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
      if (promo) await t.request().post('/api/user/cart/promocode/apply').query({ code: 'SAVE5' }).set('X-Cart-Id', cart.body.cartId).expect(200);
      const order = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send({ ...VALID_CHECKOUT, governorate }).expect(200);
      for (const status of moves) {
        if (status === 'REFUSED') await t.request().post(`/api/admin/orders/${order.body.orderId}/status-changes`).set(auth()).send({ status, reason: 'not home' }).expect(200);
        else await t.request().patch(`/api/admin/orders/${order.body.orderId}/status`).set(auth()).send({ status }).expect(200);
      }
      placed.push(order.body.orderId);
    }
    // Half the first order's goods come back, with the cash for them, in one decision.
    expect(await t.waitForProjections()).toBe(true);
    const first = (await t.request().get(`/api/admin/orders/${placed[0]}`).set(auth()).expect(200)).body;
    await t.request().post(`/api/admin/orders/${placed[0]}/returns`).set(auth()).send({ lines: [{ itemId: first.items[0].itemId, quantity: 1 }], reason: 'torn', refund: 188.1 }).expect(200);
    expect(await t.waitForProjections()).toBe(true);
  });
  afterAll(() => t?.close());

  it('gives the same figures on the dashboard, in the CSV and XLSX totals and in what-if', async () => {
    const orders: ListedOrder[] = (await t.request().get('/api/admin/orders').query({ size: 100 }).set(auth()).expect(200)).body.data;
    expect(orders).toHaveLength(6);
    const figures = (list: ListedOrder[]) =>
      sumMoney(list.map((o) => ({
        status: o.status, paymentMethod: o.paymentMethod, subtotal: p(o.subtotal), discounts: p(o.discountFromPromotions) + p(o.discountFromPromoCode),
        total: p(o.total), returned: p(o.returned), refunded: p(o.refunded), courierFee: p(o.courierFee),
      })));
    const expected = figures(orders);
    // By hand: 2 × 220 less 10% is 396 an order; the first also less 5% (19.80), and half of it back (188.10).
    // The refused, the canceled and the placed orders are in no sales figure.
    expect(expected.netSales).toBe(37620 - 18810 + 39600 + 39600);
    expect(expected).toMatchObject({ returns: 18810, cashRefunded: 18810, grossSales: 3 * 44000 });
    const refused = orders.find((o) => o.status === 'REFUSED')!;
    expect(expected.refusedAmount).toBe(p(refused.total));

    const dashboard = (await t.request().get('/api/admin/dashboard').set(auth()).expect(200)).body;
    expect(dashboard.money).toEqual(egpOf(expected));
    for (const governorate of ['CAIRO', 'ALEXANDRIA']) {
      const row = dashboard.ordersByGovernorate.find((g: { governorate: string }) => g.governorate === governorate);
      expect(row.money).toEqual(egpOf(figures(orders.filter((o) => o.governorate === governorate))));
    }

    const csv = (await t.request().get('/api/admin/orders/export').set(auth()).expect(200)).text.split('\r\n').filter(Boolean);
    const csvFigures = Object.fromEntries(csv.slice(-MONEY_FIGURES.length).map((line) => [line.slice(0, line.lastIndexOf(',')), Number(line.slice(line.lastIndexOf(',') + 1))]));
    expect(csvFigures).toEqual(Object.fromEntries(MONEY_FIGURES.map((f) => [MONEY_FIGURE_NAMES[f].en, expected[f] / 100])));

    const xlsx = await t.request().get('/api/admin/orders/export.xlsx').set(auth()).buffer(true).parse(binary as never).expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders')!;
    const rows = Array.from({ length: sheet.rowCount }, (_, i) => sheet.getRow(i + 1).values as unknown[]);
    const xlsxFigures = Object.fromEntries(rows.slice(-MONEY_FIGURES.length).map((cells) => [cells[1], cells.filter((c) => typeof c === 'number').at(-1)]));
    expect(xlsxFigures).toEqual(Object.fromEntries(MONEY_FIGURES.map((f) => [MONEY_FIGURE_NAMES[f].en, expected[f] / 100])));

    const requested = await t.request().post('/api/admin/what-if').set(auth()).send({ from: startedAt.toISOString() }).expect(202);
    const report = await until(
      'the what-if job finished',
      async () => {
        const body = (await t.request().get(requested.body.statusUrl).set(auth()).expect(200)).body as { state: string; report: { moneyBefore: unknown; moneyAfter: unknown; orders: number } | null };
        return ['completed', 'failed'].includes(body.state) && body;
      },
      30_000,
    );
    expect(report.report).toMatchObject({ orders: 6, moneyBefore: egpOf(expected), moneyAfter: egpOf(expected) });
  });
});

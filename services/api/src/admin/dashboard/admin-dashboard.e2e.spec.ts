import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** Every scan of `relation` in the plan, with whether a Limit node is above it. */
function scansOf(node: PlanNode, relation: string, underLimit = false): Array<{ type: string; underLimit: boolean }> {
  const here = node['Relation Name'] === relation ? [{ type: node['Node Type'], underLimit }] : [];
  const below = (node.Plans ?? []).flatMap((p) => scansOf(p, relation, underLimit || node['Node Type'] === 'Limit'));
  return [...here, ...below];
}

/**
 * The dashboard reads maintained figures: the only statement that touches read.orders is the
 * five recent orders, an index scan under a LIMIT; the governorate figures equal a count over
 * the orders, made here by the test, not by the request.
 */
describe('admin dashboard from maintained projections (HTTP, real stack)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });

  async function placeOrder(customer: Partial<typeof VALID_CHECKOUT>, posterId: string): Promise<string> {
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
    return (await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send({ ...VALID_CHECKOUT, ...customer }).expect(200)).body.orderId;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const { posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } });
    const ids = [
      await placeOrder({}, posterId),
      await placeOrder({ phone: '01022222222' }, posterId),
      await placeOrder({ phone: '01033333333', governorate: 'GIZA', city: 'Giza' }, posterId),
      await placeOrder({ phone: '01044444444', governorate: 'ALEXANDRIA', city: 'Alexandria' }, posterId),
    ];
    const status = (id: string, s: string) => t.request().patch(`/api/admin/orders/${id}/status`).set(auth()).send({ status: s }).expect(200);
    await status(ids[0], 'SHIPPED');
    await status(ids[1], 'CANCELED');
    await status(ids[1], 'SHIPPED'); // un-cancelled, then shipped: both moves count
    await status(ids[3], 'CANCELED');
    expect(await t.waitForProjections()).toBe(true);
  });
  afterAll(() => t?.close());

  it('answers governorates equal to a count over the orders, without aggregating read.orders', async () => {
    const statements: Array<{ sql: string; params: unknown[] }> = [];
    const query = t.dataSource.query.bind(t.dataSource);
    t.dataSource.query = (async (sql: string, params?: unknown[]) => {
      statements.push({ sql, params: params ?? [] });
      return query(sql, params);
    }) as typeof t.dataSource.query;
    let body;
    try {
      body = (await t.request().get('/api/admin/dashboard').set(auth()).expect(200)).body;
    } finally {
      t.dataSource.query = query;
    }

    // Net sales (money/figures.ts): the goods after discounts of SHIPPED and DELIVERED orders.
    const counted = await t.dataSource.query(
      `SELECT governorate, count(*)::int AS orders,
              coalesce(sum(subtotal - discount_from_promotions - discount_from_promo_code) FILTER (WHERE status IN ('SHIPPED', 'DELIVERED')), 0)::int AS sales,
              coalesce(sum(total) FILTER (WHERE status = 'DELIVERED'), 0)::int AS collected, coalesce(sum(total) FILTER (WHERE status = 'SHIPPED'), 0)::int AS pending
         FROM read.orders WHERE status <> 'CANCELED' GROUP BY governorate ORDER BY count(*) DESC, governorate`,
    );
    expect(counted).toHaveLength(2);
    const egp = (r: { governorate: string; orders: number; sales: number; collected: number; pending: number }) =>
      ({ governorate: r.governorate, orders: r.orders, money: expect.objectContaining({ netSales: r.sales / 100, codCashCollected: r.collected / 100, leftToCollect: r.pending / 100 }) });
    expect(body.ordersByGovernorate).toEqual(counted.map(egp));
    expect(body.ordersByGovernorate).toEqual([
      { governorate: 'CAIRO', orders: 2, money: expect.objectContaining({ netSales: 800, codCashCollected: 0, leftToCollect: 960 }) },
      { governorate: 'GIZA', orders: 1, money: expect.objectContaining({ netSales: 0, codCashCollected: 0, leftToCollect: 0 }) },
    ]);
    // Net sales are the SHIPPED orders' goods (2 × 400), not their totals with shipping and COD fee.
    expect(body).toMatchObject({ totalOrders: 4, activeOrders: 1 });
    expect(body.money).toMatchObject({ grossSales: 800, netSales: 800, leftToCollect: 960, codCashCollected: 0 });

    const onOrders = statements.filter((s) => /\bread\.orders\b/.test(s.sql));
    expect(onOrders).toHaveLength(1);
    // The plan a large table gets (sequential scans priced out): an index scan, stopped by LIMIT.
    const plan = await t.dataSource.transaction(async (m) => {
      await m.query('SET LOCAL enable_seqscan = off');
      const [row] = await m.query(`EXPLAIN (FORMAT JSON) ${onOrders[0].sql}`, onOrders[0].params);
      return (row['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0].Plan;
    });
    const scans = scansOf(plan, 'orders');
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) expect(scan).toEqual({ type: expect.stringMatching(/^Index (Only )?Scan$/), underLimit: true });
  });
});

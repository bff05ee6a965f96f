import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';

interface Order {
  orderId: string;
  orderNumber: string;
}

/**
 * Cash-on-delivery operations on the real stack: the lifecycle beyond the spec's three statuses,
 * the risk per phone, the call-to-confirm queue's reads and its two-admin conflict, and delivery
 * by governorate.
 */
describe('COD lifecycle, phone risk, call queue and delivery by governorate (HTTP, real stack)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  let posterId: string;

  async function placeOrder(customer: Partial<typeof VALID_CHECKOUT>): Promise<Order> {
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send({ ...VALID_CHECKOUT, ...customer }).expect(200);
    return { orderId: res.body.orderId, orderNumber: res.body.orderNumber };
  }
  const setStatus = (o: Order, status: string, extra: Record<string, unknown> = {}) =>
    t.request().patch(`/api/admin/orders/${o.orderId}/status`).set(auth()).send({ status, ...extra });
  const getOrder = async (o: Order) => {
    expect(await t.waitForProjections()).toBe(true);
    return (await t.request().get(`/api/admin/orders/${o.orderId}`).set(auth()).expect(200)).body;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { COD_RISK_MIN_REFUSED: '2', COD_RISK_MIN_REFUSED_RATE: '0.5' } });
    ({ posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } }));
  });
  afterAll(() => t?.close());

  it('confirms, ships and delivers; refuses a skipped step with 409 and appends nothing', async () => {
    const o = await placeOrder({ phone: '01055555555' });
    const before = await t.eventCount();
    const early = await setStatus(o, 'DELIVERED').expect(409);
    expect(early.body.message).toBe('A PLACED order cannot become DELIVERED');
    expect(await t.eventCount()).toBe(before);
    expect((await setStatus(o, 'CONFIRMED', { reason: 'called, ok' }).expect(200)).body).toMatchObject({ status: 'CONFIRMED', previousStatus: 'PLACED', changed: true, revision: 1 });
    await setStatus(o, 'SHIPPED').expect(200);
    await setStatus(o, 'DELIVERED').expect(200);
    const events = await t.store.readStream(`order-${o.orderId}`);
    expect(events.map((e) => [e.data, e.metadata.actor])).toEqual([
      [expect.anything(), expect.objectContaining({ kind: 'shopper' })],
      [expect.objectContaining({ from: 'PLACED', to: 'CONFIRMED', reason: 'called, ok' }), { kind: 'admin', id: 'admin' }],
      [expect.objectContaining({ from: 'CONFIRMED', to: 'SHIPPED' }), { kind: 'admin', id: 'admin' }],
      [expect.objectContaining({ from: 'SHIPPED', to: 'DELIVERED' }), { kind: 'admin', id: 'admin' }],
    ]);
    const view = await getOrder(o);
    expect(view).toMatchObject({ status: 'DELIVERED', revision: 3 });
    const history = await t.request().get(`/api/admin/orders/${o.orderId}/history`).set(auth()).expect(200);
    expect(history.body.events.map((e: { changes: { status: { to: string } } }) => e.changes.status.to)).toEqual(['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED']);
    const delivered = await t.request().get('/api/admin/orders').query({ status: 'delivered' }).set(auth()).expect(200);
    expect(delivered.body.data.map((r: Order) => r.orderNumber)).toEqual([o.orderNumber]);
  });

  it('keeps the spec clients\' three statuses moving freely, with the old answer', async () => {
    const o = await placeOrder({ phone: '01066666666' });
    expect((await t.request().patch(`/api/admin/orders/${o.orderId}/status?status=SHIPPED`).set(auth()).expect(200)).body).toMatchObject({ status: 'SHIPPED', previousStatus: 'PLACED', changed: true });
    await setStatus(o, 'CANCELED').expect(200);
    expect((await setStatus(o, 'PLACED').expect(200)).body).toMatchObject({ status: 'PLACED', previousStatus: 'CANCELED' });
  });

  it('counts a phone\'s refusals across its orders however the number was typed, and filters risky phones', async () => {
    const [a, b, c] = [await placeOrder({ phone: '01077777777' }), await placeOrder({ phone: '+20 107 777 7777' }), await placeOrder({ phone: '٠١٠٧٧٧٧٧٧٧٧' })];
    const safe = await placeOrder({ phone: '01088888888' });
    for (const o of [a, b]) {
      await setStatus(o, 'SHIPPED').expect(200);
      await setStatus(o, 'REFUSED', { reason: 'not home' }).expect(200);
    }
    await setStatus(safe, 'SHIPPED').expect(200);
    await setStatus(safe, 'REFUSED').expect(200);
    expect((await getOrder(c)).phoneRisk).toEqual({ orders: 3, delivered: 0, refused: 2, canceled: 0, risky: true });
    // One refusal of one order: under COD_RISK_MIN_REFUSED=2.
    expect((await getOrder(safe)).phoneRisk).toEqual({ orders: 1, delivered: 0, refused: 1, canceled: 0, risky: false });
    const risky = await t.request().get('/api/admin/orders').query({ risky: 'true' }).set(auth()).expect(200);
    expect(risky.body.data.map((r: Order) => r.orderNumber).sort()).toEqual([a, b, c].map((o) => o.orderNumber).sort());
    // A correction moves the counts back: the refusal becomes a delivery.
    await setStatus(a, 'DELIVERED', { reason: 'courier mistake' }).expect(200);
    expect((await getOrder(c)).phoneRisk).toEqual({ orders: 3, delivered: 1, refused: 1, canceled: 0, risky: false });
    await t.request().get('/api/admin/orders').query({ risky: 'maybe' }).set(auth()).expect(400);
  });

  it('lists the call queue (PLACED, COD, oldest first) and lets only the first of two admins act on an order', async () => {
    const first = await placeOrder({ phone: '01099999991' });
    const second = await placeOrder({ phone: '01099999992' });
    expect(await t.waitForProjections()).toBe(true);
    const queue = await t.request().get('/api/admin/orders').query({ status: 'PLACED', paymentMethod: 'cod', sort: 'oldest', size: 100 }).set(auth()).expect(200);
    const numbers = queue.body.data.map((r: Order) => r.orderNumber);
    expect(numbers.indexOf(first.orderNumber)).toBeLessThan(numbers.indexOf(second.orderNumber));
    expect(queue.body.data.every((r: { status: string; paymentMethod: string }) => r.status === 'PLACED' && r.paymentMethod === 'COD')).toBe(true);

    // Both admins saw revision 0; the first confirms, the second's cancel is refused naming the first.
    const seen = queue.body.data.find((r: Order) => r.orderNumber === first.orderNumber).revision;
    expect(seen).toBe(0);
    await setStatus(first, 'CONFIRMED', { expectedRevision: seen }).expect(200);
    const before = await t.eventCount();
    const late = await setStatus(first, 'CANCELED', { expectedRevision: seen, reason: 'no answer' }).expect(409);
    expect(late.body.message).toBe(`${first.orderNumber} was already confirmed by admin`);
    expect(await t.eventCount()).toBe(before);
    expect((await getOrder(first)).status).toBe('CONFIRMED');
    await setStatus(first, 'CANCELED', { expectedRevision: -1 }).expect(400);
  });

  it('reports delivery by governorate over a period: rates and median days to deliver', async () => {
    const giza = [await placeOrder({ phone: '01012121212', governorate: 'GIZA', city: 'Giza' }), await placeOrder({ phone: '01013131313', governorate: 'GIZA', city: 'Giza' })];
    for (const o of giza) await setStatus(o, 'SHIPPED').expect(200);
    await setStatus(giza[0], 'DELIVERED').expect(200);
    const refused = await setStatus(giza[1], 'REFUSED').expect(200);
    expect(await t.waitForProjections(refused.headers['x-event-position'])).toBe(true);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
    const res = await t.request().get('/api/admin/dashboard/delivery-by-governorate').query({ from: today, to: today }).set(auth()).expect(200);
    expect(res.body).toMatchObject({ from: today, to: today });
    const row = res.body.governorates.find((g: { governorate: string }) => g.governorate === 'GIZA');
    expect(row).toMatchObject({ delivered: 1, refused: 1, deliveredRate: 0.5, refusedRate: 0.5 });
    // Placed and delivered within this test: well under a day.
    expect(row.medianDaysToDeliver).toBeGreaterThanOrEqual(0);
    expect(row.medianDaysToDeliver).toBeLessThan(0.1);
    // The table equals a count over the outcomes the orders read model shows.
    const counted = await t.dataSource.query(`SELECT status, count(*)::int AS n FROM read.orders WHERE governorate = 'GIZA' AND status IN ('DELIVERED', 'REFUSED') GROUP BY status ORDER BY status`);
    expect(counted).toEqual([{ status: 'DELIVERED', n: 1 }, { status: 'REFUSED', n: 1 }]);
    const past = await t.request().get('/api/admin/dashboard/delivery-by-governorate').query({ from: '2020-01-01', to: '2020-01-31' }).set(auth()).expect(200);
    expect(past.body.governorates).toEqual([]);
    await t.request().get('/api/admin/dashboard/delivery-by-governorate').query({ from: '2020-02-30' }).set(auth()).expect(400);
    await t.request().get('/api/admin/dashboard/delivery-by-governorate').query({ from: '2021-01-02', to: '2021-01-01' }).set(auth()).expect(400);
  });

  it('counts SHIPPED and DELIVERED orders as gross sales on the dashboard', async () => {
    expect(await t.waitForProjections()).toBe(true);
    const [{ expected }] = await t.dataSource.query(`SELECT coalesce(sum(subtotal), 0)::int AS expected FROM read.orders WHERE status IN ('SHIPPED', 'DELIVERED')`);
    const [{ kept }] = await t.dataSource.query(`SELECT coalesce(sum((money->>'grossSales')::bigint), 0)::int AS kept FROM read.daily_sales`);
    expect(expected).toBeGreaterThan(0);
    expect(kept).toBe(expected);
  });
});

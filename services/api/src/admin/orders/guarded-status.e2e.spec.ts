import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';

/**
 * The back-office's guarded status route on the real stack: a backward move needs correction and
 * a reason (400 naming the field, nothing appended), and a correction shows as one in the audit
 * trail; the original status route (PATCH …/status) keeps its moves.
 */
describe('guarded status changes (HTTP, real stack)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  let posterId: string;

  async function deliveredOrder(): Promise<{ orderId: string; orderNumber: string }> {
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send(VALID_CHECKOUT).expect(200);
    for (const status of ['SHIPPED', 'DELIVERED']) await t.request().patch(`/api/admin/orders/${res.body.orderId}/status`).set(auth()).send({ status }).expect(200);
    // The back-office finds an order by number in the read model, as its page did.
    expect(await t.waitForProjections()).toBe(true);
    return { orderId: res.body.orderId, orderNumber: res.body.orderNumber };
  }
  const guarded = (id: string, body: Record<string, unknown>) => t.request().post(`/api/admin/orders/${id}/status-changes`).set(auth()).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    ({ posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } }));
  });
  afterAll(() => t?.close());

  it('refuses a backward move without correction or without a reason, naming the field, and appends nothing', async () => {
    const o = await deliveredOrder();
    const before = await t.eventCount();
    const noCorrection = await guarded(o.orderNumber, { status: 'REFUSED', reason: 'courier error' }).expect(400);
    expect(noCorrection.body.message).toMatch(/^correction must be true/);
    const noReason = await guarded(o.orderId, { status: 'REFUSED', correction: true }).expect(400);
    expect(noReason.body.message).toMatch(/^reason is required/);
    const badStatus = await guarded(o.orderId, { status: 'LOST' }).expect(400);
    expect(JSON.stringify(badStatus.body.message)).toMatch(/Status must be one of/);
    const badFlag = await guarded(o.orderId, { status: 'REFUSED', correction: 'yes', reason: 'x' }).expect(400);
    expect(JSON.stringify(badFlag.body.message)).toMatch(/correction must be true or false/);
    expect(await t.eventCount()).toBe(before);
  });

  it('records a correction with its reason and shows it in the audit trail', async () => {
    const o = await deliveredOrder();
    const res = await guarded(o.orderNumber, { status: 'REFUSED', correction: true, reason: 'courier mixed up two parcels', expectedRevision: 2 }).expect(200);
    expect(res.body).toMatchObject({ orderNumber: o.orderNumber, status: 'REFUSED', previousStatus: 'DELIVERED', changed: true, revision: 3 });
    expect(await t.waitForProjections()).toBe(true);
    const history = await t.request().get(`/api/admin/orders/${o.orderNumber}/history`).set(auth()).expect(200);
    expect(history.body.events.at(-1).changes).toEqual({ status: { from: 'DELIVERED', to: 'REFUSED' }, reason: 'courier mixed up two parcels', correction: true });
  });

  it('the original PATCH status route still makes the same move without either', async () => {
    const o = await deliveredOrder();
    const res = await t.request().patch(`/api/admin/orders/${o.orderId}/status`).set(auth()).send({ status: 'REFUSED' }).expect(200);
    expect(res.body).toMatchObject({ status: 'REFUSED', previousStatus: 'DELIVERED', changed: true });
    const events = await t.store.readStream(`order-${o.orderId}`);
    expect(events.at(-1)!.data).not.toHaveProperty('correction');
  });

  it('an unknown order number is a 404', async () => {
    await guarded('PS-NOPE-NOPE', { status: 'SHIPPED' }).expect(404);
    await t.request().get('/api/admin/orders/PS-NOPE-NOPE').set(auth()).expect(404);
  });
});

import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';

/** Returns, refunds and RETURNED parcels on the real stack: the dashboard's figures net them out. */
describe('returns and refunds (HTTP, real stack)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  let posterId: string;

  async function deliveredOrder(): Promise<{ orderId: string; items: Array<{ itemId: string; quantity: number }>; total: number }> {
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 3 }).expect(200);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send(VALID_CHECKOUT).expect(200);
    for (const status of ['SHIPPED', 'DELIVERED']) await t.request().patch(`/api/admin/orders/${res.body.orderId}/status`).set(auth()).send({ status }).expect(200);
    expect(await t.waitForProjections()).toBe(true);
    const order = (await t.request().get(`/api/admin/orders/${res.body.orderId}`).set(auth()).expect(200)).body;
    return { orderId: res.body.orderId, items: order.items, total: order.total };
  }
  const dashboard = async () => {
    expect(await t.waitForProjections()).toBe(true);
    return (await t.request().get('/api/admin/dashboard').set(auth()).expect(200)).body;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } }));
  });
  afterAll(() => t?.close());

  it('a line returned and cash refunded: net sales fall by the goods, the refund is cash refunded, and the dashboard counts the return', async () => {
    const o = await deliveredOrder();
    const before = await dashboard();
    const [line] = o.items;
    const returned = await t.request().post(`/api/admin/orders/${o.orderId}/returns`).set(auth()).send({ lines: [{ itemId: line.itemId, quantity: 1 }], reason: 'torn corner' }).expect(200);
    expect(returned.body).toMatchObject({ amount: 200, returnedTotal: 200 });
    await t.request().post(`/api/admin/orders/${o.orderId}/refunds`).set(auth()).send({ amount: 200, returnId: returned.body.returnId }).expect(200);
    const after = await dashboard();
    expect(after.money.netSales).toBeCloseTo(before.money.netSales - 200, 2);
    expect(after.money.codCashCollected).toBeCloseTo(before.money.codCashCollected, 2);
    expect(after.money).toMatchObject({ returns: before.money.returns + 200, cashRefunded: before.money.cashRefunded + 200 });
    expect(after.returned).toBe(before.returned + 1);
  });

  it('refuses more than was sold or paid, naming the field, and changes nothing', async () => {
    const o = await deliveredOrder();
    const count = await t.eventCount();
    const tooMany = await t.request().post(`/api/admin/orders/${o.orderId}/returns`).set(auth()).send({ lines: [{ itemId: o.items[0].itemId, quantity: 4 }], reason: 'x' }).expect(400);
    expect(tooMany.body.fieldErrors).toEqual({ 'lines[0].quantity': 'is more than was sold: 3 left to return' });
    const noReason = await t.request().post(`/api/admin/orders/${o.orderId}/returns`).set(auth()).send({ reason: ' ' }).expect(400);
    expect(noReason.body.fieldErrors).toEqual({ reason: 'is required' });
    const tooMuch = await t.request().post(`/api/admin/orders/${o.orderId}/refunds`).set(auth()).send({ amount: o.total + 1 }).expect(400);
    expect(tooMuch.body.fieldErrors).toEqual({ amount: expect.stringContaining('more than was paid') });
    expect(await t.eventCount()).toBe(count);
  });

  it('a return and its refund are one decision: a refund over what was paid records neither, and the same goods then go back with a fair one', async () => {
    const o = await deliveredOrder();
    const [line] = o.items;
    const count = await t.eventCount();
    const refused = await t.request().post(`/api/admin/orders/${o.orderId}/returns`).set(auth()).send({ lines: [{ itemId: line.itemId, quantity: 1 }], reason: 'torn corner', refund: 9999 }).expect(400);
    expect(refused.body.fieldErrors).toEqual({ refund: expect.stringContaining('more than was paid') });
    expect(await t.eventCount()).toBe(count);
    const hostile = await t.request().post(`/api/admin/orders/${o.orderId}/returns`).set(auth()).send({ lines: [{ itemId: line.itemId, quantity: 1 }], reason: 'x', refund: 'lots' }).expect(400);
    expect(JSON.stringify(hostile.body)).toContain('refund');

    const returned = await t.request().post(`/api/admin/orders/${o.orderId}/returns`).set(auth()).send({ lines: [{ itemId: line.itemId, quantity: 1 }], reason: 'torn corner', refund: 200 }).expect(200);
    expect(returned.body).toMatchObject({ amount: 200, returnedTotal: 200, refundedTotal: 200 });
    const appended = await t.store.readStream(`order-${o.orderId}`);
    expect(appended.slice(-2).map((e) => e.type)).toEqual(['OrderReturned', 'RefundRecorded']);
    expect(appended.slice(-2)[1].data).toMatchObject({ amount: 20000, returnId: returned.body.returnId });
    expect(await t.waitForProjections()).toBe(true);
    const order = (await t.request().get(`/api/admin/orders/${o.orderId}`).set(auth()).expect(200)).body;
    expect(order).toMatchObject({ returned: 200, refunded: 200 });
    expect(order.items[0]).toMatchObject({ quantity: 3, returnedQuantity: 1 });
  });

  it('a refused parcel received back is RETURNED, counted as returned and no longer as refused', async () => {
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200);
    const { orderId } = (await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send(VALID_CHECKOUT).expect(200)).body;
    await t.request().patch(`/api/admin/orders/${orderId}/status`).set(auth()).send({ status: 'SHIPPED' }).expect(200);
    await t.request().post(`/api/admin/orders/${orderId}/status-changes`).set(auth()).send({ status: 'REFUSED', reason: 'not home' }).expect(200);
    const refused = await dashboard();
    const back = await t.request().post(`/api/admin/orders/${orderId}/status-changes`).set(auth()).send({ status: 'RETURNED' }).expect(200);
    expect(back.body).toMatchObject({ status: 'RETURNED', previousStatus: 'REFUSED' });
    const after = await dashboard();
    expect(after).toMatchObject({ refused: refused.refused - 1, returned: refused.returned + 1 });
    await t.request().post(`/api/admin/orders/${orderId}/returns`).set(auth()).send({ reason: 'x' }).expect(409);
  });
});

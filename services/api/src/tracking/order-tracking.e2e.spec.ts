import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../testing/seed-catalogue.js';
import { NO_SUCH_ORDER } from './order-tracking.controller.js';

/** The shopper's tracking page on the real stack: checkout, the projector, an admin status change, the public lookup. */
describe('order tracking (HTTP, real stack)', () => {
  let t: TestApp;
  let order: { orderId: string; orderNumber: string };
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  // Each test is its own client (X-Forwarded-For from the trusted loopback proxy), so one test's misses never throttle another.
  const track = (client: string, body: object) => t.request().post('/api/public/orders/track').set('X-Forwarded-For', client).send(body);

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    const { posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } });
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
    const placed = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId)
      .send({ ...VALID_CHECKOUT, firstName: 'Mona', lastName: 'Hassan', phone: '01011111111', city: 'Nasr City', notes: 'next to the pharmacy' })
      .expect(200);
    order = { orderId: placed.body.orderId, orderNumber: placed.body.orderNumber };
    expect(await t.waitForProjections()).toBe(true);
  });
  afterAll(() => t?.close());

  it('shows the timeline, first name and city for the right pair, typed as shoppers type it', async () => {
    await t.request().patch(`/api/admin/orders/${order.orderId}/status`).set(auth()).send({ status: 'SHIPPED', reason: 'courier Ahmed, 0109…' }).expect(200);
    expect(await t.waitForProjections()).toBe(true);
    // Lower case without the dashes, and the phone in Arabic-Indic digits with +20.
    const typed = { orderNumber: order.orderNumber.toLowerCase().replace(/-/g, ' '), phone: '+٢٠ ١٠١ ١١١ ١١١١' };
    const res = await track('10.0.0.1', typed).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatchObject({ orderNumber: order.orderNumber, firstName: 'Mona', city: 'Nasr City', status: 'SHIPPED', itemCount: 2, paymentMethod: 'COD' });
    expect(res.body.timeline.map((s: { status: string }) => s.status)).toEqual(['PLACED', 'SHIPPED']);
    expect(Date.parse(res.body.timeline[0].at)).toBeLessThanOrEqual(Date.parse(res.body.timeline[1].at));
    // Nothing personal beyond the first name and the city; no admin reason.
    const text = JSON.stringify(res.body);
    for (const secret of ['Hassan', '01011111111', 'pharmacy', 'courier Ahmed', VALID_CHECKOUT.addressLine]) expect(text).not.toContain(secret);
  });

  it('answers one message whichever half is wrong', async () => {
    const wrongPhone = await track('10.0.0.2', { orderNumber: order.orderNumber, phone: '01099999999' }).expect(404);
    const wrongNumber = await track('10.0.0.2', { orderNumber: 'PS-2222-2222', phone: '01011111111' }).expect(404);
    const malformed = await track('10.0.0.2', { orderNumber: 'nonsense', phone: '12' }).expect(404);
    expect([wrongPhone.body.message, wrongNumber.body.message, malformed.body.message]).toEqual([NO_SUCH_ORDER, NO_SUCH_ORDER, NO_SUCH_ORDER]);
  });

  it('refuses hostile bodies at the edge with a 400', async () => {
    await track('10.0.0.3', { orderNumber: 'PS-\u0000', phone: '01011111111' }).expect(400);
    await track('10.0.0.3', { orderNumber: 'x'.repeat(41), phone: '01011111111' }).expect(400);
    await track('10.0.0.3', { orderNumber: { $ne: 1 }, phone: '01011111111' }).expect(400);
  });

  it('limits guessing per client: after ten misses even the right pair waits, other clients do not', async () => {
    for (let i = 0; i < 10; i++) await track('10.0.0.4', { orderNumber: order.orderNumber, phone: `0101111111${i === 1 ? 2 : 3}` }).expect(404);
    const limited = await track('10.0.0.4', { orderNumber: order.orderNumber, phone: '01011111111' }).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await track('10.0.0.5', { orderNumber: order.orderNumber, phone: '01011111111' }).expect(200);
  });
});

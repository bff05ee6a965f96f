import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { seedPoster } from '../testing/seed-catalogue.js';

/**
 * Whole numbers a client sends as text are plain decimal digits everywhere (common/strict-integer.ts):
 * "0x10", "1e1", "2.0" or " 2" are a 400 naming the field, never read as 16, 10 or 2.
 */
describe('strict integers at the edge (HTTP, real stack)', () => {
  let t: TestApp;
  let posterId: string;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });

  beforeAll(async () => {
    t = await createTestApp({ projector: false });
    ({ posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } }));
  });
  afterAll(() => t?.close());

  it('refuses a cart quantity that is not decimal digits, appending nothing, and takes one that is', async () => {
    const before = await t.eventCount();
    for (const quantity of ['0x10', '1e1', '2.0', ' 2', '0b11', 'Infinity']) {
      const res = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity }).expect(400);
      expect(res.body.message).toBe('Quantity must be at least 1.');
    }
    expect(await t.eventCount()).toBe(before);
    const added = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: '3' }).expect(200);
    expect(added.body.cart.items[0].quantity).toBe(3);
    const lineId = added.body.cart.items[0].id as string;
    const changed = await t.request().put(`/api/user/cart/items/${lineId}`).set('X-Cart-Id', added.body.cartId).send({ quantity: '0x4' }).expect(400);
    expect(changed.body.message).toBe('Quantity must be at least 1.');
  });

  it.each([
    ['/api/public/posters?page=0x2', 'page must be a whole number'],
    ['/api/public/posters?limit=1e1', 'limit must be a whole number'],
    ['/api/public/posters/bestsellers?limit=0x5', 'limit must be an integer number'],
    ['/api/admin/orders?page=0x2', 'page must be a whole number from 1 to 1000000'],
    ['/api/admin/orders?size=%2010', 'size must be a whole number from 1 to 200'],
    ['/api/admin/events?limit=0x10', 'limit must be a whole number from 1 to 200'],
    ['/api/admin/funnel?idleHours=0x10', 'idleHours must be an integer number'],
  ])('GET %s is a 400: %s', async (url, message) => {
    const res = await t.request().get(url).set(auth()).expect(400);
    expect(res.body.message).toBe(message);
  });

  it('reads decimal query integers as before', async () => {
    const page = await t.request().get('/api/public/posters?page=2&limit=5').expect(200);
    expect(page.body).toMatchObject({ currentPage: 2 });
    await t.request().get('/api/admin/funnel?idleHours=48').set(auth()).expect(200);
  });

  it('refuses an order status expectedRevision in hex, and a discount id that is not decimal is not found', async () => {
    const status = await t.request().patch('/api/admin/orders/PS-2222-2222/status').set(auth()).send({ status: 'SHIPPED', expectedRevision: '0x1' }).expect(400);
    expect(status.body.message).toBe('expectedRevision must be a whole number');
    const discount = await t.request().patch('/api/admin/discounts/0x1').set(auth()).send({ active: true }).expect(404);
    expect(discount.body.message).toBe('Discount #0x1 not found');
  });
});

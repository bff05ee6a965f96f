import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { orderIdForCart } from '#domain/checkout/order-number.js';
import { cartStream, orderStream } from '#domain/streams.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { VALID_CHECKOUT, seedPoster } from '../testing/seed-catalogue.js';

/**
 * Two API "replicas" on one database: the in-process per-cart queue does not serialise them,
 * so these races are decided by the event store's expected revision alone.
 */
describe('cart races across two API replicas (real PostgreSQL event store)', () => {
  let a: TestApp;
  let b: TestApp;
  let posterId: string;
  beforeAll(async () => {
    a = await createTestApp({ projector: false });
    b = await createTestApp({ sameDatabaseAs: a });
    posterId = (await seedPoster(a.store, { prices: { SIZE_20x30: 10000, SIZE_30x40: 15000 } })).posterId;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('50 concurrent add-to-cart calls on one cart end with the exact sum of quantities', async () => {
    const cartId = (await a.request().get('/api/user/cart').expect(200)).body.cartId;
    const quantities = Array.from({ length: 50 }, (_, i) => (i % 2) + 1); // 1,2,1,2… sum 75
    const answers = await Promise.all(
      quantities.map((quantity, i) =>
        (i % 2 === 0 ? a : b).request().post('/api/user/cart').set('X-Cart-Id', cartId).send({ posterId, size: i % 3 === 0 ? 'SIZE_30x40' : 'SIZE_20x30', quantity }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    const cart = (await a.request().get('/api/user/cart').set('X-Cart-Id', cartId).expect(200)).body.cart;
    expect(cart.items.reduce((s: number, l: { quantity: number }) => s + l.quantity, 0)).toBe(75);
    // one line per poster variant, however the adds interleaved
    expect(cart.items).toHaveLength(2);
    const events = await a.store.readStream(cartStream(cartId));
    expect(events).toHaveLength(50);
  });

  it('20 concurrent checkouts of one cart make exactly one order, and every caller gets its number', async () => {
    const cartId = (await a.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200)).body.cartId;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send(VALID_CHECKOUT)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.body.orderNumber)).size).toBe(1);
    const order = await a.store.readStream(orderStream(orderIdForCart(cartId)));
    expect(order.map((e) => e.type)).toEqual(['OrderPlaced']);
    const checkedOut = (await a.store.readStream(cartStream(cartId))).filter((e) => e.type === 'CartCheckedOut');
    expect(checkedOut).toHaveLength(1);
    expect((order[0].data as { orderNumber: string }).orderNumber).toBe(answers[0].body.orderNumber);
  });
});

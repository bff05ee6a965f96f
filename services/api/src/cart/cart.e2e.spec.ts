import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { seedPoster } from '../testing/seed-catalogue.js';

describe('cart (HTTP, real PostgreSQL event store)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('issues a cart id and answers an empty priced cart', async () => {
    const res = await t.request().get('/api/user/cart').expect(200);
    expect(res.body.cartId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-cart-id']).toBe(res.body.cartId);
    expect(res.body.cart).toMatchObject({ items: [], subtotal: 0, total: 0, taxRate: 14, paymentMethod: 'COD' });
  });

  it('adds a poster priced from the catalogue, ignoring client prices', async () => {
    const { posterId, variants } = await seedPoster(t.store, { prices: { SIZE_30x40: 35000 } });
    const res = await t
      .request()
      .post('/api/user/cart')
      .send({ posterId, variantId: variants[0].variantId, size: 'SIZE_30x40', quantity: 2, price: 1, finalPrice: 1, posterName: 'hack' })
      .expect(200);
    expect(res.headers['x-event-position']).toMatch(/^\d+\/\d+$/);
    expect(res.body.cart.items).toHaveLength(1);
    expect(res.body.cart.items[0]).toMatchObject({ posterId, quantity: 2, price: 350, subtotal: 700 });
    expect(res.body.cart.subtotal).toBe(700);
    expect(res.body.cart.codFee).toBe(20);
    expect(res.body.cart.total).toBe(720);
  });
});

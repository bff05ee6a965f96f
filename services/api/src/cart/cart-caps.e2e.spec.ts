import { describe, expect, it } from '@jest/globals';
import { useTestApp, type TestApp } from '../testing/test-app.js';
import { seedPoster, seedProduct } from '../testing/seed-catalogue.js';

/** Cart size caps: refused with a 400 naming the cap, and nothing appended. */
describe('cart size caps (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  useTestApp({ projector: false }, (app) => (t = app));

  it('refuses a 51st line', async () => {
    const { productId } = await seedProduct(t.store);
    // An add-on always makes a line of its own: fifty adds, fifty lines.
    let cartId: string | undefined;
    for (let i = 0; i < 50; i++) {
      const r = t.request().post('/api/user/cart');
      if (cartId) r.set('X-Cart-Id', cartId);
      cartId = (await r.send({ productId, quantity: 1 }).expect(200)).body.cartId;
    }
    const before = await t.eventCount();
    const refused = await t.request().post('/api/user/cart').set('X-Cart-Id', cartId!).send({ productId, quantity: 1 }).expect(400);
    expect(refused.body).toMatchObject({
      message: 'A cart can hold at most 50 different items. Please remove one or raise the quantity of an item already in the cart.',
      code: 'CART_TOO_MANY_LINES',
    });
    expect(await t.eventCount()).toBe(before);
    const cart = await t.request().get('/api/user/cart').set('X-Cart-Id', cartId!).expect(200);
    expect(cart.body.cart.items).toHaveLength(50);
  });

  it('refuses more than 100 of one poster on a line, added at once or in steps', async () => {
    const { posterId } = await seedPoster(t.store, { prices: { SIZE_30x40: 35000 } });
    const first = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_30x40', quantity: 60 }).expect(200);
    const cartId = first.body.cartId as string;
    const before = await t.eventCount();
    const merged = await t.request().post('/api/user/cart').set('X-Cart-Id', cartId).send({ posterId, size: 'SIZE_30x40', quantity: 41 }).expect(400);
    expect(merged.body).toMatchObject({ message: 'Quantity cannot be more than 100.', code: 'QUANTITY_TOO_HIGH' });
    const itemId = first.body.cart.items[0].id as string;
    await t.request().put(`/api/user/cart/items/${itemId}`).set('X-Cart-Id', cartId).send({ quantity: 101 }).expect(400);
    expect(await t.eventCount()).toBe(before);
  });
});

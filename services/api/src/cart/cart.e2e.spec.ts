import { describe, expect, it } from '@jest/globals';
import { useTestApp, type TestApp } from '../testing/test-app.js';
import { seedPoster, seedProduct, seedPromo, setPosterVisibility } from '../testing/seed-catalogue.js';

describe('cart (HTTP, real PostgreSQL event store)', () => {
  let t: TestApp;
  useTestApp({}, (app) => (t = app));

  it('issues a cart id and answers an empty priced cart', async () => {
    const res = await t.request().get('/api/user/cart').expect(200);
    expect(res.body.cartId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-cart-id']).toBe(res.body.cartId);
    expect(res.body.cart).toMatchObject({ items: [], subtotal: 0, total: 0, taxRate: 14, paymentMethod: 'COD' });
  });

  it('adds a poster priced from the catalogue, ignoring client prices', async () => {
    const { posterId, variants } = await seedPoster(t.store, { name: 'Old Alexandria', nameAr: 'خريطة الإسكندرية', prices: { SIZE_30x40: 35000 } });
    const res = await t
      .request()
      .post('/api/user/cart')
      .send({ posterId, variantId: variants[0].variantId, size: 'SIZE_30x40', quantity: 2, price: 1, finalPrice: 1, posterName: 'hack' })
      .expect(200);
    // A shopper gets a sealed read-your-writes token, never the raw log position.
    expect(res.headers['x-event-position']).toMatch(/^rw1\.[\w-]+$/);
    expect(res.body.cart.items).toHaveLength(1);
    expect(res.body.cart.items[0]).toMatchObject({ posterId, quantity: 2, price: 350, subtotal: 700, posterName: 'Old Alexandria', posterNameAr: 'خريطة الإسكندرية' });
    expect(res.body.cart.subtotal).toBe(700);
    expect(res.body.cart.codFee).toBe(20);
    expect(res.body.cart.total).toBe(720);
    const [added] = await t.store.readStream(`cart-${res.body.cartId}`);
    expect(added.type).toBe('ItemAddedToCart');
    expect(added.data).toMatchObject({ posterId, quantity: 2, kind: 'poster' });
    expect(added.data).not.toHaveProperty('price');
    expect(added.metadata.actor).toEqual({ kind: 'shopper', id: res.body.cartId });
  });

  it('merges a matching poster line, changes quantity and size, removes a line and empties the cart', async () => {
    const { posterId, variants } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000, SIZE_30x40: 30000 } });
    const first = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200);
    const cartId = first.body.cartId;
    const merged = await t.request().post('/api/user/cart').set('X-Cart-Id', cartId).send({ posterId, variantId: variants[0].variantId, quantity: 2 }).expect(200);
    expect(merged.body.cart.items).toHaveLength(1);
    expect(merged.body.cart.items[0].quantity).toBe(3);
    const itemId = merged.body.cart.items[0].itemId;
    const changed = await t.request().put(`/api/user/cart/items/${itemId}`).set('X-Cart-Id', cartId).send({ quantity: 4, size: 'SIZE_30x40' }).expect(200);
    expect(changed.body.cart.items[0]).toMatchObject({ quantity: 4, size: 'SIZE_30x40', price: 300, subtotal: 1200 });
    const { productId } = await seedProduct(t.store, { price: 5000 });
    const withAddon = await t.request().post('/api/user/cart').set('X-Cart-Id', cartId).send({ productId, quantity: 1 }).expect(200);
    expect(withAddon.body.cart.items.map((i: { kind: string }) => i.kind)).toEqual(['poster', 'addon']);
    const removed = await t.request().delete(`/api/user/cart/items/${itemId}`).set('X-Cart-Id', cartId).expect(200);
    expect(removed.body.cart.items).toHaveLength(1);
    const missing = await t.request().delete(`/api/user/cart/items/${itemId}`).set('X-Cart-Id', cartId).expect(404);
    expect(missing.body.message).toBe('Item not found in cart');
    const cleared = await t.request().delete('/api/user/cart').set('X-Cart-Id', cartId).expect(200);
    expect(cleared.body.cartId).toBe(cartId);
    expect(cleared.body.cart.items).toEqual([]);
  });

  it('refuses with the storefront messages and appends nothing', async () => {
    const { posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } });
    const hidden = await seedPoster(t.store, { visible: false });
    const cases: Array<[object, number, string]> = [
      [{ posterId: 'no-such-poster', size: 'SIZE_20x30', quantity: 1 }, 404, 'Poster not found'],
      [{ posterId: hidden.posterId, size: 'SIZE_20x30', quantity: 1 }, 400, 'Poster information is not available'],
      [{ posterId, size: 'SIZE_50x70', quantity: 1 }, 400, 'The selected size is no longer available'],
      [{ posterId, quantity: 1 }, 400, 'Please select a size'],
      [{ posterId, size: 'SIZE_20x30', quantity: 0 }, 400, 'Quantity must be at least 1.'],
      [{ posterId, size: 'SIZE_20x30', quantity: 'lots' }, 400, 'Quantity must be at least 1.'],
      [{ posterId, size: 'SIZE_20x30', quantity: 101 }, 400, 'Quantity cannot be more than 100.'],
      [{ productId: 'no-such-addon', quantity: 1 }, 404, 'Add-on not found'],
      [{ customImagePath: '/etc/passwd', size: 'SIZE_20x30' }, 400, 'Please select an image to upload.'],
      [{ price: 10 }, 400, 'Poster information is not available'],
    ];
    for (const [body, status, message] of cases) {
      const before = await t.eventCount();
      const res = await t.request().post('/api/user/cart').send(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
      expect(await t.eventCount()).toBe(before);
    }
  });

  it('keeps a line whose poster was hidden, shown unavailable and left out of the totals', async () => {
    const { posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } });
    const cartId = (await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200)).body.cartId;
    await setPosterVisibility(t.store, posterId, false);
    const res = await t.request().get('/api/user/cart').set('X-Cart-Id', cartId).expect(200);
    expect(res.body.cart.items[0]).toMatchObject({ available: false, unavailableMessage: 'Poster information is not available' });
    expect(res.body.cart.subtotal).toBe(0);
  });

  it('removes an applied promo code, and refuses a blank one', async () => {
    await seedPromo(t.store, 'SUMMER', 15);
    const { posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } });
    const cartId = (await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200)).body.cartId;
    const blank = await t.request().post('/api/user/cart/promocode/apply?code=%20%20').set('X-Cart-Id', cartId).expect(400);
    expect(blank.body.message).toBe('Please enter a promo code');
    await t.request().post('/api/user/cart/promocode/apply?code=summer').set('X-Cart-Id', cartId).expect(200);
    const removed = await t.request().delete('/api/user/cart/promocode').set('X-Cart-Id', cartId).expect(200);
    expect(removed.body).toMatchObject({ message: 'Promo code removed successfully!', cart: { promoCode: null, discountFromPromoCode: 0 } });
    expect((await t.request().get('/api/user/cart/promocode').set('X-Cart-Id', cartId).expect(200)).body.promoCode).toBeNull();
  });
});

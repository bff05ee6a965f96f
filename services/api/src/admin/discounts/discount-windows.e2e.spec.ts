import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { shopDate } from '#domain/shared/shop-date.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';

/** 'YYYY-MM-DD' of the shop day `days` from today. */
function shopDay(days: number): string {
  return shopDate(new Date(Date.now() + days * 86_400_000));
}

describe('category discounts with a window of shop days (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const create = (body: Record<string, unknown>) => t.request().post('/api/admin/discounts').set(auth()).send(body);
  const read = async (path: string, position?: string) => {
    await t.waitForProjections(position);
    return t.request().get(path).set(auth()).expect(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    [{ percentage: 10, startsOn: '2026-12-07', endsOn: '2026-12-01' }, 'endsOn'],
    [{ percentage: 10, startsOn: '2026-02-30' }, 'startsOn'],
    [{ percentage: 10, endsOn: 'next week' }, 'endsOn'],
    [{ percentage: 10, endsOn: 20261201 }, 'endsOn'],
    [{ percentage: 10, category: 'SHOES' }, 'category'],
    [{ percentage: 1000 }, 'percentage'],
    [{ percentage: -5 }, 'percentage'],
    [{ percentage: 12.5 }, 'percentage'],
  ])('refuses %j with a 400 naming %s, and stores nothing', async (body, field) => {
    const before = await t.commandEventCount();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^${field}: `));
    expect(await t.commandEventCount()).toBe(before);
  });

  it('prices posters and carts inside the window only, and lists where each window stands', async () => {
    const cars = await seedPoster(t.store, { category: 'CARS', prices: { SIZE_20x30: 20000 } });
    const nature = await seedPoster(t.store, { category: 'NATURE', prices: { SIZE_20x30: 20000 } });
    const art = await seedPoster(t.store, { category: 'ART', prices: { SIZE_20x30: 20000 } });
    const now = await create({ percentage: 25, category: 'CARS', startsOn: shopDay(-1), endsOn: shopDay(1) }).expect(201);
    expect(now.body).toMatchObject({ category: 'CARS', percentage: 25, startsOn: shopDay(-1), endsOn: shopDay(1) });
    await create({ percentage: 30, category: 'NATURE', startsOn: shopDay(2) }).expect(201);
    const ended = await create({ percentage: 40, category: 'ART', endsOn: shopDay(-1) }).expect(201);

    const list = await read('/api/admin/discounts', ended.headers['x-event-position']);
    expect(list.body.map((d: { category: string; status: string }) => [d.category, d.status])).toEqual([
      ['CARS', 'inForce'],
      ['NATURE', 'scheduled'],
      ['ART', 'ended'],
    ]);
    const shown = await t.request().get('/api/public/discounts').expect(200);
    expect(shown.body.map((d: { category: string }) => d.category)).toEqual(['CARS']);

    const price = async (posterId: string) => (await t.request().get(`/api/public/posters/${posterId}`).expect(200)).body.variants[0].discountedPrice;
    expect(await price(cars.posterId)).toBe(150);
    expect(await price(nature.posterId)).toBe(200);
    expect(await price(art.posterId)).toBe(200);
    // The grid's cards, priced by the same window without reading the sizes.
    const card = async (category: string, posterId: string) =>
      ((await t.request().get(`/api/public/posters?category=${category}&limit=100`).expect(200)).body.posters as Array<{ id: string }>).find((p) => p.id === posterId);
    expect(await card('CARS', cars.posterId)).toMatchObject({ price: 150, originalPrice: 200, discountPercentage: 25 });
    expect(await card('NATURE', nature.posterId)).toMatchObject({ price: 200, originalPrice: 200, discountPercentage: 0 });
    expect(await card('ART', art.posterId)).toMatchObject({ price: 200, originalPrice: 200, discountPercentage: 0 });

    // The cart and the order are priced on the write side, by the same window.
    let cartId: string | undefined;
    for (const { posterId } of [cars, nature, art]) {
      const res = await t.request().post('/api/user/cart').set(cartId ? { 'X-Cart-Id': cartId } : {}).send({ posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200);
      cartId = res.body.cartId;
    }
    const cart = (await t.request().get('/api/user/cart').set('X-Cart-Id', cartId!).expect(200)).body.cart;
    expect(cart.discountFromPromotions).toBe(50);
    const placed = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId!).send(VALID_CHECKOUT);
    expect(placed.status).toBeLessThan(300);
    // The log shows an append to readers once no older transaction in the cluster is still open.
    expect(await t.waitForProjections()).toBe(true);
    const order = (await t.store.readAll({ filter: { eventTypes: ['OrderPlaced'] } })).at(-1)!.data as { totals: { discountFromPromotions: number } };
    expect(order.totals.discountFromPromotions).toBe(5000);
  });

  it('a change opens or moves the window, and the shop follows it without waiting for an event', async () => {
    const poster = await seedPoster(t.store, { category: 'QUOTES', prices: { SIZE_20x30: 10000 } });
    const created = await create({ percentage: 10, category: 'QUOTES', startsOn: shopDay(3) }).expect(201);
    const id = created.body.id as number;
    const shown = async (position?: string) => {
      await t.waitForProjections(position);
      return (await t.request().get(`/api/public/posters/${poster.posterId}`).expect(200)).body.variants[0].discountedPrice;
    };
    expect(await shown(created.headers['x-event-position'])).toBe(100);
    const opened = await t.request().patch(`/api/admin/discounts/${id}`).set(auth()).send({ startsOn: null }).expect(200);
    expect(opened.body).toMatchObject({ startsOn: null, endsOn: null });
    expect(await shown(opened.headers['x-event-position'])).toBe(90);
    const bad = await t.request().patch(`/api/admin/discounts/${id}`).set(auth()).send({ startsOn: shopDay(5), endsOn: shopDay(4) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^endsOn: /);
    const events = await t.store.readStream('discounts');
    expect(events.at(-1)).toMatchObject({ type: 'DiscountChanged', data: { discountId: id, percentage: 10, active: true, startsOn: null, endsOn: null } });
  });
});

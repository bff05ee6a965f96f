import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkoutRejectionStream } from '#domain/streams.js';
import { daysBefore, shopToday } from '../shared/shop-day.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';

/**
 * GET /api/admin/funnel after real cart and checkout calls: four carts that stop at each stage of
 * the funnel, a refused promo code, a refused minimum and a refused phone, and malformed input
 * that the funnel must not count. Counts are asserted against what the calls did.
 */
describe('admin cart funnel (HTTP, real stack)', () => {
  let t: TestApp;
  let posterName: string;
  const carts: Record<'placed' | 'refused' | 'retried' | 'emptied', string> = { placed: '', refused: '', retried: '', emptied: '' };
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const funnel = (query: Record<string, string | number> = {}) => t.request().get('/api/admin/funnel').query(query).set(auth());
  // A period around today wide enough that a run across Cairo midnight still holds every cart.
  const around = () => ({ from: daysBefore(shopToday(), 1), to: daysBefore(shopToday(), -1) });

  async function newCart(posterId: string, quantity: number): Promise<string> {
    return (await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity }).expect(200)).body.cartId;
  }
  const checkout = (cartId: string, change: Partial<typeof VALID_CHECKOUT> = {}) =>
    t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, ...change });

  beforeAll(async () => {
    t = await createTestApp();
    const poster = await seedPoster(t.store, { name: 'Funnel Poster', prices: { SIZE_20x30: 20000 } });
    posterName = 'Funnel Poster';
    // placed: a line, an order in Cairo
    carts.placed = await newCart(poster.posterId, 2);
    await checkout(carts.placed).expect(200);
    // refused: a line, an unknown promo code (no checkout attempt), one poster to Alexandria (the minimum): abandoned
    carts.refused = await newCart(poster.posterId, 1);
    await t.request().post('/api/user/cart/promocode/apply?code=NOSUCHCODE').set('X-Cart-Id', carts.refused).expect(400);
    expect((await checkout(carts.refused, { governorate: 'ALEXANDRIA', city: 'Alexandria' }).expect(400)).body.message).toBe('Minimum order for ALEXANDRIA is 2 posters');
    // retried: a phone that is not Egyptian, then the order
    carts.retried = await newCart(poster.posterId, 2);
    await checkout(carts.retried, { phone: '0123' }).expect(400);
    await checkout(carts.retried).expect(200);
    // emptied: a checkout with a field missing (malformed input: no attempt, nothing recorded), then its line removed
    const added = (await t.request().post('/api/user/cart').send({ posterId: poster.posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200)).body;
    carts.emptied = added.cartId;
    expect((await checkout(carts.emptied, { firstName: '' }).expect(400)).body.message).toBe('First name is required');
    await t.request().delete(`/api/user/cart/items/${added.cart.items[0].itemId}`).set('X-Cart-Id', carts.emptied).expect(200);
    expect(await t.waitForProjections()).toBe(true);
  });
  afterAll(() => t?.close());

  it('records one CheckoutRejected per business-rule refusal, with the reason and governorate only', async () => {
    const reasons = async (cartId: string) => (await t.store.readStream(checkoutRejectionStream(cartId))).map((e) => e.data);
    expect(await reasons(carts.refused)).toEqual([
      { cartId: carts.refused, reason: 'PROMO_UNKNOWN', governorate: null },
      { cartId: carts.refused, reason: 'MINIMUM_POSTERS', governorate: 'ALEXANDRIA' },
    ]);
    expect(await reasons(carts.retried)).toEqual([{ cartId: carts.retried, reason: 'BAD_PHONE', governorate: 'CAIRO' }]);
    expect(await reasons(carts.emptied)).toEqual([]);
    expect(await reasons(carts.placed)).toEqual([]);
  });

  it('counts the carts at each stage, per governorate and per day, and the refusals by reason', async () => {
    const body = (await funnel({ ...around(), idleHours: 24 }).expect(200)).body;
    expect(body).toMatchObject(around());
    expect(body.totals).toEqual({ cartsCreated: 4, linesAdded: 4, checkoutAttempted: 3, ordersPlaced: 2 });
    expect(body.governorates).toEqual([
      { governorate: 'CAIRO', cartsCreated: 2, linesAdded: 2, checkoutAttempted: 2, ordersPlaced: 2 },
      { governorate: 'ALEXANDRIA', cartsCreated: 1, linesAdded: 1, checkoutAttempted: 1, ordersPlaced: 0 },
      { governorate: 'UNKNOWN', cartsCreated: 1, linesAdded: 1, checkoutAttempted: 0, ordersPlaced: 0 },
    ]);
    // However the carts fall on Cairo days, the days add up to the totals.
    const sum = (key: string) => body.days.reduce((n: number, d: Record<string, number>) => n + d[key], 0);
    expect(Object.fromEntries(Object.keys(body.totals).map((k) => [k, sum(k)]))).toEqual(body.totals);
    expect(body.rejections).toEqual([
      { reason: 'BAD_PHONE', count: 1 },
      { reason: 'MINIMUM_POSTERS', count: 1 },
      { reason: 'PROMO_UNKNOWN', count: 1 },
    ]);
    // Nobody waited 24 hours yet: nothing is abandoned.
    expect(body).toMatchObject({ abandonedCount: 0, abandoned: [], abandonedValue: 0 });
  });

  it('lists the cart with lines and no order as abandoned once idle, priced as the cart prices it, without personal data', async () => {
    const body = (await funnel({ ...around(), idleHours: 0 }).expect(200)).body;
    expect(body.abandonedCount).toBe(1);
    const cart = (await t.request().get('/api/user/cart').set('X-Cart-Id', carts.refused).expect(200)).body.cart;
    expect(body.abandoned).toEqual([{ lastActivityAt: expect.any(String), lines: [{ name: posterName, size: 'SIZE_20x30', quantity: 1 }], value: cart.total }]);
    expect(body.abandonedValue).toBe(cart.total);
    expect(JSON.stringify(body)).not.toContain(VALID_CHECKOUT.phone);
    expect(JSON.stringify(body)).not.toContain(VALID_CHECKOUT.lastName);
  });

  it('defaults to the 30 Cairo days up to today, which hold the carts made now', async () => {
    const body = (await funnel().expect(200)).body;
    expect(body.to).toBe(shopToday());
    expect(body.from).toBe(daysBefore(shopToday(), 29));
    expect(body.totals).toEqual({ cartsCreated: 4, linesAdded: 4, checkoutAttempted: 3, ordersPlaced: 2 });
  });

  it('counts nothing in a period before the carts', async () => {
    const body = (await funnel({ from: '2020-01-01', to: '2020-01-31' }).expect(200)).body;
    expect(body).toMatchObject({ totals: { cartsCreated: 0, linesAdded: 0, checkoutAttempted: 0, ordersPlaced: 0 }, days: [], governorates: [], rejections: [], abandonedCount: 0 });
  });

  it.each([
    [{ idleHours: -1 }, 'idleHours must not be less than 0'],
    [{ idleHours: 'soon' }, 'idleHours must be an integer number'],
    [{ idleHours: 1.5 }, 'idleHours must be an integer number'],
    [{ from: 'yesterday' }, 'from must be a date (YYYY-MM-DD)'],
    [{ from: '2026-02-30' }, 'from must be a date (YYYY-MM-DD)'],
    [{ to: '0000-01-01' }, 'to must be a date (YYYY-MM-DD)'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'from must not be after to'],
    [{ from: '2025-01-01', to: '2026-01-02' }, 'The period can be at most 366 days'],
  ])('refuses %j with 400 and says why', async (query, message) => {
    const res = await funnel(query as Record<string, string | number>).expect(400);
    expect([res.body.message].flat()).toContain(message);
  });

  it('is for admins only', async () => {
    await t.request().get('/api/admin/funnel').expect(401);
  });
});

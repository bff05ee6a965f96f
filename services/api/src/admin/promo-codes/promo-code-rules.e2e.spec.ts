import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { shopDate } from '#domain/shared/shop-date.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { VALID_CHECKOUT, seedPoster } from '../../testing/seed-catalogue.js';

/** 'YYYY-MM-DD' of the shop day `days` from today. */
function shopDay(days: number): string {
  return shopDate(new Date(Date.now() + days * 86_400_000));
}

describe('promo codes with rules (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let posterId: string;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const create = (body: Record<string, unknown>) => t.request().post('/api/admin/promocodes').set(auth()).send(body);
  const cartWithCode = async (code: string, quantity = 2) => {
    const cartId = (await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity }).expect(200)).body.cartId as string;
    const applied = await t.request().post(`/api/user/cart/promocode/apply?code=${code}`).set('X-Cart-Id', cartId);
    return { cartId, applied };
  };
  const checkout = (cartId: string, phone = VALID_CHECKOUT.phone) => t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, phone });

  beforeAll(async () => {
    t = await createTestApp();
    posterId = (await seedPoster(t.store, { category: 'FOOTBALL', prices: { SIZE_20x30: 20000 } })).posterId; // 200 EGP
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a code with every rule and answers them, uses and remaining uses', async () => {
    const res = await create({ code: 'welcome10', percentOff: 10, startsOn: shopDay(0), endsOn: shopDay(6), usageLimit: 100, oncePerCustomer: true, minimumSubtotal: 300, category: 'football' }).expect(201);
    expect(res.body).toMatchObject({ code: 'WELCOME10', startsOn: shopDay(0), endsOn: shopDay(6), usageLimit: 100, oncePerCustomer: true, minimumSubtotal: 300, category: 'FOOTBALL', uses: 0, remainingUses: 100 });
  });

  it.each([
    [{ startsOn: '2026-12-07', endsOn: '2026-12-01' }, 'endsOn'],
    [{ startsOn: '2026-02-30' }, 'startsOn'],
    [{ endsOn: 'next week' }, 'endsOn'],
    [{ usageLimit: -1 }, 'usageLimit'],
    [{ usageLimit: 0 }, 'usageLimit'],
    [{ usageLimit: 1e12 }, 'usageLimit'],
    [{ usageLimit: 2.5 }, 'usageLimit'],
    [{ minimumSubtotal: -5 }, 'minimumSubtotal'],
    [{ minimumSubtotal: 1e15 }, 'minimumSubtotal'],
    [{ category: 'SPORTS' }, 'category'],
    [{ oncePerCustomer: 'yes' }, 'oncePerCustomer'],
  ])('refuses %j with a 400 naming %s, and stores nothing', async (rules, field) => {
    const before = await t.commandEventCount();
    const res = await create({ code: 'BAD1', percentOff: 10, ...rules });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(await t.commandEventCount()).toBe(before);
    const patch = await t.request().patch('/api/admin/promocodes/WELCOME10').set(auth()).send(rules);
    expect(patch.status).toBe(400);
    expect(patch.body.message).toContain(field);
  });

  it('refuses applying a code before its start, after its end, below its minimum or without its category, saying why', async () => {
    await create({ code: 'LATER', percentOff: 10, startsOn: '2999-12-01' }).expect(201);
    await create({ code: 'OVER', percentOff: 10, startsOn: '2001-01-01', endsOn: '2001-01-31' }).expect(201);
    await create({ code: 'BIG', percentOff: 10, minimumSubtotal: 500 }).expect(201);
    await create({ code: 'ANIMEONLY', percentOff: 10, category: 'ANIME' }).expect(201);
    const refusals = await Promise.all(['LATER', 'OVER', 'BIG', 'ANIMEONLY'].map(async (code) => (await cartWithCode(code)).applied));
    expect(refusals.map((r) => [r.status, r.body.code, r.body.message, r.body.params])).toEqual([
      [400, 'PROMO_CODE_NOT_STARTED', 'This code starts on 1 December', { startsOn: '2999-12-01' }],
      [400, 'PROMO_CODE_ENDED', 'This code ended on 31 January', { endsOn: '2001-01-31' }],
      [400, 'PROMO_CODE_MINIMUM_SUBTOTAL', 'This code needs a subtotal of LE 500', { minimum: 500 }],
      [400, 'PROMO_CODE_CATEGORY', 'This code is only for Anime posters', { category: 'ANIME' }],
    ]);
  });

  it('once per customer: the same phone is refused a second use, however it is written; another phone is not', async () => {
    const first = await cartWithCode('WELCOME10');
    expect(first.applied.status).toBe(200);
    const placed = await checkout(first.cartId).expect(200);
    expect(placed.body.totals).toMatchObject({ promoCode: 'WELCOME10', discountFromPromoCode: 40 });

    const second = await cartWithCode('WELCOME10');
    const refused = await checkout(second.cartId, '+20 101 234 5678');
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'PROMO_CODE_ALREADY_USED', 'You have already used this code']);
    await checkout(second.cartId, '01099999999').expect(200);

    await t.waitForProjections();
    const list = await t.request().get('/api/admin/promocodes').set(auth()).expect(200);
    expect(list.body.data.find((p: { code: string }) => p.code === 'WELCOME10')).toMatchObject({ uses: 2, remainingUses: 98 });
    // The refusal feeds the funnel's reasons.
    const funnel = await t.request().get('/api/admin/funnel').set(auth()).expect(200);
    expect(JSON.stringify(funnel.body)).toContain('PROMO_ALREADY_USED');
  });

  it('a cancelled order gives its use back; re-opening it takes the use again', async () => {
    await create({ code: 'ONCE', percentOff: 10, usageLimit: 1 }).expect(201);
    const first = await cartWithCode('ONCE');
    const order = await checkout(first.cartId, '01055555555').expect(200);
    const second = await cartWithCode('ONCE');
    expect((await checkout(second.cartId, '01066666666')).body.code).toBe('PROMO_CODE_USED_UP');

    await t.request().patch(`/api/admin/orders/${order.body.orderId}/status`).set(auth()).send({ status: 'CANCELED', reason: 'customer called' }).expect(200);
    const usesAfterCancel = await t.request().patch('/api/admin/promocodes/ONCE').set(auth()).send({ active: true }).expect(200);
    expect(usesAfterCancel.body).toMatchObject({ uses: 0, remainingUses: 1 });

    await t.request().patch(`/api/admin/orders/${order.body.orderId}/status`).set(auth()).send({ status: 'PLACED', reason: 'called back' }).expect(200);
    const usesAfterReopen = await t.request().patch('/api/admin/promocodes/ONCE').set(auth()).send({ active: true }).expect(200);
    expect(usesAfterReopen.body).toMatchObject({ uses: 1, remainingUses: 0 });
  });

  it('a code created before rules existed keeps working with none', async () => {
    await create({ code: 'PLAIN', percentOff: 5 }).expect(201);
    const { cartId, applied } = await cartWithCode('PLAIN', 1);
    expect(applied.status).toBe(200);
    await checkout(cartId, '01077777777').expect(200);
  });

  it("a cart whose code no longer applies shows it dropped, with the reason's code and values", async () => {
    await create({ code: 'SHRINK', percentOff: 10 }).expect(201);
    const { cartId, applied } = await cartWithCode('SHRINK');
    expect(applied.body.cart).toMatchObject({ promoCode: 'SHRINK', promoDropped: null });
    await t.request().patch('/api/admin/promocodes/SHRINK').set(auth()).send({ minimumSubtotal: 1000 }).expect(200);
    const cart = (await t.request().get('/api/user/cart').set('X-Cart-Id', cartId).expect(200)).body.cart;
    expect(cart).toMatchObject({
      promoCode: null,
      discountFromPromoCode: 0,
      promoMessage: 'This code needs a subtotal of LE 1000',
      promoDropped: { code: 'SHRINK', reason: 'PROMO_CODE_MINIMUM_SUBTOTAL', params: { minimum: 1000 } },
    });
  });

  it('a cart holding a code whose every use another order took shows it used up before checkout', async () => {
    await create({ code: 'LASTONE', percentOff: 10, usageLimit: 1 }).expect(201);
    const first = await cartWithCode('LASTONE');
    const second = await cartWithCode('LASTONE');
    await checkout(first.cartId, '01044444444').expect(200);
    const cart = (await t.request().get('/api/user/cart').set('X-Cart-Id', second.cartId).expect(200)).body.cart;
    expect(cart).toMatchObject({ promoCode: null, discountFromPromoCode: 0, promoDropped: { code: 'LASTONE', reason: 'PROMO_CODE_USED_UP', params: {} } });
  });
});


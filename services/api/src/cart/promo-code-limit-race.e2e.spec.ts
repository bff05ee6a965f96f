import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PromoCodeUsed } from '#domain/promotion/events.js';
import { cartStream, promoUsageStream } from '#domain/streams.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { VALID_CHECKOUT, seedPoster } from '../testing/seed-catalogue.js';

const LIMIT = 10;
const RACERS = LIMIT + 5;
/** Attempts per racer when the shop answers 503 (a database wait timed out on a loaded machine). */
const MAX_ATTEMPTS = 5;

/**
 * Checkouts racing for a code's last uses on two API "replicas" of one database: the in-process
 * per-cart queue serialises nothing here (every cart is its own), so the limit holds by the
 * usage stream's expected revision alone.
 */
describe('a promo code usage limit under racing checkouts (two API replicas)', () => {
  let a: TestApp;
  let b: TestApp;
  let posterId: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ sameDatabaseAs: a });
    posterId = (await seedPoster(a.store, { prices: { SIZE_20x30: 20000 } })).posterId;
    await a.request()
      .post('/api/admin/promocodes')
      .set('Authorization', `Bearer ${a.adminToken()}`)
      .send({ code: 'RACE10', percentOff: 10, usageLimit: LIMIT })
      .expect(201);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it(`${RACERS} checkouts against a limit of ${LIMIT}: exactly ${LIMIT} orders take the code, the rest are refused and keep their carts`, async () => {
    const carts: string[] = [];
    for (let i = 0; i < RACERS; i++) {
      const cartId = (await a.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200)).body.cartId as string;
      await a.request().post('/api/user/cart/promocode/apply?code=race10').set('X-Cart-Id', cartId).expect(200);
      carts.push(cartId);
    }
    // A 503 says "try again": the shopper's retry of the same cart is part of the race (a checkout
    // is idempotent per cart), so only a business answer ends a racer's turn.
    const checkout = async (cartId: string, i: number) => {
      for (let attempt = 1; ; attempt++) {
        const r = await (i % 2 === 0 ? a : b)
          .request()
          .post('/api/user/cart/checkout')
          .set('X-Cart-Id', cartId)
          .send({ ...VALID_CHECKOUT, phone: `0101000${String(i).padStart(4, '0')}` });
        if (r.status !== 503 || attempt === MAX_ATTEMPTS) return r;
      }
    };
    const answers = await Promise.all(carts.map(checkout));
    const placed = answers.filter((r) => r.status === 200);
    const outcome = (r: (typeof answers)[number]) => (r.status === 200 ? 'placed' : `${r.status} ${r.body.code}: ${r.body.message}`);
    expect(answers.map(outcome).sort()).toEqual([...Array(LIMIT).fill('placed'), ...Array(RACERS - LIMIT).fill('409 PROMO_CODE_USED_UP: This code has been used up')].sort());
    expect(placed.every((r) => r.body.totals.promoCode === 'RACE10' && r.body.totals.discountFromPromoCode === 40)).toBe(true);

    // One use per placed order, none for a refused one: nothing counted twice, nothing lost.
    const uses = await a.store.readStream(promoUsageStream('RACE10'));
    expect(uses.map((e) => e.type)).toEqual(Array(LIMIT).fill('PromoCodeUsed'));
    expect(uses.map((e) => (e.data as PromoCodeUsed['data']).orderId).sort()).toEqual(placed.map((r) => r.body.orderId).sort());
    for (let i = 0; i < RACERS; i++) {
      const checkedOut = (await a.store.readStream(cartStream(carts[i]))).some((e) => e.type === 'CartCheckedOut');
      expect(checkedOut).toBe(answers[i].status === 200);
    }

    await a.waitForProjections();
    const list = await a.request().get('/api/admin/promocodes').set('Authorization', `Bearer ${a.adminToken()}`).expect(200);
    expect(list.body.data.find((p: { code: string }) => p.code === 'RACE10')).toMatchObject({ uses: LIMIT, remainingUses: 0, usageLimit: LIMIT });
  });
});

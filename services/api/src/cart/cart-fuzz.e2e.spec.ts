import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { seedPoster } from '../testing/seed-catalogue.js';

/**
 * Property: random bodies and queries sent to the mutating cart and checkout endpoints always get
 * a 4xx (never a 5xx) and append nothing (the log's head does not move).
 */
describe('mutating endpoints under random input (property, fast-check)', () => {
  let t: TestApp;
  let cartId: string;
  beforeAll(async () => {
    t = await createTestApp({ projector: false });
    const { posterId } = await seedPoster(t.store);
    // One item only, so no random form can pass the two-poster minimum by accident outside Cairo; the forms below are never valid anyway.
    cartId = (await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200)).body.cartId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const CART_FIELDS = ['posterId', 'variantId', 'size', 'quantity', 'productId', 'customImagePath', 'price', 'finalPrice'];
  const FORM_FIELDS = ['firstName', 'lastName', 'phone', 'email', 'addressLine', 'building', 'apartment', 'city', 'governorate', 'latitude', 'longitude', 'paymentMethod', 'notes'];
  const body = (fields: string[]) =>
    fc.oneof(
      fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 }),
      fc.jsonValue({ maxDepth: 2 }),
    );
  const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', ' ', '%00', '../../etc', 'SIZE_', '-1', '1e309', '[]', '{}'));
  const notAMethod = text.filter((s) => !['COD', 'ONLINE'].includes(s.trim().toUpperCase()));
  const notACode = text; // no promo codes exist in this store

  async function expectRefusedAndNothingAppended(send: () => Promise<{ status: number; text: string }>) {
    const before = await t.commandEventCount();
    const res = await send();
    if (res.status >= 500 || res.status < 400) throw new Error(`status ${res.status}: ${res.text}`);
    expect(await t.commandEventCount()).toBe(before);
  }

  const rawJson = (v: unknown) => JSON.stringify(v) ?? 'null';

  it('POST /api/user/cart', async () => {
    // Valid-looking adds are excluded by never naming a poster or add-on that exists.
    await fc.assert(
      fc.asyncProperty(body(CART_FIELDS), async (b) => {
        await expectRefusedAndNothingAppended(() => t.request().post('/api/user/cart').set('X-Cart-Id', cartId).set('Content-Type', 'application/json').send(rawJson(b)));
      }),
      { numRuns: 60 },
    );
  });

  it('PUT and DELETE /api/user/cart/items/{itemId}', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }), body(['quantity', 'size']), async (itemId, b) => {
        const path = `/api/user/cart/items/${encodeURIComponent(itemId)}`;
        await expectRefusedAndNothingAppended(() => t.request().put(path).set('X-Cart-Id', cartId).set('Content-Type', 'application/json').send(rawJson(b)));
        await expectRefusedAndNothingAppended(() => t.request().delete(path).set('X-Cart-Id', cartId));
      }),
      { numRuns: 40 },
    );
  });

  it('promo code, payment method and checkout', async () => {
    await fc.assert(
      fc.asyncProperty(notACode, notAMethod, body(FORM_FIELDS), fc.option(fc.string({ maxLength: 70 })), async (code, method, form, header) => {
        await expectRefusedAndNothingAppended(() => t.request().post(`/api/user/cart/promocode/apply?code=${encodeURIComponent(code)}`).set('X-Cart-Id', cartId));
        await expectRefusedAndNothingAppended(() => t.request().post(`/api/user/cart/payment-method?method=${encodeURIComponent(method)}`).set('X-Cart-Id', cartId));
        await expectRefusedAndNothingAppended(() =>
          t.request().post('/api/user/cart/checkout').set('X-Cart-Id', header ?? cartId).set('Content-Type', 'application/json').send(rawJson(form)),
        );
      }),
      { numRuns: 40 },
    );
  });
});

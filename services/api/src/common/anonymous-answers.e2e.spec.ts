import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { VersionedEventStore } from '#event-store/versioned-event-store.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { seedPoster } from '../testing/seed-catalogue.js';
import { PositionTokens } from './position-token.js';

/** A newsletter address's subscriber id: its data subject in the key store (docs/adr/012), opaque, never derived from the address. */
let subscriberIdOf: (email: string) => Promise<string>;

const WAIT_MS = 2500;

/**
 * Anonymous answers tell nothing about others: the newsletter answers alike for a new and a
 * listed address, and a shopper's read-your-writes token hides the log position (admins keep it).
 */
describe('no leaks in anonymous answers (HTTP, real stack)', () => {
  let t: TestApp;
  let posterId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { WAIT_FOR_POSITION_MS: String(WAIT_MS) } });
    subscriberIdOf = async (email) => (await (t.store as VersionedEventStore).personalData!.keys.subjectFor('email', email)).subjectId;
    ({ posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } }));
  });
  afterAll(() => t?.close());

  it('answers a new and an already subscribed newsletter address alike, appending once', async () => {
    const before = await t.eventCount();
    const first = await t.request().post('/api/public/newsletter').send({ email: 'Reader@Example.com' });
    const second = await t.request().post('/api/public/newsletter').send({ email: ' reader@example.COM ' });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body).toEqual({ id: await subscriberIdOf('reader@example.com'), email: 'reader@example.com', message: 'Subscribed successfully' });
    expect(second.text).toBe(first.text);
    expect(Object.keys(second.headers).sort()).toEqual(Object.keys(first.headers).sort());
    expect(first.headers['x-event-position']).toBeUndefined();
    expect(await t.eventCount()).toBe(before + 1);
  });

  it('gives a shopper a sealed token that a later read waits on, and ignores a forged one', async () => {
    const added = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200);
    const token = added.headers['x-event-position'];
    expect(token).toMatch(/^rw1\.[\w-]+$/);
    expect(token).not.toMatch(/\d+\/\d+/);
    // The harness opens it with the app's own key, as the API does.
    expect(await t.waitForProjections(token)).toBe(true);

    // A token of a position nobody wrote yet (sealed here with the app's key) holds the read for
    // the whole wait; the same token altered is no token, and the read answers without waiting.
    const future = t.app.get(PositionTokens).seal({ commit: 10n ** 15n, prepare: 10n ** 15n });
    const cartId = added.body.cartId as string;
    const timed = async (header: string) => {
      const started = performance.now();
      const res = await t.request().get('/api/user/cart').set('X-Cart-Id', cartId).set('X-Wait-For-Position', header).expect(200);
      expect(res.body.cart.items).toHaveLength(1);
      return performance.now() - started;
    };
    expect(await timed(future)).toBeGreaterThanOrEqual(WAIT_MS - 5);
    const forged = future.slice(0, 10) + (future[10] === 'A' ? 'B' : 'A') + future.slice(11);
    expect(await timed(forged)).toBeLessThan(WAIT_MS);
  });

  it('keeps the raw log position for an admin', async () => {
    const res = await t
      .request()
      .put('/api/pricing/SIZE_30x40?price=275')
      .set('Authorization', `Bearer ${t.adminToken()}`)
      .expect(200);
    expect(res.headers['x-event-position']).toMatch(/^\d+\/\d+$/);
  });
});

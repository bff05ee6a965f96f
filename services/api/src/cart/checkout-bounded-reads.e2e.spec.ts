import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cartDecider } from '#domain/cart/cart.decider.js';
import { SNAPSHOT_EVERY, snapshotTaken, snapshotVersionOf } from '#domain/snapshots.js';
import { cartStream, discountsStream, posterStream, promoStream } from '#domain/streams.js';
import type { EventStore, NewEvent } from '#event-store/event-store.port.js';
import { loadAggregate } from '../common/execute-decider.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { VALID_CHECKOUT, seedDiscount, seedPoster, seedPromo } from '../testing/seed-catalogue.js';
import { PersonalSnapshotRefused } from '#event-store/personal-data/personal-data-cipher.js';

const metadata = { correlationId: 'history', actor: { kind: 'admin' as const, id: 'seed' }, occurredAt: '2026-01-01T00:00:00.000Z' };
const HISTORY = 400;

/** `n` events made by `make(i)`, appended in pages: years of edits to one stream. */
async function grow(store: EventStore, stream: string, n: number, make: (i: number) => Pick<NewEvent, 'type' | 'data'>): Promise<void> {
  for (let from = 0; from < n; from += 200) {
    await store.append(stream, Array.from({ length: Math.min(200, n - from) }, (_, i) => ({ id: randomUUID(), ...make(from + i), metadata })));
  }
}

/**
 * Every stream a checkout reads (the cart, its poster, the discounts, its promo code) has grown
 * long; the checkout still reads a bounded number of events, counted at the app's own store.
 */
describe('checkout cost does not grow with history (HTTP, real PostgreSQL event store)', () => {
  let t: TestApp;
  let read = 0;
  beforeAll(async () => {
    t = await createTestApp({ projector: false });
    const readStream = t.store.readStream.bind(t.store);
    t.store.readStream = async (...args) => {
      const events = await readStream(...args);
      read += events.length;
      return events;
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`reads at most ${8 * SNAPSHOT_EVERY} events after ${HISTORY} edits to each, and answers a retry the same order`, async () => {
    const { posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } });
    await seedDiscount(t.store, null, 10);
    await seedPromo(t.store, 'LONGLIVED', 5);
    await grow(t.store, posterStream(posterId), HISTORY, (i) => ({ type: 'PosterVisibilityChanged', data: { posterId, visible: i % 2 === 1 } }));
    await grow(t.store, discountsStream(), HISTORY, (i) => ({ type: 'DiscountChanged', data: { discountId: 1, percentage: 10, active: i % 2 === 1 } }));
    await grow(t.store, promoStream('LONGLIVED'), HISTORY, (i) => ({ type: 'PromoCodePercentChanged', data: { code: 'LONGLIVED', percentOff: i % 2 === 0 ? 6 : 5 } }));
    const cartId = (await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200)).body.cartId;
    await t.request().post('/api/user/cart/promocode/apply?code=longlived').set('X-Cart-Id', cartId).expect(200);
    await grow(t.store, cartStream(cartId), HISTORY, (i) => ({ type: 'PaymentMethodChosen', data: { method: i % 2 === 0 ? 'ONLINE' : 'COD' } }));
    // The first reader of each long stream folds it once and snapshots it (an old shop's first request after the upgrade).
    const cart = (await t.request().get('/api/user/cart').set('X-Cart-Id', cartId).expect(200)).body.cart;
    expect(cart).toMatchObject({ subtotal: 400, discountFromPromotions: 40, discountFromPromoCode: 18, promoCode: 'LONGLIVED', promoDiscount: 5, paymentMethod: 'COD' });

    read = 0;
    const placed = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send(VALID_CHECKOUT).expect(200);
    // cart (loaded by checkout) + poster + discounts + promo: each a page and a tail after its snapshot.
    expect(read).toBeLessThanOrEqual(4 * 2 * SNAPSHOT_EVERY);
    // 2 × 200 EGP − 10% = 360; 5% promo = 18; Cairo shipping 60; COD 20
    expect(placed.body.total).toBe(422);

    // A checked-out cart holds the shopper's details: the log refuses its snapshot (docs/adr/012),
    // and a retry still reads only the page and tail past the snapshot taken before checkout.
    const loaded = await loadAggregate(t.store, cartStream(cartId), cartDecider);
    const snapshot = snapshotTaken(cartStream(cartId), loaded.revision, snapshotVersionOf(cartStream(cartId))!, loaded.state);
    await expect(t.store.append(snapshot.stream, [{ id: snapshot.id, ...snapshot.event, metadata }])).rejects.toBeInstanceOf(PersonalSnapshotRefused);
    read = 0;
    const retry = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send(VALID_CHECKOUT).expect(200);
    expect(retry.body).toMatchObject({ orderNumber: placed.body.orderNumber, orderId: placed.body.orderId, total: 422 });
    expect(read).toBeLessThanOrEqual(2 * SNAPSHOT_EVERY + 2);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { VersionedEventStore } from '#event-store/versioned-event-store.js';
import { newsletterStream, subscriberStream } from '#domain/streams.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/** A newsletter address's subscriber id: its data subject in the key store (docs/adr/012), opaque, never derived from the address. */
let subscriberIdOf: (email: string) => Promise<string>;

const metadata = { correlationId: 'before', actor: { kind: 'shopper' as const, id: 'footer' }, occurredAt: '2026-01-01T00:00:00.000Z' };

/**
 * Subscribing reads the address's own stream, never everyone's; the subscriptions of the old
 * `newsletter` stream still count as taken, are still unsubscribed there, and still listed.
 */
describe('newsletter, one stream per address (HTTP, real stack)', () => {
  let t: TestApp;
  let read = 0;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const legacyId = randomUUID();

  beforeAll(async () => {
    t = await createTestApp();
    subscriberIdOf = async (email) => (await (t.store as VersionedEventStore).personalData!.keys.subjectFor('email', email)).subjectId;
    // An old shop: 300 subscriptions in the one `newsletter` stream, written by the previous release.
    const old = Array.from({ length: 300 }, (_, i) => ({
      id: randomUUID(),
      type: 'NewsletterSubscribed',
      data: { subscriberId: i === 0 ? legacyId : randomUUID(), email: `old${i}@example.com` },
      metadata,
    }));
    await t.store.append(newsletterStream(), old);
    const readStream = t.store.readStream.bind(t.store);
    t.store.readStream = async (...args) => {
      const events = await readStream(...args);
      read += events.length;
      return events;
    };
  });
  afterAll(() => t?.close());

  it('subscribes new addresses on their own streams, reading a bounded number of events however many came before', async () => {
    for (let i = 0; i < 80; i++) await t.request().post('/api/public/newsletter').send({ email: `new${i}@example.com` }).expect(201);
    read = 0;
    const res = await t.request().post('/api/public/newsletter').send({ email: ' Last@Example.com ' }).expect(201);
    expect(res.body).toEqual({ id: await subscriberIdOf('last@example.com'), email: 'last@example.com', message: 'Subscribed successfully' });
    // Its own (empty) stream, then the old stream's first page, its snapshot and tail.
    expect(read).toBeLessThanOrEqual(2 * 64 + 1);
    expect((await t.store.readStream(subscriberStream(res.body.id))).map((e) => e.type)).toEqual(['NewsletterSubscribed']);
    expect(await t.store.readStream(newsletterStream())).toHaveLength(300);
    const again = await t.request().post('/api/public/newsletter').send({ email: 'LAST@example.com' }).expect(201);
    expect(again.body).toEqual(res.body);
    expect((await t.store.readStream(subscriberStream(res.body.id))).map((e) => e.type)).toEqual(['NewsletterSubscribed']);
  });

  it('appends nothing for an address subscribed in the old stream until it is unsubscribed there', async () => {
    const before = await t.eventCount();
    const taken = await t.request().post('/api/public/newsletter').send({ email: 'OLD0@example.com' }).expect(201);
    expect(taken.body).toEqual({ id: await subscriberIdOf('old0@example.com'), email: 'old0@example.com', message: 'Subscribed successfully' });
    expect(await t.eventCount()).toBe(before);
    const removed = await t.request().delete(`/api/admin/newsletter/${legacyId}`).set(auth()).expect(200);
    const [last] = await t.store.readStream(newsletterStream(), { direction: 'backwards', maxCount: 1 });
    expect(last).toMatchObject({ type: 'NewsletterUnsubscribed', data: { subscriberId: legacyId, email: 'old0@example.com' } });
    const again = await t.request().post('/api/public/newsletter').send({ email: 'old0@example.com' }).expect(201);
    expect(again.body.id).toBe(await subscriberIdOf('old0@example.com'));
    expect(removed.body).toEqual({ id: legacyId, subscribed: false, deleted: true });

    expect(await t.waitForProjections()).toBe(true);
    const list = await t.request().get('/api/admin/newsletter').query({ search: 'old0@' }).set(auth()).expect(200);
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([again.body.id]);
    const all = await t.request().get('/api/admin/newsletter').set(auth()).expect(200);
    expect(all.body.totalItems).toBe(300 + 80 + 1);
  });

  it('unsubscribes a new subscriber on its stream; it may subscribe again under the same id', async () => {
    const id = await subscriberIdOf('new0@example.com');
    await t.request().delete(`/api/admin/newsletter/${id}`).set(auth()).expect(200);
    await t.request().delete(`/api/admin/newsletter/${id}`).set(auth()).expect(404);
    expect((await t.store.readStream(subscriberStream(id))).map((e) => e.type)).toEqual(['NewsletterSubscribed', 'NewsletterUnsubscribed']);
    const back = await t.request().post('/api/public/newsletter').send({ email: 'new0@example.com' }).expect(201);
    expect(back.body.id).toBe(id);
    await t.request().delete(`/api/admin/newsletter/${randomUUID()}`).set(auth()).expect(404);
  });
});

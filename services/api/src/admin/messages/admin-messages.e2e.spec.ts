import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/**
 * Messages over HTTP on the real stack (the in-process projector runs the outbox reactor; nothing
 * delivers here, so messages stay pending): the checkout's language, a message composed from the
 * log in it, the owner's templates, and every refusal a 4xx naming its field.
 */
describe('customer messages API (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let owner: { Authorization: string };
  let posterId: string;

  async function checkout(extra: Record<string, unknown>): Promise<string> {
    const cart = (await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200)).body.cartId;
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart).send({ ...VALID_CHECKOUT, ...extra }).expect(200);
    expect(await t.waitForProjections()).toBe(true);
    return res.body.orderId;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = { Authorization: `Bearer ${t.adminToken()}` };
    posterId = (await seedPoster(t.store, { category: 'ART' })).posterId;
  }, 120_000);
  afterAll(() => t?.close());

  it('an Arabic checkout with an e-mail owes an Arabic e-mail and a text; its page composes it from the log', async () => {
    const orderId = await checkout({ email: 'mona@example.com', language: 'ar' });
    const list = (await t.request().get(`/api/admin/messages?orderId=${orderId}`).set(owner).expect(200)).body;
    expect(list.data.map((m: { kind: string; channel: string; status: string }) => [m.kind, m.channel, m.status]).sort()).toEqual([['orderPlaced', 'email', 'pending'], ['orderPlaced', 'phone', 'pending']]);
    expect(JSON.stringify(list)).not.toContain('mona@example.com'); // the list holds no personal data
    const email = list.data.find((m: { channel: string }) => m.channel === 'email');
    const one = (await t.request().get(`/api/admin/messages/${email.id}`).set(owner).expect(200)).body;
    expect(one).toMatchObject({ language: 'ar', to: 'mona@example.com', subject: expect.stringMatching(/^استلمنا طلبك \u2068PS-/) });
    expect(one.body).toContain('مرحباً \u2068Mona\u2069');
    const events = await t.store.readStream(`order-${orderId}`);
    expect((events[0].data as { language?: string }).language).toBe('ar');
  });

  it('an order without an e-mail owes only the text; a checkout in another language is refused naming the field', async () => {
    const orderId = await checkout({});
    const list = (await t.request().get(`/api/admin/messages?orderId=${orderId}`).set(owner).expect(200)).body;
    expect(list.data.map((m: { channel: string }) => m.channel)).toEqual(['phone']);
    const cart = (await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200)).body.cartId;
    const refused = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart).send({ ...VALID_CHECKOUT, language: 'fr' }).expect(400);
    expect(refused.body.fieldErrors).toEqual({ language: 'Language must be en or ar' });
  });

  it('templates: unknown placeholders and HTML are refused naming the field; a saved one is what the next message says', async () => {
    const base = { kind: 'orderPlaced', channel: 'email', language: 'en', subject: 'Thanks for {{orderNumber}}', body: 'Hi {{firstName}}: {{total}}' };
    const unknown = await t.request().put('/api/admin/message-templates').set(owner).send({ ...base, body: 'Hi {{name}}' }).expect(400);
    expect(Object.keys(unknown.body.fieldErrors)).toEqual(['body']);
    const html = await t.request().put('/api/admin/message-templates').set(owner).send({ ...base, subject: '<b>Thanks</b>' }).expect(400);
    expect(Object.keys(html.body.fieldErrors)).toEqual(['subject']);
    expect((await t.request().post('/api/admin/message-templates/preview').set(owner).send({ ...base, kind: 'orderLost' }).expect(400)).body.fieldErrors).toHaveProperty('kind');
    expect((await t.request().post('/api/admin/message-templates/preview').set(owner).send(base).expect(200)).body).toEqual({ subject: 'Thanks for \u2068PS-7KQ4-M2XD\u2069', body: 'Hi \u2068Mona\u2069: \u2068LE 920.00\u2069' });
    const saved = (await t.request().put('/api/admin/message-templates').set(owner).send(base).expect(200)).body;
    expect(saved.filter((x: { custom: boolean }) => x.custom)).toEqual([{ ...base, custom: true }]);
    const orderId = await checkout({ email: 'rami@example.com', language: 'en' });
    const email = (await t.request().get(`/api/admin/messages?orderId=${orderId}`).set(owner).expect(200)).body.data.find((m: { channel: string }) => m.channel === 'email');
    expect((await t.request().get(`/api/admin/messages/${email.id}`).set(owner).expect(200)).body.subject).toMatch(/^Thanks for \u2068PS-/);
  });

  it('refuses what names nothing: a bad status filter, an unknown or malformed id, a retry of a message that has not failed', async () => {
    expect((await t.request().get('/api/admin/messages?status=lost').set(owner).expect(400)).body.message).toMatch(/^status must be one of/);
    await t.request().get('/api/admin/messages/00000000-0000-4000-8000-000000000000').set(owner).expect(404);
    await t.request().get('/api/admin/messages/not-an-id').set(owner).expect(404);
    await t.request().post('/api/admin/messages/00000000-0000-4000-8000-000000000000/retry').set(owner).expect(404);
    const pending = (await t.request().get('/api/admin/messages?status=pending').set(owner).expect(200)).body.data[0];
    expect((await t.request().post(`/api/admin/messages/${pending.id}/retry`).set(owner).expect(409)).body.message).toMatch(/failed/);
  });

  it('a failed message is due again on retry, with the same id', async () => {
    const [message] = (await t.request().get('/api/admin/messages?status=pending').set(owner).expect(200)).body.data;
    // As the dispatcher leaves one out of attempts (nothing delivers in this test).
    await t.dataSource.query(`UPDATE projector.customer_messages SET status = 'failed', attempts = 6, next_attempt_at = now() + interval '1 day' WHERE message_id = $1`, [message.id]);
    const failed = (await t.request().get(`/api/admin/messages/${message.id}`).set(owner).expect(200)).body;
    expect(failed).toMatchObject({ status: 'failed', retryable: true });
    expect((await t.request().post(`/api/admin/messages/${message.id}/retry`).set(owner).expect(202)).body).toEqual({ id: message.id, status: 'pending' });
    const again = (await t.request().get(`/api/admin/messages/${message.id}`).set(owner).expect(200)).body;
    expect(again).toMatchObject({ id: message.id, status: 'pending', retryable: false });
    expect(Date.parse(again.nextAttemptAt)).toBeLessThan(Date.parse(failed.nextAttemptAt));
  });
});

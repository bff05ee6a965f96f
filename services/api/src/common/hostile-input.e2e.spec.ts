import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { couriersStream, orderStream } from '#domain/streams.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { VALID_CHECKOUT, seedPoster } from '../testing/seed-catalogue.js';
import { OrderReads } from '../reads/orders.reads.js';

type Hostile = {
  name: string;
  send: (t: TestApp, admin: Record<string, string>) => Promise<{ status: number; body: { message?: unknown } }>;
  /** The refusal must name this field (and, where given, the problem). */
  message: string | RegExp;
};

describe('hostile text at the HTTP edge (real PostgreSQL, projector running)', () => {
  let t: TestApp;
  let cartId: string;
  let posterId: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } }));
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
    cartId = cart.body.cartId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const deepJson = '['.repeat(100_000) + ']'.repeat(100_000);

  const cases: Hostile[] = [
    { name: 'NUL in a poster id path', send: (t) => t.request().get('/api/public/posters/%00'), message: 'URL path contains a NUL byte' },
    { name: 'malformed escape in the path', send: (t) => t.request().get('/api/public/posters/%zz'), message: 'URL path has a malformed percent-encoding' },
    { name: 'encoded lone surrogate in the path', send: (t) => t.request().get('/api/public/posters/%ED%A0%80x'), message: 'URL path has a malformed percent-encoding' },
    { name: 'NUL in the catalogue search', send: (t) => t.request().get('/api/public/posters?search=%00'), message: 'query parameter search contains a NUL byte' },
    { name: 'control character in a query key', send: (t) => t.request().get('/api/public/posters?sea%01rch=x'), message: 'a query parameter name contains a control character' },
    { name: 'NUL in add-to-cart posterId', send: (t) => t.request().post('/api/user/cart').send({ posterId: 'a\u0000b', size: 'SIZE_20x30' }), message: 'posterId contains a NUL byte' },
    { name: 'lone surrogate in add-to-cart posterId', send: (t) => t.request().post('/api/user/cart').send({ posterId: '\ud800x' }), message: 'posterId contains a lone surrogate' },
    { name: 'NUL in a JSON key', send: (t) => t.request().post('/api/user/cart').send({ ['posterId\u0000']: 'x' }), message: 'a field name contains a NUL byte' },
    { name: 'NUL in a promo code', send: (t) => t.request().post('/api/user/cart/promocode/apply?code=a%00b').set('X-Cart-Id', cartId), message: 'query parameter code contains a NUL byte' },
    { name: 'tab inside X-Cart-Id', send: (t) => t.request().get('/api/user/cart').set('X-Cart-Id', 'abc\tdef'), message: 'header X-Cart-Id contains a control character' },
    // Node's HTTP parser already refuses NUL and most controls in headers; a tab gets through it.
    { name: 'tab inside Idempotency-Key', send: (t) => t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).set('Idempotency-Key', 'k\tk').send(VALID_CHECKOUT), message: 'header Idempotency-Key contains a control character' },
    { name: 'tab inside X-Wait-For-Position', send: (t) => t.request().get('/api/public/posters').set('X-Wait-For-Position', '1/\t1'), message: 'header X-Wait-For-Position contains a control character' },
    { name: 'NUL in the login username', send: (t) => t.request().post('/api/admin/auth/login').send({ username: 'a\u0000', password: 'x' }), message: 'username contains a NUL byte' },
    { name: 'lone surrogate in the login password', send: (t) => t.request().post('/api/admin/login').send({ username: 'admin', password: 'pw\udc00' }), message: 'password contains a lone surrogate' },
    { name: 'NUL in the newsletter email', send: (t) => t.request().post('/api/public/newsletter').send({ email: 'a@b.co\u0000' }), message: 'email contains a NUL byte' },
    { name: 'NUL in a urlencoded newsletter email', send: (t) => t.request().post('/api/public/newsletter').type('form').send('email=a%40b.co%00'), message: 'email contains a NUL byte' },
    { name: 'NUL in a checkout first name', send: (t) => t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, firstName: 'Nul\u0000Byte' }), message: 'firstName contains a NUL byte' },
    { name: 'line break in a checkout first name', send: (t) => t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, firstName: 'Mona\nHassan' }), message: 'firstName contains a control character' },
    { name: 'lone surrogate in a checkout city', send: (t) => t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, city: '\ud800x' }), message: 'city contains a lone surrogate' },
    { name: 'non-character in checkout notes', send: (t) => t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, notes: 'ok\ufffe' }), message: 'notes contains a non-character' },
    { name: 'NUL in a multipart text field', send: (t) => t.request().post('/api/user/upload').field('size', 'SIZE_20x30\u0000').field('quantity', '1'), message: 'size contains a NUL byte' },
    { name: '100,000 nested arrays', send: (t) => t.request().post('/api/user/cart').set('Content-Type', 'application/json').send(deepJson), message: 'JSON body is nested more than 32 levels deep' },
    // Admin routes, with a valid token: the edge refuses before the guard's work matters.
    { name: 'NUL in the event browser search', send: (t, a) => t.request().get('/api/admin/events?search=%00').set(a), message: 'query parameter search contains a NUL byte' },
    { name: 'NUL in the event browser stream', send: (t, a) => t.request().get('/api/admin/events?stream=order-%00').set(a), message: 'query parameter stream contains a NUL byte' },
    { name: 'NUL in the event browser correlationId', send: (t, a) => t.request().get('/api/admin/events?correlationId=%00').set(a), message: 'query parameter correlationId contains a NUL byte' },
    { name: 'NUL in the orders list search', send: (t, a) => t.request().get('/api/admin/orders?search=%00').set(a), message: 'query parameter search contains a NUL byte' },
    { name: 'NUL in the orders export search', send: (t, a) => t.request().get('/api/admin/orders/export?search=%00').set(a), message: 'query parameter search contains a NUL byte' },
    { name: 'NUL in an order id', send: (t, a) => t.request().get('/api/admin/orders/%00').set(a), message: 'URL path contains a NUL byte' },
    { name: 'NUL in an order history id', send: (t, a) => t.request().get('/api/admin/orders/%00/history').set(a), message: 'URL path contains a NUL byte' },
    { name: 'NUL in an order status change id', send: (t, a) => t.request().patch('/api/admin/orders/%00/status').set(a).send({ status: 'SHIPPED' }), message: 'URL path contains a NUL byte' },
    { name: 'NUL in an order status reason', send: (t, a) => t.request().patch('/api/admin/orders/PS-AAAA-AAAA/status').set(a).send({ status: 'CANCELED', reason: 'r\u0000' }), message: 'reason contains a NUL byte' },
    { name: 'NUL in a newsletter subscriber id', send: (t, a) => t.request().patch('/api/admin/newsletter/%00').set(a).send({ active: false }), message: 'URL path contains a NUL byte' },
    { name: 'NUL in an export filter', send: (t, a) => t.request().post('/api/admin/exports').set(a).send({ kind: 'orders', filters: { search: 'x\u0000' } }), message: 'filters.search contains a NUL byte' },
    { name: 'NUL inside a multipart JSON data part', send: (t, a) => t.request().post('/api/admin/posters').set(a).field('data', JSON.stringify({ name: 'Nul\u0000', category: 'ANIME', variants: [] })), message: 'name contains a NUL byte' },
  ];

  it.each(cases)('refuses $name with a 400 naming the field, appending nothing', async ({ send, message }) => {
    const before = await t.eventCount();
    const res = await send(t, { Authorization: `Bearer ${t.adminToken()}` });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(message);
    expect(await t.eventCount()).toBe(before);
  });

  it('keeps malformed JSON a 400 and an oversized body a 413', async () => {
    const bad = await t.request().post('/api/user/cart').set('Content-Type', 'application/json').send('{"posterId":').expect(400);
    expect(bad.body.message).toBe('Malformed JSON body');
    await t.request().post('/api/user/cart').send({ posterId: 'x'.repeat(2_000_000) }).expect(413);
  });

  it('accepts Arabic, emoji and multi-line delivery notes at checkout, and stores them as sent', async () => {
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
    const customer = { ...VALID_CHECKOUT, firstName: 'منى', lastName: 'حسن 🎨', city: 'القاهرة', notes: 'Ring twice\nالدور الثالث\r\n\tthanks 🙏' };
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send(customer).expect(200);
    const [placed] = await t.store.readStream(orderStream(res.body.orderId));
    expect(JSON.stringify(placed.data)).toContain(JSON.stringify(customer.notes));
    expect(JSON.stringify(placed.data)).toContain('حسن 🎨');
    const search = await t.request().get(`/api/public/posters?search=${encodeURIComponent('القاهرة 🎨')}`).expect(200);
    expect(search.body).toBeDefined();
  });

  it('accepts multi-line announcement text from the admin', async () => {
    const text = 'Sale this week\nشحن مجاني';
    const res = await t.request().post('/api/admin/announcement').set('Authorization', `Bearer ${t.adminToken()}`).send({ text }).expect(200);
    expect(res.body.text).toBe(text);
  });

  it('ends a CSV export that fails mid-stream with an aborted response, not a hang', async () => {
    const queries = t.app.get(OrderReads, { strict: false });
    const spy = jest.spyOn(queries, 'batches').mockImplementation(async function* () {
      throw new Error('read model went away');
    });
    try {
      const outcome = await t
        .request()
        .get('/api/admin/orders/export')
        .set('Authorization', `Bearer ${t.adminToken()}`)
        .then(
          () => 'completed',
          (err: Error) => `failed: ${err.message}`,
        );
      expect(outcome).toMatch(/^failed: /);
    } finally {
      spy.mockRestore();
    }
  });

  // Names, addresses and notes lose embedding, override and isolate characters wherever they
  // arrive, keeping the marks Arabic keyboards type: what the log stores cannot turn a printed line around.
  const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const eventsOf = async (stream: string) => (await t.store.readStream(stream)) as Array<{ type: string; data: Record<string, unknown> }>;

  it('removes bidi embedding, override and isolate characters from a checkout\'s names, address and notes, marks kept; staff edits, notes, corrections, reasons and couriers too', async () => {
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200);
    const checkout = {
      ...VALID_CHECKOUT, phone: '01055500011', firstName: 'Mo\u202Ena', lastName: '\u2067حسن\u2069', addressLine: 'Street \u202E12 nomis', building: '\u202D7\u202C', apartment: '3\u2066',
      city: 'القاهرة\u200F', notes: 'الدور \u061C3\n\u200Ering\u202B twice',
    };
    const placed = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send(checkout).expect(200);
    const orderId = placed.body.orderId as string;
    const [event] = await eventsOf(orderStream(orderId));
    expect(event.data.customer).toMatchObject({
      firstName: 'Mona', lastName: 'حسن', addressLine: 'Street 12 nomis', building: '7', apartment: '3', city: 'القاهرة\u200F', notes: 'الدور \u061C3\n\u200Ering twice',
    });
    expect(await t.waitForProjections()).toBe(true);

    const { revision } = (await t.request().get(`/api/admin/orders/${orderId}`).set(auth()).expect(200)).body;
    await t.request().post(`/api/admin/orders/${orderId}/edits`).set(auth()).send({ addressLine: 'شارع \u202E45 التحرير', notes: 'call \u2068first', reason: 'moved \u202Eout', expectedRevision: revision }).expect(200);
    await t.request().post(`/api/admin/orders/${orderId}/notes`).set(auth()).send({ text: 'paid \u202E50 already' }).expect(201);
    await t.request().patch(`/api/admin/orders/${orderId}/customer`).set(auth()).send({ city: 'Giza \u202E1', firstName: '\u202AMouna' }).expect(200);
    await t.request().post(`/api/admin/orders/${orderId}/status-changes`).set(auth()).send({ status: 'CANCELED', reason: 'customer \u202Eask' }).expect(200);
    await t.request().post('/api/admin/couriers').set(auth()).send({ name: 'Bo\u202Esta', trackingUrlTemplate: null }).expect(201);

    const trail = await eventsOf(orderStream(orderId));
    const byType = (type: string) => trail.find((e) => e.type === type)!.data;
    expect(byType('OrderEdited')).toMatchObject({ after: { customer: { addressLine: 'شارع 45 التحرير', notes: 'call first' } }, reason: 'moved out' });
    expect(byType('OrderNoteAdded')).toMatchObject({ text: 'paid 50 already' });
    expect(byType('PersonalDataCorrected')).toMatchObject({ after: { city: 'Giza 1', firstName: 'Mouna' } });
    expect(JSON.stringify(byType('OrderStatusChanged'))).toContain('customer ask');
    const couriers = await eventsOf(couriersStream());
    expect(couriers.at(-1)!.data).toMatchObject({ name: 'Bosta' });
    expect(JSON.stringify([...trail, ...couriers].map((e) => e.data))).not.toMatch(CONTROLS);
  });

  it('leaves the app healthy and every projection caught up, none failed', async () => {
    expect(await t.waitForProjections()).toBe(true);
    const res = await t.request().get('/api/health').set('Authorization', `Bearer ${t.adminToken()}`).expect(200);
    expect(res.body.projections).toMatchObject({ status: 'up', behind: 0, failed: [] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { postJsonFrom } from '../testing/post-json-from.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../testing/seed-catalogue.js';
import { ClientBudgets } from './client-budgets.service.js';
import { CLIENT_TOKEN_COOKIE } from './client-token.js';

/**
 * Per-client budgets on the real API. Tiny budgets, refilled per hour, so nothing
 * refills while a test runs: the refusals below do not depend on timing. Each test speaks as
 * its own client (X-Forwarded-For through TRUST_PROXY=loopback), so tests never share a budget;
 * the last block uses real loopback source addresses with TRUST_PROXY off.
 */
const TINY = {
  TRUST_PROXY: 'loopback',
  BUDGET_CART_COMMANDS: '3/h',
  BUDGET_CART_CREATIONS: '2/h',
  BUDGET_CHECKOUTS_PER_CLIENT: '3/h',
  BUDGET_ADDRESS_CEILING_FACTOR: '2',
  BUDGET_CLIENT_TOKENS: '2/h',
  BUDGET_UPLOADS: '2/h',
  BUDGET_UPLOAD_BYTES: '1MB/h',
  BUDGET_UPLOAD_CONCURRENCY: '1',
  BUDGET_NEWSLETTER_SIGNUPS: '2/h',
};

describe('per-client budgets of anonymous writes (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let poster: Awaited<ReturnType<typeof seedPoster>>;
  beforeAll(async () => {
    t = await createTestApp({ projector: false, env: TINY });
    poster = await seedPoster(t.store, { prices: { SIZE_30x40: 35000, SIZE_50x70: 50000 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = (client: string, cartId: string | undefined, size = 'SIZE_30x40') => {
    const r = t.request().post('/api/user/cart').set('X-Forwarded-For', client);
    if (cartId) r.set('X-Cart-Id', cartId);
    return r.send({ posterId: poster.posterId, size, quantity: 1 });
  };

  it('answers the cart command over budget with 429, Retry-After and a clear message, and appends nothing', async () => {
    const client = '198.51.100.1';
    const first = await add(client, undefined).expect(200);
    const cartId = first.body.cartId as string;
    await add(client, cartId, 'SIZE_50x70').expect(200);
    await t.request().put(`/api/user/cart/items/${first.body.cart.items[0].id}`).set('X-Forwarded-For', client).set('X-Cart-Id', cartId).send({ quantity: 3 }).expect(200);
    const before = await t.eventCount();
    const stream = await t.store.readStream(`cart-${cartId}`);

    const refused = await add(client, cartId).expect(429);
    expect(refused.headers['retry-after']).toBe('1200'); // one command per 20 min refills the first
    expect(refused.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many cart changes from your network in a short time. Please wait a moment and try again.',
      code: 'CART_BUDGET_EXCEEDED',
    });
    for (const other of [
      t.request().delete(`/api/user/cart/items/${first.body.cart.items[0].id}`),
      t.request().delete('/api/user/cart'),
      t.request().post('/api/user/cart/payment-method?method=ONLINE'),
      t.request().post('/api/user/cart/promocode/apply?code=NOPE'),
    ]) {
      expect((await other.set('X-Forwarded-For', client).set('X-Cart-Id', cartId)).status).toBe(429);
    }
    expect(await t.eventCount()).toBe(before);
    expect(await t.store.readStream(`cart-${cartId}`)).toHaveLength(stream.length);
    // Reads are not budgeted: the shopper still sees the cart, unchanged.
    const cart = await t.request().get('/api/user/cart').set('X-Forwarded-For', client).set('X-Cart-Id', cartId).expect(200);
    expect(cart.body.cart.items.map((i: { quantity: number }) => i.quantity).sort()).toEqual([1, 3]);
  });

  it('keeps each client address to its own budget', async () => {
    await add('198.51.100.2', undefined).expect(200);
    await add('198.51.100.2', undefined).expect(200);
    await add('198.51.100.2', undefined).expect(429);
    await add('198.51.100.3', undefined).expect(200);
  });

  it('budgets new carts apart from commands: a third cart is refused while commands remain', async () => {
    const client = '198.51.100.4';
    await add(client, undefined).expect(200);
    await add(client, undefined).expect(200);
    const before = await t.eventCount();
    const refused = await add(client, undefined).expect(429);
    expect(refused.body.message).toBe('Too many new carts from your network in a short time. Please wait a moment and try again.');
    expect(await t.eventCount()).toBe(before);
  });

  it('ten refused checkouts naming a customer\'s phone three ways, from other addresses, do not stop that customer ordering', async () => {
    const victim = '01098765432';
    const written = [victim, '+20 109 876 5432', '٠١٠٩٨٧٦٥٤٣٢'];
    const refusals = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.request().post('/api/user/cart/checkout').set('X-Forwarded-For', `192.0.2.${21 + i}`).set('X-Cart-Id', `empty-cart-${i}`).send({ ...VALID_CHECKOUT, phone: written[i % 3] });
      refusals.push(res.status);
    }
    expect(refusals).toEqual(Array(10).fill(400)); // empty carts
    const cartId = (await add('192.0.2.40', undefined).expect(200)).body.cartId as string;
    const placed = await t.request().post('/api/user/cart/checkout').set('X-Forwarded-For', '192.0.2.40').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, phone: victim }).expect(200);
    const [orderPlaced] = await t.store.readStream(`order-${placed.body.orderId}`);
    expect(orderPlaced).toMatchObject({ type: 'OrderPlaced', data: { orderNumber: placed.body.orderNumber } });
  });

  it('budgets checkouts per client address whatever the phone', async () => {
    const client = '192.0.2.10';
    const phones = ['01011111111', '01022222222', '01033333333', '01044444444'];
    const statuses = [];
    for (const phone of phones) {
      statuses.push((await t.request().post('/api/user/cart/checkout').set('X-Forwarded-For', client).set('X-Cart-Id', 'empty-cart-10').send({ ...VALID_CHECKOUT, phone })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('budgets newsletter sign-ups per client address, appending nothing over budget', async () => {
    const signUp = (client: string, email: string) => t.request().post('/api/public/newsletter').set('X-Forwarded-For', client).send({ email });
    await signUp('203.0.113.1', 'one@example.com').expect(201);
    await signUp('203.0.113.1', 'two@example.com').expect(201);
    const before = await t.eventCount();
    const refused = await signUp('203.0.113.1', 'three@example.com').expect(429);
    expect(refused.body.code).toBe('NEWSLETTER_BUDGET_EXCEEDED');
    expect(refused.headers['retry-after']).toBe('1800');
    expect(await t.eventCount()).toBe(before);
    await signUp('203.0.113.2', 'three@example.com').expect(201);
  });

  describe('client tokens: the storefront\'s shoppers behind one address', () => {
    const ADDRESS = '198.51.100.60';
    const XSRF = 'xsrf-of-this-test';
    /** A page from `address`, and the client token it came with (undefined: none issued). */
    const page = async (address: string, cookie?: string) => {
      const r = t.request().get('/').set('X-Forwarded-For', address);
      if (cookie) r.set('Cookie', cookie);
      const setCookies = ((await r).headers['set-cookie'] as unknown as string[] | undefined) ?? [];
      const token = setCookies.find((c) => c.startsWith(`${CLIENT_TOKEN_COOKIE}=`));
      return token ? { cookie: token.split(';')[0], attributes: token.toLowerCase() } : undefined;
    };
    /** A new cart from ADDRESS, as the browser holding `cookie` (with the XSRF pair a browser sends). */
    const addAs = (cookie: string | undefined) => {
      const r = t.request().post('/api/user/cart').set('X-Forwarded-For', ADDRESS);
      if (cookie) r.set('Cookie', `${cookie}; XSRF-TOKEN=${XSRF}`).set('X-XSRF-TOKEN', XSRF);
      return r.send({ posterId: poster.posterId, size: 'SIZE_30x40', quantity: 1 });
    };

    it('issues an HttpOnly token with a page, none again to its holder, and none past the address\'s token budget', async () => {
      const one = await page('198.51.100.70');
      expect(one?.attributes).toContain('httponly');
      expect(one?.attributes).toContain('samesite=lax');
      expect(await page('198.51.100.70', one!.cookie)).toBeUndefined(); // held: nothing spent
      expect(await page('198.51.100.70')).toBeDefined();
      expect(await page('198.51.100.70')).toBeUndefined(); // BUDGET_CLIENT_TOKENS 2/h
      expect(await page('198.51.100.71')).toBeDefined();
      const api = await t.request().get('/api/user/cart').set('X-Forwarded-For', '198.51.100.72');
      expect(String(api.headers['set-cookie'] ?? '')).not.toContain(CLIENT_TOKEN_COOKIE);
    });

    it('one shopper flooding does not refuse another shopper at the same address; the address ceiling bounds them together', async () => {
      const flooder = (await page(ADDRESS))!.cookie;
      const neighbour = (await page(ADDRESS))!.cookie;
      const statuses = [(await addAs(flooder)).status, (await addAs(flooder)).status];
      const refused = await addAs(flooder);
      expect([...statuses, refused.status]).toEqual([200, 200, 429]);
      expect(refused.body.code).toBe('CART_BUDGET_EXCEEDED');
      expect((await addAs(neighbour)).status).toBe(200);
      // A client without a token spends the address's own budget, which token holders do not share.
      expect([(await addAs(undefined)).status, (await addAs(undefined)).status, (await addAs(undefined)).status]).toEqual([200, 200, 429]);
      // A forged token is no token: the address's budget, spent already.
      const [name, value] = neighbour.split('=');
      const forged = `${name}=${value.slice(0, 23)}${value[23] === 'A' ? 'B' : 'A'}${value.slice(24)}`;
      expect((await addAs(forged)).status).toBe(429);
      expect((await addAs(neighbour)).status).toBe(200);
      // The two spent the address's ceiling (2 × 2 new carts): a third token there, from wherever it came, is refused by it.
      const third = (await page('198.51.100.61'))!.cookie;
      const before = await t.eventCount();
      expect((await addAs(third)).status).toBe(429);
      expect(await t.eventCount()).toBe(before);
    });
  });

  describe('uploads (a listening server: bodies sent by hand)', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen(0, '127.0.0.1');
      port = (t.app.getHttpServer().address() as AddressInfo).port;
    });

    /** A multipart upload of `bytes` junk bytes; `hold` keeps the body unfinished until it is called. */
    function upload(client: string, bytes: number, opts: { declaredLength?: number } = {}) {
      const boundary = 'budget-test-boundary';
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="size"\r\n\r\nSIZE_30x40\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const body = Buffer.concat([head, Buffer.alloc(bytes, 7), tail]);
      let answer!: Promise<{ status: number; body: { code?: string; message?: string }; retryAfter?: string }>;
      const req = http.request({
        host: '127.0.0.1', port, method: 'POST', path: '/api/user/upload',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': opts.declaredLength ?? body.length, 'x-forwarded-for': client },
      });
      answer = new Promise((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}'), retryAfter: res.headers['retry-after'] as string | undefined }));
        });
        req.on('error', reject);
      });
      return {
        answer,
        sendHead: () => req.write(head),
        finish: () => req.end(body.subarray(head.length)),
        send: () => req.end(body),
        abort: () => req.destroy(),
      };
    }

    it('refuses the third upload of the hour before reading it', async () => {
      const client = '203.0.113.20';
      for (let i = 0; i < 2; i++) {
        const u = upload(client, 10);
        u.send();
        expect((await u.answer).status).toBe(400); // junk: refused as no image, yet counted
      }
      const u = upload(client, 10);
      u.send();
      const refused = await u.answer;
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('UPLOAD_BUDGET_EXCEEDED');
      expect(refused.retryAfter).toBe('1800');
    });

    it('refuses an upload past the bytes budget, counted from the declared length', async () => {
      const client = '203.0.113.21';
      const first = upload(client, 700 * 1024);
      first.send();
      expect((await first.answer).status).toBe(400);
      const second = upload(client, 700 * 1024);
      second.send();
      const refused = await second.answer;
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('UPLOAD_BUDGET_EXCEEDED');
    });

    it('lets one upload at a time per client: the second is refused until the first has ended', async () => {
      const client = '203.0.113.22';
      // Signals from the API's own budgets (not a mock: the real calls run), so nothing waits on a clock.
      const budgets = t.app.get(ClientBudgets);
      const enter = budgets.enterUpload.bind(budgets);
      let entered!: () => void;
      let released!: () => void;
      const slotTaken = new Promise<void>((r) => (entered = r));
      const slotFreed = new Promise<void>((r) => (released = r));
      budgets.enterUpload = async (...args) => {
        const release = await enter(...args);
        budgets.enterUpload = enter;
        entered();
        return async () => {
          await release();
          released();
        };
      };
      const slow = upload(client, 600 * 1024);
      slow.sendHead();
      await slotTaken; // the guard let it in; multer waits for the rest of its body

      const second = upload(client, 10);
      second.send();
      const busy = await second.answer;
      expect(busy.status).toBe(429);
      expect(busy.body.message).toBe('Too many uploads at once from your network. Please wait for the others to finish and try again.');
      expect(busy.retryAfter).toBe('5');
      const other = upload('203.0.113.23', 10);
      other.send();
      expect((await other.answer).status).toBe(400); // another client is not held up

      slow.finish();
      expect((await slow.answer).status).toBe(400);
      await slotFreed;
      const third = upload(client, 10);
      third.send();
      expect((await third.answer).status).toBe(400); // the refused one cost no count: this is the second
    });
  });

  describe('without TRUST_PROXY: the socket address, from real loopback sources', () => {
    let direct: TestApp;
    let port: number;
    beforeAll(async () => {
      direct = await createTestApp({ projector: false, sameDatabaseAs: t, env: { BUDGET_CART_COMMANDS: '2/h' } });
      await direct.app.listen(0, '127.0.0.1');
      port = (direct.app.getHttpServer().address() as AddressInfo).port;
    });
    afterAll(async () => {
      await direct?.close();
    });

    /** An add to cart whose socket comes from `from`, optionally claiming another client in X-Forwarded-For. */
    const addFrom = (from: string, forwardedFor?: string) =>
      postJsonFrom(port, from, '/api/user/cart', { posterId: poster.posterId, size: 'SIZE_30x40', quantity: 1 }, forwardedFor);

    it('gives 127.0.0.2 and 127.0.0.3 separate budgets, and a spoofed X-Forwarded-For buys no new one', async () => {
      expect(direct.config.trustProxy).toBe(false);
      expect([await addFrom('127.0.0.2'), await addFrom('127.0.0.2'), await addFrom('127.0.0.2')]).toEqual([200, 200, 429]);
      expect(await addFrom('127.0.0.2', '203.0.113.99')).toBe(429);
      expect(await addFrom('127.0.0.3')).toBe(200);
    });
  });

  describe('in Redis (REDIS_URL): one budget for two API processes', () => {
    let one: TestApp;
    let two: TestApp;
    beforeAll(async () => {
      // A key prefix of this suite's own: other suites on the test Redis never share its buckets.
      const env = { TRUST_PROXY: 'loopback', REDIS_URL: process.env.REDIS_URL!, BUDGET_REDIS_PREFIX: `test-${randomUUID()}:`, BUDGET_CART_COMMANDS: '3/h' };
      one = await createTestApp({ projector: false, sameDatabaseAs: t, env });
      two = await createTestApp({ projector: false, sameDatabaseAs: t, env });
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
    });

    it('refuses the fourth command whichever process gets it, and appends nothing', async () => {
      const addTo = (app: TestApp) =>
        app.request().post('/api/user/cart').set('X-Forwarded-For', '198.51.100.50').send({ posterId: poster.posterId, size: 'SIZE_30x40', quantity: 1 });
      expect([(await addTo(one)).status, (await addTo(two)).status, (await addTo(one)).status]).toEqual([200, 200, 200]);
      const before = await t.eventCount();
      const refused = await addTo(two);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('1200');
      expect(await t.eventCount()).toBe(before);
    });
  });
});

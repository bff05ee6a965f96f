/**
 * Nothing personal in the logs or metrics, on real processes: the built API and projector
 * (`node dist/...`) on one database, logging at debug level. A checkout (the phone typed in
 * Arabic-Indic digits), a tracking lookup (+20 form), admin searches by phone and by name, and
 * failed checkouts (a refused body, a malformed one) later, neither process's output nor
 * metrics holds the shopper's phone in any form, name or street.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEventStore, eventStoreConfigFromEnv } from '#event-store/create-event-store.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { testEventStoreEnv } from '#platform/testing/test-event-store.js';
import { until } from '#platform/testing/until.js';
// @ts-expect-error: plain-Node launcher module without type declarations
import { freePort } from '../../../../libs/platform/bin/local-servers.mjs';
import { seedPoster } from '../testing/seed-catalogue.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const ADMIN = { username: 'admin', password: 'log-test-admin-password' };
const DEADLINE_MS = 20_000;

const PHONE = '01012345678';
const PHONE_ARABIC_INDIC = '٠١٠١٢٣٤٥٦٧٨';
const PHONE_PLUS_20 = '+201012345678';
const SHOPPER = {
  firstName: 'Zumurruda',
  lastName: 'Qadrawi',
  phone: PHONE_ARABIC_INDIC,
  email: 'zumurruda.qadrawi@example.com',
  addressLine: '31 Sheikh Rihan Street',
  building: '4',
  apartment: '7',
  city: 'Cairo',
  governorate: 'CAIRO',
  paymentMethod: 'COD',
};
/** Every form the shopper's data could be written in, raw or URL-encoded. */
const PERSONAL = [
  PHONE, PHONE_ARABIC_INDIC, PHONE_PLUS_20, '201012345678', encodeURIComponent(PHONE_ARABIC_INDIC), encodeURIComponent(PHONE_PLUS_20),
  SHOPPER.firstName, SHOPPER.lastName, SHOPPER.email, 'Sheikh Rihan', encodeURIComponent('Sheikh Rihan'),
];

describe('nothing personal in the logs or metrics (real processes)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: EventStore;
  let uploads: string;
  let posterId: string;
  let env: NodeJS.ProcessEnv;
  let projectorPort = 0;
  const children: ChildProcess[] = [];
  const output = { api: '', projector: '' };

  function startNode(name: keyof typeof output, script: string, env: NodeJS.ProcessEnv): ChildProcess {
    const child = spawn(process.execPath, [script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => (output[name] += chunk.toString());
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    children.push(child);
    return child;
  }

  async function stop(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killLater = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killLater);
  }

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { cwd: root, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('build failed');
    db = await createTestDatabase('logs');
    uploads = mkdtempSync(path.join(os.tmpdir(), 'log-test-uploads-'));
    env = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      ...testEventStoreEnv(),
      JWT_SECRET: 'log-test-secret',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // The admin signs in with a password alone here: the second factor has its own suites.
      STAFF_TWO_FACTOR_ROLES: 'none',
      UPLOADS_DIR: uploads,
      WEB_DIST_DIR: path.join(uploads, 'no-web'),
      LOG_LEVEL: 'debug',
      PUBLIC_CACHE_MS: '0',
    };
    store = await createEventStore(eventStoreConfigFromEnv(env));
    ({ posterId } = await seedPoster(store, { prices: { SIZE_20x30: 20000 } }));
  });

  /** The projector, then the API, each on a free port, as `npm start` runs them. */
  async function startStack(): Promise<string> {
    projectorPort = await freePort();
    const projector = startNode('projector', 'dist/services/projector/src/main.js', { ...env, PROJECTOR_PORT: String(projectorPort) });
    await until('the projector to answer /health', async () => (await fetch(`http://127.0.0.1:${projectorPort}/health`)).status > 0, { timeoutMs: DEADLINE_MS, child: projector, context: () => output.projector.slice(-2000) });
    const port = await freePort();
    const api = startNode('api', 'dist/services/api/src/main.js', { ...env, PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    await until('the API to answer /api/health', async () => (await fetch(`${base}/api/health`)).ok, { timeoutMs: DEADLINE_MS, child: api, context: () => output.api.slice(-2000) });
    return base;
  }

  afterAll(async () => {
    for (const child of children) await stop(child);
    await store?.close();
    await db?.drop();
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  });

  it('a checkout, a tracking lookup, admin searches and failed checkouts leave no phone, name or street in either log', async () => {
    const base = await startStack();
    const call = async (method: string, url: string, options: { cartId?: string; body?: unknown; raw?: string; token?: string } = {}) => {
      // A cookie with the phone on the reads (a write with a cookie needs the XSRF header): cookies are never logged.
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(method === 'GET' ? { cookie: `remembered=${PHONE}` } : {}) };
      if (options.cartId) headers['x-cart-id'] = options.cartId;
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const res = await fetch(`${base}${url}`, { method, headers, body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)) });
      return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
    };
    const newCart = async () => {
      const added = await call('POST', '/api/user/cart', { body: { posterId, size: 'SIZE_20x30', quantity: 1 } });
      expect(added.status).toBe(200);
      return added.body.cartId as string;
    };

    const checkout = await call('POST', '/api/user/cart/checkout', { cartId: await newCart(), body: SHOPPER });
    expect(checkout.status).toBe(200);
    const orderNumber = checkout.body.orderNumber as string;

    // The tracking lookup answers once the projector has the order.
    const tracked = await until('the tracking lookup to find the order', async () => {
      const res = await call('POST', '/api/public/orders/track', { body: { orderNumber, phone: PHONE_PLUS_20 } });
      return res.status === 200 && res.body;
    }, { timeoutMs: DEADLINE_MS });
    expect(tracked.orderNumber).toBe(orderNumber);

    const login = await call('POST', '/api/admin/auth/login', { body: ADMIN });
    const token = login.body.token as string;
    for (const search of [PHONE, SHOPPER.lastName]) {
      const found = await call('GET', `/api/admin/orders?search=${encodeURIComponent(search)}&page=1`, { token });
      expect([search, found.status, found.body.data.map((o: { orderNumber: string }) => o.orderNumber)]).toEqual([search, 200, [orderNumber]]);
    }
    // The other forms an admin may paste: whatever they find, the URL must not reach the log.
    for (const search of [PHONE_ARABIC_INDIC, PHONE_PLUS_20]) {
      expect((await call('GET', `/api/admin/orders?search=${encodeURIComponent(search)}`, { token })).status).toBe(200);
    }
    const customers = await call('GET', `/api/admin/customers?search=${encodeURIComponent(PHONE)}`, { token });
    expect(customers.status).toBe(200);

    // Failed checkouts: a body the API refuses (no such governorate), and one it cannot parse.
    const refused = await call('POST', '/api/user/cart/checkout', { cartId: await newCart(), body: { ...SHOPPER, phone: PHONE, governorate: 'ATLANTIS' } });
    expect(refused.status).toBe(400);
    const malformed = await call('POST', '/api/user/cart/checkout', { cartId: await newCart(), raw: `{"firstName":"${SHOPPER.firstName}","phone":"${PHONE}","addressLine":"${SHOPPER.addressLine}",` });
    expect(malformed.status).toBe(400);

    const apiMetrics = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(apiMetrics.status).toBe(200);
    const projectorMetrics = await fetch(`http://127.0.0.1:${projectorPort}/metrics`);
    expect(projectorMetrics.status).toBe(200);
    const metrics = (await apiMetrics.text()) + (await projectorMetrics.text());

    for (const child of children) await stop(child);

    // The logs were captured: the access lines are there, with the search redacted.
    const accessUrls = output.api.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { req?: { url?: string } }).map((l) => l.req?.url).filter(Boolean);
    expect(accessUrls).toEqual(expect.arrayContaining(['/api/user/cart/checkout', '/api/public/orders/track', '/api/admin/orders?search=[redacted]&page=[redacted]']));
    expect(output.projector).toContain('projector started');
    const found = (text: string) => PERSONAL.filter((value) => text.includes(value));
    expect({ api: found(output.api), projector: found(output.projector), metrics: found(metrics) }).toEqual({ api: [], projector: [], metrics: [] });
  });
});

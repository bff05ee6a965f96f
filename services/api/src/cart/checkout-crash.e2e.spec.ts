/**
 * kill -9 of the API at each await point of a checkout, on real processes: the built API and
 * projector (`node dist/...`) on one database. After each crash, without the shopper retrying,
 * either the order is fully placed (in the admin list; a retry answers the same order even with
 * another body) or nothing is placed and the cart is still open with its items.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEventStore, eventStoreConfigFromEnv } from '#event-store/create-event-store.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { orderIdForCart } from '#domain/checkout/order-number.js';
import { cartStream, orderStream } from '#domain/streams.js';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { testEventStoreEnv } from '#platform/testing/test-event-store.js';
import { until } from '#platform/testing/until.js';
import { VALID_CHECKOUT, seedPoster } from '../testing/seed-catalogue.js';
import { CHECKOUT_FAULT_STEPS, type CheckoutFaultStep } from './checkout-faults.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const ADMIN = { username: 'admin', password: 'crash-test-admin-password' };
const DEADLINE_MS = 15_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<NodeJS.Signals | number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.signalCode ?? child.exitCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
}

describe('checkout survives kill -9 of the API at every step (real processes)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: EventStore;
  let env: NodeJS.ProcessEnv;
  let uploads: string;
  let projector: ChildProcess;
  const running = new Set<ChildProcess>();
  let posterId: string;

  function startNode(script: string, extra: Record<string, string>): ChildProcess {
    const child = spawn(process.execPath, [script], { cwd: root, env: { ...env, ...extra }, stdio: ['ignore', 'ignore', 'inherit'] });
    running.add(child);
    child.once('exit', () => running.delete(child));
    return child;
  }

  async function startApi(fault?: CheckoutFaultStep): Promise<{ child: ChildProcess; base: string }> {
    const port = await freePort();
    const child = startNode('dist/services/api/src/main.js', { PORT: String(port), ...(fault ? { CHECKOUT_FAULT_AT: fault } : {}) });
    const base = `http://127.0.0.1:${port}`;
    await until('the API to answer /api/health', async () => (await fetch(`${base}/api/health`)).ok, { timeoutMs: DEADLINE_MS, child });
    return { child, base };
  }

  async function call(base: string, method: string, url: string, options: { cartId?: string; body?: unknown; token?: string } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.cartId) headers['x-cart-id'] = options.cartId;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(`${base}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
  }

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { cwd: root, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('build failed');
    db = await createTestDatabase('crash');
    uploads = mkdtempSync(path.join(os.tmpdir(), 'crash-uploads-'));
    env = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      // The tests' event store, one namespace for every process of the run (see test-event-store.ts).
      ...testEventStoreEnv(),
      JWT_SECRET: 'crash-test-secret',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // The admin signs in with a password alone here: the second factor has its own suites.
      STAFF_TWO_FACTOR_ROLES: 'none',
      UPLOADS_DIR: uploads,
      WEB_DIST_DIR: path.join(uploads, 'no-web'),
      LOG_LEVEL: 'silent',
      PUBLIC_CACHE_MS: '0',
    };
    store = await createEventStore(eventStoreConfigFromEnv(env));
    ({ posterId } = await seedPoster(store, { prices: { SIZE_20x30: 20000 } }));
    projector = startNode('dist/services/projector/src/main.js', { PROJECTOR_PORT: String(await freePort()) });
  });

  afterAll(async () => {
    for (const child of running) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await store?.close();
    await db?.drop();
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  });

  it('leaves either a fully placed order or an open cart, for each crash point', async () => {
    const crashed: Array<{ step: CheckoutFaultStep; cartId: string }> = [];
    for (const step of CHECKOUT_FAULT_STEPS) {
      const api = await startApi(step);
      const added = await call(api.base, 'POST', '/api/user/cart', { body: { posterId, size: 'SIZE_20x30', quantity: 2 } });
      expect(added.status).toBe(200);
      const cartId = added.body.cartId as string;
      await expect(call(api.base, 'POST', '/api/user/cart/checkout', { cartId, body: VALID_CHECKOUT })).rejects.toThrow();
      expect(await exited(api.child)).toBe('SIGKILL');
      crashed.push({ step, cartId });
    }

    const api = await startApi();
    const login = await call(api.base, 'POST', '/api/admin/auth/login', { body: ADMIN });
    const token = login.body.token as string;
    const adminOrders = async () => (await call(api.base, 'GET', '/api/admin/orders', { token })).body.data as Array<{ orderNumber: string; total: number; firstName: string }>;

    for (const { step, cartId } of crashed) {
      const checkedOut = (await store.readStream(cartStream(cartId))).find((e) => e.type === 'CartCheckedOut');
      if (step === 'after-number-reserved') {
        // Nothing decided: nothing may be placed, and the shopper still has the cart.
        expect(checkedOut).toBeUndefined();
        expect(await store.readStream(orderStream(orderIdForCart(cartId)))).toEqual([]);
        const cart = await call(api.base, 'GET', '/api/user/cart', { cartId });
        expect(cart.body.cartId).toBe(cartId);
        expect(cart.body.cart.items).toHaveLength(1);
        expect(cart.body.cart.items[0].quantity).toBe(2);
        const retry = await call(api.base, 'POST', '/api/user/cart/checkout', { cartId, body: VALID_CHECKOUT });
        expect(retry.status).toBe(200);
        expect(retry.body.total).toBe(480);
        continue;
      }
      // Decided: the order reaches the admin list on its own (the projector's completion reactor).
      const orderNumber = (checkedOut!.data as { orderNumber: string }).orderNumber;
      const listed = await until(`order ${orderNumber} (${step}) in the admin list`, async () => (await adminOrders()).find((o) => o.orderNumber === orderNumber), DEADLINE_MS);
      expect(listed).toMatchObject({ total: 480, firstName: VALID_CHECKOUT.firstName });
      const placed = await store.readStream(orderStream(orderIdForCart(cartId)));
      expect(placed.map((e) => e.type)).toEqual(['OrderPlaced']);
      const retry = await call(api.base, 'POST', '/api/user/cart/checkout', { cartId, body: { ...VALID_CHECKOUT, firstName: 'Someone Else', paymentMethod: 'ONLINE' } });
      expect(retry.status).toBe(200);
      expect(retry.body).toMatchObject({ orderNumber, orderId: orderIdForCart(cartId), cartId, total: 480 });
      expect(await store.readStream(orderStream(orderIdForCart(cartId)))).toHaveLength(1);
    }
    expect(projector.exitCode).toBeNull();
  });
});

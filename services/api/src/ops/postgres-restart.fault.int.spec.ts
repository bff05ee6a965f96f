import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import supertest from 'supertest';
import { orderStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { loadConfig } from '#platform/config/app-config.js';
import { UNBOUNDED_BUDGETS } from '#platform/testing/unbounded-budgets.js';
// @ts-expect-error: plain-Node launcher module without type declarations
import { freePort, startPostgres } from '../../../../libs/platform/bin/local-servers.mjs';
import { ProjectorRunner } from '../../../projector/src/runner/runner.js';
import { ALL_PROJECTIONS } from '#read-models/projections/all-projections.js';
import { createApiApp } from '../app.factory.js';
import { AdminTokenService } from '../auth/admin-token.service.js';
import { StaffSessionsRepository } from '../auth/staff-sessions.repository.js';
import { EVENT_STORE } from '../common/tokens.js';
import { portAnswers, until } from '#platform/testing/until.js';
import { VALID_CHECKOUT, seedPoster } from '../testing/seed-catalogue.js';

/** Longest any answer may take while the database is gone: a clear refusal, never a hang. */
const ANSWER_BOUND_MS = 5000;

interface Outcome {
  what: 'cart' | 'checkout';
  startedAt: number;
  endedAt: number;
  status: number | 'no answer';
  retryAfter?: string;
  message?: string;
  orderId?: string;
}

type PgServer = { url: string; port: number; stop: () => Promise<void> };


/**
 * This suite starts its own PostgreSQL (the one every other suite shares must not go down) and
 * kills it the hard way: SIGQUIT to the postmaster is `pg_ctl stop -m immediate`, a crash as far
 * as clients and recovery are concerned. It is durable (fsync and synchronous commit on) because
 * "acknowledged means stored" is exactly what is under test.
 */
describe('PostgreSQL killed and restarted under checkout traffic (own server, API and projector in-process)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pg-fault-'));
  const dataDir = path.join(root, 'pg');
  let port: number;
  let server: PgServer;
  let app: NestExpressApplication;
  let store: EventStore;
  let runner: ProjectorRunner;
  let runnerPool: pg.Pool;
  let adminToken: string;
  const http = () => supertest(app.getHttpServer());

  beforeAll(async () => {
    port = await freePort();
    server = await startPostgres({ dir: dataDir, port, database: 'shop', durable: true });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: server.url,
      EVENT_STORE: 'postgres',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-password-for-tests',
      JWT_SECRET: 'fault-secret',
      UPLOADS_DIR: path.join(root, 'uploads'),
      WEB_DIST_DIR: path.join(root, 'no-web'),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      PUBLIC_CACHE_MS: '0',
      WAIT_FOR_POSITION_MS: '3000',
      // Two shoppers on one address, faster than any person: the budgets are not what is under test.
      ...UNBOUNDED_BUDGETS,
    });
    app = await createApiApp(config);
    await app.init();
    store = app.get<EventStore>(EVENT_STORE);
    const sessionId = await app.get(StaffSessionsRepository).open('admin', 'Test harness', '127.0.0.1', false);
    adminToken = app.get(AdminTokenService).sign({ username: 'admin', role: 'ADMIN', sessionId });
    runnerPool = new pg.Pool({ connectionString: server.url, max: 4 });
    runnerPool.on('error', () => undefined);
    runner = new ProjectorRunner({ store, pool: runnerPool, databaseUrl: server.url, projections: ALL_PROJECTIONS, replicaId: 'fault-test', maxIdleMs: 20 });
    await runner.start();
  }, 60_000);

  afterAll(async () => {
    await runner?.stop().catch(() => undefined);
    await runnerPool?.end().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  });

  async function timed(what: Outcome['what'], send: () => supertest.Test): Promise<Outcome & { body?: any }> {
    const startedAt = Date.now();
    try {
      const res = await send().timeout(ANSWER_BOUND_MS + 2000);
      return {
        what,
        startedAt,
        endedAt: Date.now(),
        status: res.status,
        retryAfter: res.headers['retry-after'],
        message: res.body?.message,
        orderId: res.body?.orderId,
        body: res.body,
      };
    } catch {
      return { what, startedAt, endedAt: Date.now(), status: 'no answer' };
    }
  }

  async function newCart(posterId: string): Promise<Outcome & { cartId?: string }> {
    const o = await timed('cart', () => http().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }));
    return { ...o, cartId: o.status === 200 ? o.body.cartId : undefined };
  }

  const checkout = (cartId: string) => timed('checkout', () => http().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send(VALID_CHECKOUT));

  function killPostgres(): number {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGQUIT');
    return pid;
  }

  it('answers 503 + Retry-After quickly while it is down, recovers by itself, and keeps every acknowledged order', async () => {
    const { posterId } = await seedPoster(store);
    const outcomes: Outcome[] = [];
    const acknowledged = () => outcomes.filter((o) => o.what === 'checkout' && o.status === 200).map((o) => o.orderId!);
    let running = true;
    const shopper = async () => {
      while (running) {
        const cart = await newCart(posterId);
        outcomes.push(cart);
        if (cart.cartId) outcomes.push(await checkout(cart.cartId));
        // a refused request comes back at once; without a breath the loop would only spin
        if (cart.status !== 200) await new Promise((r) => setTimeout(r, 20));
      }
    };
    const shoppers = [shopper(), shopper()];

    await until('orders before the outage', () => acknowledged().length >= 6, 20_000);
    // A cart filled before the outage, checked out during it: the write path itself must refuse cleanly.
    const pending = await newCart(posterId);
    expect(pending.status).toBe(200);

    const pid = killPostgres();
    await until('PostgreSQL gone', async () => !(await portAnswers(port)) && !isAlive(pid), 15_000);
    const downAt = Date.now();

    const duringCheckout = await checkout(pending.cartId!);
    const duringRead = await timed('cart', () => http().get('/api/admin/orders').set('Authorization', `Bearer ${adminToken}`));
    const duringHealth = await timed('cart', () => http().get('/api/health'));
    await until('traffic refused during the outage', () => outcomes.filter((o) => o.startedAt >= downAt).length >= 10, 15_000);
    const upAgainAt = Date.now();
    server = await startPostgres({ dir: dataDir, port, database: 'shop', durable: true });

    const ackedBeforeRestart = acknowledged().length;
    await until('orders after the restart', () => acknowledged().length >= ackedBeforeRestart + 6, 30_000);
    running = false;
    await Promise.all(shoppers);
    const retried = await checkout(pending.cartId!);

    for (const [name, o] of Object.entries({ duringCheckout, duringRead })) {
      expect({ name, status: o.status, retryAfter: o.retryAfter, message: o.message }).toEqual({
        name,
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
        message: expect.stringMatching(/temporarily unavailable/i),
      });
    }
    // The probe says what is down rather than how long to wait (to anyone: by name, without figures).
    expect({ status: duringHealth.status, body: duringHealth.body }).toEqual({
      status: 503,
      body: { status: 'unavailable', failing: expect.arrayContaining(['database']) },
    });
    const inOutage = outcomes.filter((o) => o.startedAt >= downAt && o.endedAt <= upAgainAt);
    expect(inOutage.length).toBeGreaterThanOrEqual(10);
    expect(inOutage.filter((o) => o.status !== 503 || !o.retryAfter)).toEqual([]);
    // Around the stop and the start an answer may go either way, but never a 500 and never a hang.
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    expect(Math.max(...outcomes.map((o) => o.endedAt - o.startedAt), duringCheckout.endedAt - duringCheckout.startedAt)).toBeLessThan(ANSWER_BOUND_MS);

    expect(retried.status).toBe(200);
    const orderIds = [...acknowledged(), retried.orderId!];
    for (const orderId of orderIds) {
      const [placed] = await store.readStream(orderStream(orderId));
      expect({ orderId, type: placed?.type }).toEqual({ orderId, type: 'OrderPlaced' });
    }

    // The projector came back by itself: every acknowledged order reaches the admin's list.
    let listed = new Set<string>();
    await until(
      'the projector lists every acknowledged order',
      async () => {
        // Page by page: a list answers at most 200 rows at once.
        listed = new Set<string>();
        for (let page = 1; ; page++) {
          const res = await http().get(`/api/admin/orders?size=200&page=${page}`).set('Authorization', `Bearer ${adminToken}`);
          if (res.status !== 200) return false;
          for (const o of res.body.data as Array<{ id?: string; orderId?: string }>) listed.add(o.id ?? o.orderId!);
          if (!res.body.hasNextPage) break;
        }
        return orderIds.every((id) => listed.has(id));
      },
      20_000,
    ).catch(() => undefined);
    expect(orderIds.filter((id) => !listed.has(id))).toEqual([]);
  }, 90_000);
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, useTestApp, type TestApp } from '../testing/test-app.js';
import { seedPoster } from '../testing/seed-catalogue.js';
import { PROJECTION_NAMES } from '#read-models/projection-names.js';

describe('ops and cross-cutting HTTP behaviour', () => {
  let t: TestApp;
  useTestApp({}, (app) => (t = app));

  it('reports health of the event store, database and projections', async () => {
    await seedPoster(t.store);
    await t.waitForProjections();
    const res = await t.request().get('/api/health').set('Authorization', `Bearer ${t.adminToken()}`).expect(200);
    expect(res.body).toMatchObject({ status: 'ok', eventStore: { status: 'up', kind: t.config.eventStore.kind }, database: { status: 'up' } });
    expect(res.body.projections.count).toBe(PROJECTION_NAMES.length);
    expect(res.body.projections).toMatchObject({ status: "up", behind: 0, missing: [], failed: [] });
    expect(['up', 'disabled']).toContain(res.body.redis.status);
  });

  it('exposes Prometheus metrics with the request histogram and command counters', async () => {
    await t.request().post('/api/user/cart/payment-method?method=ONLINE').expect(200);
    const res = await t.request().get('/api/metrics').set('Authorization', `Bearer ${t.adminToken()}`).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toMatch(/http_request_duration_seconds_bucket\{.*route="\/api\/user\/cart\/payment-method"/);
    expect(res.text).toMatch(/api_commands_total\{.*command="ChoosePaymentMethod".*outcome="appended"/);
  });

  it('serves the OpenAPI document generated from the DTOs', async () => {
    const res = await t.request().get('/api/docs-json').expect(200);
    expect(res.body.paths['/api/user/cart/checkout']).toBeDefined();
    expect(res.body.paths['/api/public/posters']).toBeDefined();
    expect(res.body.components.schemas.AddToCartDto).toBeDefined();
  });

  it('uses an incoming X-Request-Id as the events\' correlationId', async () => {
    const res = await t.request().post('/api/user/cart/payment-method?method=ONLINE').set('X-Request-Id', 'req-abc-123').expect(200);
    expect(res.headers['x-request-id']).toBe('req-abc-123');
    const [e] = await t.store.readStream(`cart-${res.body.cartId}`);
    expect(e.metadata).toMatchObject({ correlationId: 'req-abc-123', actor: { kind: 'shopper' }, schemaVersion: 1 });
  });

  it('sets security headers and limits CORS to the web origin', async () => {
    const ok = await t.request().get('/api/public/config').set('Origin', 'http://localhost:5173').expect(200);
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    const other = await t.request().get('/api/public/config').set('Origin', 'https://evil.example').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('requires the XSRF header for a state change sent with cookies, not for bearer or cookie-less calls', async () => {
    const first = await t.request().get('/api/public/config').expect(200);
    const cookie = (first.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('XSRF-TOKEN='))!;
    const token = cookie.split(';')[0].split('=')[1];
    const refused = await t.request().post('/api/user/cart/payment-method?method=COD').set('Cookie', `XSRF-TOKEN=${token}`).expect(403);
    expect(refused.body.message).toBe('Invalid or missing XSRF token');
    await t.request().post('/api/user/cart/payment-method?method=COD').set('Cookie', `XSRF-TOKEN=${token}`).set('X-XSRF-TOKEN', token).expect(200);
    await t.request().post('/api/user/cart/payment-method?method=COD').expect(200);
  });

  it('answers 400 for malformed JSON and 413 for a huge body, never 500', async () => {
    const bad = await t.request().post('/api/user/cart').set('Content-Type', 'application/json').send('{"posterId":').expect(400);
    expect(bad.body.message).toBe('Malformed JSON body');
    await t.request().post('/api/user/cart').send({ posterId: 'x'.repeat(2_000_000) }).expect(413);
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const res = await t.request().get('/api/nope').expect(404);
    expect(res.body.statusCode).toBe(404);
  });
});

describe('public read micro-cache', () => {
  let t: TestApp;
  useTestApp({ env: { PUBLIC_CACHE_MS: '60000' } }, (app) => (t = app));

  it('answers a repeated catalogue read from memory, and X-Wait-For-Position bypasses it', async () => {
    await t.waitForProjections();
    expect((await t.request().get('/api/public/posters').expect(200)).body.totalItems).toBe(0);
    const { position: head } = await seedPoster(t.store);
    await t.waitForProjections(head);
    expect((await t.request().get('/api/public/posters').expect(200)).body.totalItems).toBe(0);
    const fresh = await t.request().get('/api/public/posters').set('X-Wait-For-Position', `${head.commit}/${head.prepare}`).expect(200);
    expect(fresh.body.totalItems).toBe(1);
  });
});

describe('web app and uploads served by the API', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ projector: false, env: { WEB_DIST_DIR: web } });
    mkdirSync(path.join(t.config.uploadsDir, 'gallery'), { recursive: true });
    writeFileSync(path.join(t.config.uploadsDir, 'gallery', 'a.txt'), 'hello');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('serves files, falls back to index.html for app routes, and keeps /api and /uploads out of the fallback', async () => {
    expect((await t.request().get('/assets/app.js').expect(200)).text).toBe('console.log(1)');
    for (const route of ['/', '/shop?page=2', '/posters/abc', '/admin/orders']) {
      const res = await t.request().get(route).expect(200);
      expect(res.text).toContain('<div id="root">');
    }
    expect((await t.request().get('/api/does-not-exist').expect(404)).body.statusCode).toBe(404);
    expect((await t.request().get('/uploads/gallery/a.txt').expect(200)).text).toBe('hello');
    await t.request().get('/uploads/gallery/missing.jpg').expect(404);
  });
});

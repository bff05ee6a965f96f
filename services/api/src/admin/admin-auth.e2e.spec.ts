import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import jwt from 'jsonwebtoken';
import { AdminGuard } from '../auth/admin.guard.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

interface Route {
  method: string;
  path: string;
}

/**
 * Every route behind AdminGuard, read from the running app's controllers (class- or method-level
 * guards), so a route added tomorrow is covered without touching this file.
 */
function adminRoutes(t: TestApp): Route[] {
  const routes: Route[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const cls = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!cls) continue;
      const classGuards: unknown[] = Reflect.getMetadata(GUARDS_METADATA, cls) ?? [];
      const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, cls) ?? '');
      for (const name of Object.getOwnPropertyNames(cls.prototype)) {
        const handler = cls.prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler);
        if (method === undefined) continue;
        const guards: unknown[] = [...classGuards, ...(Reflect.getMetadata(GUARDS_METADATA, handler) ?? [])];
        if (!guards.includes(AdminGuard)) continue;
        for (const prefix of prefixes) {
          for (const sub of ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, handler) ?? '')) {
            const path = ['/api', prefix, sub]
              .map((s) => s.replace(/^\/+|\/+$/g, ''))
              .filter(Boolean)
              .join('/')
              .replace(/:[A-Za-z]+/g, '6f1c3d2a-8b4e-4a7f-9c1d-2e3f4a5b6c7d');
            routes.push({ method: RequestMethod[method].toLowerCase(), path: `/${path}` });
          }
        }
      }
    }
  }
  return routes;
}

describe('every admin route refuses a missing, tampered or expired token (401)', () => {
  let t: TestApp;
  let routes: Route[];

  beforeAll(async () => {
    t = await createTestApp({ projector: false });
    routes = adminRoutes(t);
  });
  afterAll(() => t.close());

  it('finds the admin routes of the spec (the discovery itself works)', () => {
    const names = routes.map((r) => `${r.method.toUpperCase()} ${r.path.replace(/6f1c3d2a-8b4e-4a7f-9c1d-2e3f4a5b6c7d/g, ':id')}`);
    for (const expected of [
      'GET /api/admin/posters',
      'POST /api/admin/posters',
      'PUT /api/admin/posters/:id',
      'DELETE /api/admin/posters/:id',
      'GET /api/admin/orders',
      'PATCH /api/admin/orders/:id/status',
      'GET /api/admin/orders/export',
      'GET /api/admin/orders/:id/history',
      'POST /api/admin/promocodes',
      'POST /api/admin/discounts',
      'GET /api/admin/customers',
      'GET /api/admin/newsletter',
      'PATCH /api/admin/announcement',
      'PUT /api/pricing/:id',
      'POST /api/gallery/upload',
      'DELETE /api/gallery/:id',
      'POST /api/products',
      'PUT /api/products/:id',
      'DELETE /api/products/:id',
      'GET /api/admin/dashboard',
      'GET /api/admin/events',
      'GET /api/admin/events/export',
      'GET /api/admin/projections',
      'POST /api/admin/exports',
      'GET /api/admin/jobs/:id',
    ]) {
      expect(names).toContain(expected);
    }
    // The public reads and the shopper's upload are not admin routes.
    expect(names).not.toContain('GET /api/products');
    expect(names).not.toContain('POST /api/user/upload');
    expect(names).not.toContain('POST /api/public/newsletter');
  });

  it('401 without a token', async () => {
    for (const r of routes) {
      const res = await t.request()[r.method as 'get'](r.path);
      expect([r, res.status]).toEqual([r, 401]);
    }
  });

  it('401 with a tampered token (signature flipped, foreign secret, alg none, non-admin role)', async () => {
    const valid = t.adminToken();
    const [h, p, s] = valid.split('.');
    const flipped = `${h}.${p}.${s.slice(0, -2)}${s.at(-2) === 'A' ? 'B' : 'A'}${s.at(-1)}`;
    const forgedPayload = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'mallory' })).toString('base64url')}.${s}`;
    const foreign = jwt.sign({ role: 'ADMIN' }, 'another-secret', { algorithm: 'HS256', subject: 'admin', expiresIn: 600 });
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    const notAdmin = jwt.sign({ role: 'USER' }, (t.config as { jwtSecret: string }).jwtSecret, { algorithm: 'HS256', subject: 'admin', expiresIn: 600 });
    for (const token of [flipped, forgedPayload, foreign, none, notAdmin]) {
      for (const r of routes) {
        const res = await t.request()[r.method as 'get'](r.path).set('Authorization', `Bearer ${token}`);
        expect([r, res.status]).toEqual([r, 401]);
      }
    }
  });

  it('401 with an expired token, and a valid one gets past the guard with a renewed token', async () => {
    const expired = t.expiredAdminToken();
    for (const r of routes) {
      const res = await t.request()[r.method as 'get'](r.path).set('Authorization', `Bearer ${expired}`);
      expect([r, res.status]).toEqual([r, 401]);
    }
    const ok = await t.request().get('/api/admin/categories').set('Authorization', `Bearer ${t.adminToken()}`).expect(200);
    expect(ok.headers['x-renewed-token']).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('documents the admin routes in the OpenAPI document, with bearer auth', async () => {
    const res = await t.request().get('/api/docs-json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/admin/orders/{id}/status', '/api/admin/posters', '/api/admin/events', '/api/user/upload']));
    expect(res.body.paths['/api/admin/promocodes'].post.security).toEqual([{ bearer: [] }]);
  });

  it('a refused request appends nothing', async () => {
    const before = await t.eventCount();
    for (const r of routes.filter((x) => x.method !== 'get')) {
      await t.request()[r.method as 'post'](r.path).send({ name: 'x', text: 'x', code: 'X', percentOff: 5, percentage: 5, status: 'SHIPPED' });
    }
    expect(await t.eventCount()).toBe(before);
  });
});

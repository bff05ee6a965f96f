import { describe, expect, it } from '@jest/globals';
import { can, STAFF_ROLES } from '#domain/admin/staff-permissions.js';
import { loadConfig } from '#platform/config/app-config.js';
import { seedPoster, VALID_CHECKOUT } from '../testing/seed-catalogue.js';
import { useTestApp, type TestApp } from '../testing/test-app.js';

const HEALTH_TOKEN = 'monitor-token-for-the-health-tests-0123456789';

/**
 * /api/health tells anyone whether the shop works and which part does not; the figures that count
 * its traffic (the log head, projection positions and counts, free disk) only staff holding
 * metrics.read and a monitor holding HEALTH_TOKEN.
 */
describe('who reads the figures of /api/health', () => {
  let t: TestApp;
  useTestApp({ env: { HEALTH_TOKEN } }, (app) => (t = app));
  const health = (authorization?: string) => {
    const req = t.request().get('/api/health');
    return authorization ? req.set('Authorization', authorization) : req;
  };

  it('answers anonymous callers the verdict alone, the same before and after a checkout', async () => {
    const { posterId } = await seedPoster(t.store);
    await t.waitForProjections();
    const before = await health().expect(200);
    expect(before.body).toEqual({ status: 'ok' });

    const cartId = (await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200)).body.cartId;
    await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send(VALID_CHECKOUT).expect(200);
    await t.waitForProjections();
    const after = await health().expect(200);
    expect(after.text).toBe(before.text);
    expect(after.text).not.toMatch(/\d/);
  });

  it('gives the figures to staff holding metrics.read and to the monitoring token', async () => {
    for (const authorization of [`Bearer ${t.adminToken()}`, `Bearer ${HEALTH_TOKEN}`]) {
      const res = await health(authorization).expect(200);
      expect(res.body).toMatchObject({ status: 'ok', failing: [], eventStore: { status: 'up', head: expect.stringMatching(/^\d+\/\d+$/) }, database: { status: 'up' } });
      expect(res.body.projections.count).toBeGreaterThan(0);
      expect(res.body.disk.freeMb).toEqual(expect.any(Number));
    }
  });

  it('keeps them from staff without metrics.read, from a wrong token and from an expired staff token', async () => {
    const role = STAFF_ROLES.find((r) => !can(r, 'metrics.read'))!;
    const owner = { Authorization: `Bearer ${t.adminToken()}` };
    await t.request().post('/api/admin/staff').set(owner).send({ username: `health.${role}`, role, password: `one-time-${role}` }).expect(201);
    const first = await t.request().post('/api/admin/auth/login').send({ username: `health.${role}`, password: `one-time-${role}` }).expect(200);
    await t.request().post('/api/admin/auth/password').set({ Authorization: `Bearer ${first.body.token}` }).send({ currentPassword: `one-time-${role}`, newPassword: `chosen-by-${role}` }).expect(200);
    const signedIn = await t.request().post('/api/admin/auth/login').send({ username: `health.${role}`, password: `chosen-by-${role}` }).expect(200);
    expect(signedIn.body.staffRole).toBe(role);

    for (const authorization of [`Bearer ${signedIn.body.token}`, `Bearer ${HEALTH_TOKEN}x`, `Bearer ${t.expiredAdminToken()}`, HEALTH_TOKEN]) {
      expect((await health(authorization).expect(200)).body).toEqual({ status: 'ok' });
    }
  });

  it('refuses to start with a monitoring token short enough to guess', () => {
    expect(() => loadConfig({ HEALTH_TOKEN: 'short' })).toThrow(/HEALTH_TOKEN must be at least 24 characters/);
  });
});

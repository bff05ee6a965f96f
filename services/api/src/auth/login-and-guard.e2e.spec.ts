import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import type { AddressInfo } from 'node:net';
import { adminStream } from '#domain/streams.js';
import { postJsonFrom } from '../testing/post-json-from.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../testing/test-app.js';

/** Admin auth on the server: login, 401s, token renewal. GET /api/admin/posters stands for every @AdminOnly() route. */
describe('admin auth (HTTP)', () => {
  let t: TestApp;
  const guarded = '/api/admin/posters';
  beforeAll(async () => {
    t = await createTestApp({ projector: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers the first admin from ADMIN_USERNAME / ADMIN_PASSWORD, argon2-hashed, in its stream', async () => {
    const [e] = await t.store.readStream(adminStream(TEST_ADMIN.username));
    expect(e.type).toBe('AdminUserRegistered');
    const data = e.data as { username: string; passwordHash: string; role: string };
    expect(data).toMatchObject({ username: 'admin', role: 'ADMIN' });
    expect(data.passwordHash).toMatch(/^\$argon2id\$/);
    expect(e.metadata.actor).toEqual({ kind: 'system', id: 'api' });
  });

  it.each(['/api/admin/auth/login', '/api/admin/login'])('logs in on %s and the token opens admin routes', async (path) => {
    const res = await t.request().post(path).send({ username: ` ${TEST_ADMIN.username} `, password: TEST_ADMIN.password }).expect(200);
    expect(res.body).toMatchObject({ username: 'admin', role: 'ADMIN', expiresIn: 1800 });
    const ok = await t.request().get(guarded).set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(ok.headers['x-renewed-token']).toEqual(expect.any(String));
    const claims = jwt.decode(ok.headers['x-renewed-token']) as { sub: string; role: string; exp: number; iat: number };
    expect(claims).toMatchObject({ sub: 'admin', role: 'ADMIN' });
    expect(claims.exp - claims.iat).toBe(1800);
  });

  it('answers 401 "Invalid username or password" for a wrong password or an unknown user', async () => {
    const a = await t.request().post('/api/admin/auth/login').send({ username: 'admin', password: 'nope' }).expect(401);
    expect(a.body.message).toBe('Invalid username or password');
    const b = await t.request().post('/api/admin/login').send({ username: 'ghost', password: 'nope' }).expect(401);
    expect(b.body.message).toBe('Invalid username or password');
  });

  it('answers 400 when a field is missing', async () => {
    const res = await t.request().post('/api/admin/auth/login').send({ username: 'admin' }).expect(400);
    expect(res.body.message).toBe('Password is required');
  });

  it('answers 401 without a token, with a tampered one, an expired one, or one signed with another secret', async () => {
    await t.request().get(guarded).expect(401);
    const token = t.adminToken();
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: 'mallory' })).toString('base64url');
    await t.request().get(guarded).set('Authorization', `Bearer ${h}.${forged}.${s}`).expect(401);
    await t.request().get(guarded).set('Authorization', `Bearer ${t.expiredAdminToken()}`).expect(401);
    const other = jwt.sign({ role: 'ADMIN' }, 'another-secret', { subject: 'admin', expiresIn: 600 });
    await t.request().get(guarded).set('Authorization', `Bearer ${other}`).expect(401);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    await t.request().get(guarded).set('Authorization', `Bearer ${none}`).expect(401);
    await t.request().get(guarded).set('Authorization', `Bearer ${token}`).expect(200);
  });

  it('limits parallel guesses: counted when they start, so 40 at once get 5 checks and 35 × 429 with Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.request().post('/api/admin/login').send({ username: 'victim', password: `guess${i}` })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.body.message).toBe('Too many login attempts. Please wait a few minutes and try again.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  describe('from several clients (loopback addresses 127.0.0.x on a listening server)', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen(0, '127.0.0.1');
      port = (t.app.getHttpServer().address() as AddressInfo).port;
    });

    /** A login POST whose socket comes from `from`, optionally claiming another client in X-Forwarded-For. */
    const loginFrom = (from: string, password: string, forwardedFor?: string) =>
      postJsonFrom(port, from, '/api/admin/login', { username: TEST_ADMIN.username, password }, forwardedFor);

    it("limits the account's untrusted devices wherever they are while one client guesses the admin's password", async () => {
      // A right password forgives the account's earlier wrong one (an earlier test's).
      expect(await loginFrom('127.0.0.4', TEST_ADMIN.password)).toBe(200);
      const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom('127.0.0.3', `wrong${i}`)));
      expect(guesses.filter((s) => s === 401)).toHaveLength(5);
      expect(guesses.filter((s) => s === 429)).toHaveLength(15);
      // The fifth failure started a 30 s back-off for the account's untrusted devices: even the
      // right password waits, from this client or another. A device the owner signed in on before
      // does not (device-cookies.e2e.spec.ts).
      expect(await loginFrom('127.0.0.3', 'wrong-again')).toBe(429);
      expect(await loginFrom('127.0.0.3', TEST_ADMIN.password)).toBe(429);
      expect(await loginFrom('127.0.0.4', TEST_ADMIN.password)).toBe(429);
    });

    it('ignores a spoofed X-Forwarded-For by default (TRUST_PROXY unset): a blocked client stays blocked', async () => {
      expect(t.config.trustProxy).toBe(false);
      expect(await loginFrom('127.0.0.3', TEST_ADMIN.password, '203.0.113.9')).toBe(429);
      expect(await loginFrom('127.0.0.3', 'another-guess', '198.51.100.1')).toBe(429);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { adminStream } from '#domain/streams.js';
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

  it('rate-limits login attempts per username (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await t.request().post('/api/admin/login').send({ username: 'victim', password: `guess${i}` })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { adminStream } from '#domain/streams.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../testing/test-app.js';
import { AdminTokenService } from './admin-token.service.js';

/**
 * Logout and a password change end every token of the admin: the renewed copies too, on another
 * API replica too (a second app on the same database stands for it, and for a restart).
 */
describe('admin sessions end on logout and password change (HTTP)', () => {
  let t: TestApp;
  let replica: TestApp;
  const guarded = '/api/admin/posters';
  let password = TEST_ADMIN.password;

  beforeAll(async () => {
    t = await createTestApp({ projector: false });
    replica = await createTestApp({ projector: false, sameDatabaseAs: t });
  });
  afterAll(async () => {
    await replica?.close();
    await t?.close();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  async function login(app: TestApp = t, pass = password): Promise<string> {
    const res = await app.request().post('/api/admin/auth/login').send({ username: TEST_ADMIN.username, password: pass }).expect(200);
    return res.body.token as string;
  }
  async function renew(token: string, app: TestApp = t): Promise<string> {
    const res = await app.request().get(guarded).set(bearer(token)).expect(200);
    return res.headers['x-renewed-token'] as string;
  }
  const generation = (token: string) => (jwt.decode(token) as { sgen: number }).sgen;

  it('logout ends the token, its renewed copies and the other devices\' tokens, on every replica; a new login works', async () => {
    const laptop = await login();
    const renewed = await renew(laptop);
    const phone = await login(replica);
    expect(generation(laptop)).toBe(0);
    expect(generation(renewed)).toBe(0);

    const out = await t.request().post('/api/admin/auth/logout').set(bearer(renewed)).expect(204);
    // The guard renews before the handler runs: that copy must not leave with the logout.
    expect(out.headers['x-renewed-token']).toBeUndefined();

    for (const token of [laptop, renewed, phone]) {
      for (const app of [t, replica]) {
        const res = await app.request().get(guarded).set(bearer(token)).expect(401);
        expect(res.body.message).toBe('Session ended; please sign in again');
        expect(res.headers['x-renewed-token']).toBeUndefined();
      }
    }
    await t.request().post('/api/admin/logout').set(bearer(laptop)).expect(401);

    const again = await login(replica);
    expect(generation(again)).toBe(1);
    const renewedAgain = await renew(again, t);
    expect(generation(renewedAgain)).toBe(1);
    await replica.request().get(guarded).set(bearer(renewedAgain)).expect(200);

    const events = await t.store.readStream(adminStream(TEST_ADMIN.username));
    const revoked = events.filter((e) => e.type === 'AdminSessionsRevoked');
    expect(revoked.map((e) => e.data)).toEqual([{ username: 'admin', generation: 1, reason: 'logout' }]);
    expect(revoked[0].metadata.actor).toEqual({ kind: 'admin', id: 'admin' });
  });

  it('a token signed before any logout (generation 0) stays refused once the admin logged out', async () => {
    await t.request().get(guarded).set(bearer(t.adminToken())).expect(401);
  });

  it('a password change needs the current password, ends every other session and keeps the changer signed in', async () => {
    const mine = await login();
    const theirs = await login(replica);
    const wrong = await t.request().post('/api/admin/auth/password').set(bearer(mine)).send({ currentPassword: 'guess', newPassword: 'a-new-password-1' }).expect(401);
    expect(wrong.body.message).toBe('Current password is wrong');
    await t.request().get(guarded).set(bearer(theirs)).expect(200);
    await t.request().post('/api/admin/auth/password').set(bearer(mine)).send({ currentPassword: password, newPassword: 'short' }).expect(400);

    const changed = await t.request().post('/api/admin/auth/password').set(bearer(mine)).send({ currentPassword: password, newPassword: 'a-new-password-1' }).expect(200);
    expect(changed.headers['x-renewed-token']).toBeUndefined();
    expect(changed.body).toMatchObject({ username: 'admin', role: 'ADMIN', expiresIn: 1800 });
    expect(generation(changed.body.token)).toBe(2);

    for (const token of [mine, theirs]) {
      await t.request().get(guarded).set(bearer(token)).expect(401);
      await replica.request().get(guarded).set(bearer(token)).expect(401);
    }
    await replica.request().get(guarded).set(bearer(changed.body.token)).expect(200);

    await t.request().post('/api/admin/auth/login').send({ username: TEST_ADMIN.username, password }).expect(401);
    password = 'a-new-password-1';
    expect(generation(await login(replica))).toBe(2);

    const events = await t.store.readStream(adminStream(TEST_ADMIN.username));
    expect(events.slice(-2).map((e) => e.type)).toEqual(['AdminPasswordChanged', 'AdminSessionsRevoked']);
    expect(events.at(-1)!.data).toEqual({ username: 'admin', generation: 2, reason: 'password-changed' });
  });

  it('a signed token for an admin who does not exist is refused', async () => {
    const tokens = t.app.get(AdminTokenService);
    await t.request().get(guarded).set(bearer(tokens.sign({ username: 'ghost', role: 'ADMIN' }))).expect(401);
  });
});

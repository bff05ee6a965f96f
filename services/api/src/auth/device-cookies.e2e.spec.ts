import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { deviceCookieName } from './device-cookies.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../testing/test-app.js';

const XSRF = 'xsrf-for-tests';

/**
 * Device cookies: a device that completed a sign-in is trusted, with its own count of wrong
 * passwords. Every request here comes from one address (the office's): guessing there, and
 * locking the account's untrusted devices, never locks the owner's own laptop.
 */
describe('staff device cookies (HTTP, one client address)', () => {
  let t: TestApp;
  const name = deviceCookieName(TEST_ADMIN.username);

  beforeAll(async () => {
    t = await createTestApp({ projector: false });
  });
  afterAll(() => t?.close());

  /** A login, carrying the device cookie when given (a browser echoes its XSRF cookie too). */
  function login(username: string, password: string, device?: string) {
    const req = t.request().post('/api/admin/auth/login');
    if (device) req.set('Cookie', `${deviceCookieName(username)}=${device}; XSRF-TOKEN=${XSRF}`).set('X-XSRF-TOKEN', XSRF);
    return req.send({ username, password });
  }

  /** The device cookie a response set: its value and attributes. */
  function deviceCookieOf(res: { headers: Record<string, unknown> }, cookie = name): { value: string; attributes: string } | undefined {
    const all = (res.headers['set-cookie'] as string[] | undefined) ?? [];
    const line = all.find((c) => c.startsWith(`${cookie}=`));
    if (!line) return undefined;
    const [pair, ...attributes] = line.split('; ');
    return { value: pair.slice(cookie.length + 1), attributes: attributes.join('; ') };
  }

  let laptop: string;

  it('gives a device that completed a sign-in a signed cookie naming the account: HttpOnly, SameSite=Strict, for the back-office only', async () => {
    const res = await login(TEST_ADMIN.username, TEST_ADMIN.password).expect(200);
    const cookie = deviceCookieOf(res)!;
    expect(cookie.attributes).toMatch(/Path=\/api\/admin/);
    expect(cookie.attributes).toMatch(/HttpOnly/);
    expect(cookie.attributes).toMatch(/SameSite=Strict/);
    expect(cookie.attributes).toMatch(/Max-Age=15552000/);
    // Plain HTTP here; behind HTTPS (req.secure) it is Secure too.
    expect(cookie.attributes).not.toMatch(/Secure/);
    expect(name).not.toContain(TEST_ADMIN.username);
    expect(jwt.decode(cookie.value)).toMatchObject({ sub: TEST_ADMIN.username, purpose: 'trusted-device' });
    // It opens no admin route.
    await t.request().get('/api/admin/posters').set('Authorization', `Bearer ${cookie.value}`).expect(401);
    // A wrong password gets none.
    expect(deviceCookieOf(await login(TEST_ADMIN.username, 'not-it').expect(401))).toBeUndefined();
    laptop = cookie.value;
  });

  it('keeps a staff member with a device cookie signing in after 20 failed logins with random usernames from the same address', async () => {
    const sprayed = await Promise.all(Array.from({ length: 20 }, (_, i) => login(`sprayed.${(i * 7919).toString(36)}`, `guess-${i}`)));
    expect(sprayed.map((r) => r.status)).toEqual(Array(20).fill(401));
    const res = await login(TEST_ADMIN.username, TEST_ADMIN.password, laptop).expect(200);
    expect(res.body.token).toEqual(expect.any(String));
    // The address's ceiling is far above a busy office's typos: a device without a cookie still gets in too.
    await login(TEST_ADMIN.username, TEST_ADMIN.password).expect(200);
    laptop = deviceCookieOf(res)!.value;
  });

  it("does not lock the owner's trusted device when an attacker spends the account's untrusted budget", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(TEST_ADMIN.username, `attack-${i}`)));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(15);
    // Every untrusted device of the account waits, the right password too.
    const untrusted = await login(TEST_ADMIN.username, TEST_ADMIN.password).expect(429);
    expect(Number(untrusted.headers['retry-after'])).toBeGreaterThan(0);
    // A cookie this server did not sign, or one for another account, is no trust.
    const forged = jwt.sign({ purpose: 'trusted-device', did: '00000000-0000-4000-8000-000000000000' }, 'another-secret', { subject: TEST_ADMIN.username, expiresIn: 600 });
    await login(TEST_ADMIN.username, TEST_ADMIN.password, forged).expect(429);
    const otherAccount = jwt.sign({ purpose: 'trusted-device', did: '00000000-0000-4000-8000-000000000001' }, t.config.jwtSecret, { subject: 'someone.else', expiresIn: 600 });
    await login(TEST_ADMIN.username, TEST_ADMIN.password, otherAccount).expect(429);

    const res = await login(TEST_ADMIN.username, TEST_ADMIN.password, laptop).expect(200);
    await t.request().get('/api/admin/posters').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    laptop = deviceCookieOf(res)!.value;
  });

  it('revokes a device cookie after five wrong passwords: the device is untrusted from then on', async () => {
    const statuses: number[] = [];
    let cleared = false;
    for (let i = 0; i < 5; i++) {
      const res = await login(TEST_ADMIN.username, `typo-${i}`, laptop);
      statuses.push(res.status);
      if (deviceCookieOf(res)?.attributes.match(/Expires=Thu, 01 Jan 1970/)) cleared = i === 4;
    }
    // Its own five, answered 401 even while the account's untrusted devices wait.
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(cleared).toBe(true);
    // Revoked: now it waits with every untrusted device, even with the right password.
    await login(TEST_ADMIN.username, TEST_ADMIN.password, laptop).expect(429);
  });
});

describe('staff device cookies behind an HTTPS proxy (TRUST_PROXY=loopback)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ projector: false, env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => t?.close());

  it('marks the cookie Secure when the request came over HTTPS', async () => {
    const res = await t.request().post('/api/admin/auth/login').set('X-Forwarded-Proto', 'https').send({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }).expect(200);
    const line = ((res.headers['set-cookie'] as unknown as string[]) ?? []).find((c) => c.startsWith(`${deviceCookieName(TEST_ADMIN.username)}=`));
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/SameSite=Strict/);
  });
});

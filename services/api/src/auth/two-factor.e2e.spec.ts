import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminStream } from '#domain/streams.js';
import { appCode, wrongCode } from '../testing/authenticator-app.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../testing/test-app.js';

const MANAGER = { username: 'tfa.manager', oneTime: 'one-time-manager', password: 'manager-chosen-pass' };
const AGENT = { username: 'tfa.agent', oneTime: 'one-time-agent', password: 'agent-chosen-pass' };

/**
 * TOTP second factors with the owner and manager required to use one (the shop's default): set-up
 * with a QR code, confirmation with a code computed by otplib, ten recovery codes, sign-in in two
 * steps, codes used once, guessing limited like passwords, and an owner's reset.
 */
describe('two-factor sign-in (HTTP, otplib as the authenticator app)', () => {
  let t: TestApp;
  let secret: string;
  let recoveryCodes: string[];
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const login = (username: string, password: string) => t.request().post('/api/admin/auth/login').send({ username, password });
  const second = (body: object) => t.request().post('/api/admin/auth/login/two-factor').send(body);

  beforeAll(async () => {
    t = await createTestApp({ projector: false, env: { STAFF_TWO_FACTOR_ROLES: 'owner,manager' } });
  });
  afterAll(() => t?.close());

  it('leads an owner without a second factor to set-up before anything else', async () => {
    const res = await login(TEST_ADMIN.username, TEST_ADMIN.password).expect(200);
    expect(res.body).toMatchObject({ mustEnrolTwoFactor: true, twoFactorRequired: false, staffRole: 'owner' });
    const token = res.body.token as string;
    const refused = await t.request().get('/api/admin/orders').set(bearer(token)).expect(403);
    expect(refused.body.message).toMatch(/two-factor/);
    expect((await t.request().get('/api/admin/auth/two-factor').set(bearer(token)).expect(200)).body).toEqual({ enrolled: false, required: true, recoveryCodesLeft: 0 });

    const setup = (await t.request().post('/api/admin/auth/two-factor/setup').set(bearer(token)).expect(200)).body;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toBe(`otpauth://totp/Poster%20Shop:admin?secret=${setup.secret}&issuer=Poster%20Shop&algorithm=SHA1&digits=6&period=30`);
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    secret = setup.secret;

    const bad = await t.request().post('/api/admin/auth/two-factor/confirm').set(bearer(token)).send({ code: await wrongCode(secret) }).expect(400);
    expect(bad.body.fieldErrors).toHaveProperty('code');
    const malformed = await t.request().post('/api/admin/auth/two-factor/confirm').set(bearer(token)).send({ code: '12ab56' }).expect(400);
    expect(malformed.body.message).toMatch(/6 digits/);

    const confirmed = await t.request().post('/api/admin/auth/two-factor/confirm').set(bearer(token)).send({ code: await appCode(secret) }).expect(200);
    recoveryCodes = confirmed.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // The same session goes on, now allowed everything; a second set-up is refused.
    await t.request().get('/api/admin/orders').set(bearer(token)).expect(200);
    await t.request().post('/api/admin/auth/two-factor/setup').set(bearer(token)).expect(409);
    expect((await t.request().get('/api/admin/auth/two-factor').set(bearer(token)).expect(200)).body).toEqual({ enrolled: true, required: true, recoveryCodesLeft: 10 });
  });

  it('keeps the secret sealed and the recovery codes hashed, outside the log', async () => {
    const [factor] = await t.dataSource.query(`SELECT secret::text AS secret FROM staff_auth.second_factors WHERE username = $1`, [TEST_ADMIN.username]);
    expect(factor.secret).toMatch(/"ct"/);
    expect(factor.secret).not.toContain(secret);
    const hashes = (await t.dataSource.query(`SELECT code_hash FROM staff_auth.recovery_codes WHERE username = $1`, [TEST_ADMIN.username])) as { code_hash: string }[];
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(code_hash).toMatch(/^\$argon2id\$/);
    const stream = await t.store.readStream(adminStream(TEST_ADMIN.username));
    const text = JSON.stringify(stream.map((e) => [e.data, e.metadata]));
    expect(stream.map((e) => e.type)).toContain('StaffTwoFactorEnabled');
    expect(text).not.toContain(secret);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
  });

  it('signs in with the password, then a code the app computes; the same code is refused a second time', async () => {
    const first = await login(TEST_ADMIN.username, TEST_ADMIN.password).expect(200);
    expect(first.body).toMatchObject({ twoFactorRequired: true, mustEnrolTwoFactor: false });
    expect(first.body.token).toBeUndefined();
    const challenge = first.body.challenge as string;
    // The challenge proves the password only: it is no bearer token.
    await t.request().get('/api/admin/auth/two-factor').set(bearer(challenge)).expect(401);

    // The next step's code: the one set-up used is spent, and the server accepts one step either side.
    const code = await appCode(secret, 1);
    const signedIn = await second({ challenge, code }).expect(200);
    expect(signedIn.body).toMatchObject({ twoFactorRequired: false, staffRole: 'owner' });
    await t.request().get('/api/admin/orders').set(bearer(signedIn.body.token)).expect(200);

    const reused = await second({ challenge, code }).expect(401);
    expect(reused.body.fieldErrors).toHaveProperty('code');
  });

  it('accepts each recovery code once in place of a code', async () => {
    const { challenge } = (await login(TEST_ADMIN.username, TEST_ADMIN.password).expect(200)).body;
    const withRecovery = await second({ challenge, recoveryCode: recoveryCodes[0].toUpperCase().replace('-', ' ') }).expect(200);
    await t.request().get('/api/admin/orders').set(bearer(withRecovery.body.token)).expect(200);
    const again = await second({ challenge, recoveryCode: recoveryCodes[0] }).expect(401);
    expect(again.body.fieldErrors).toHaveProperty('recoveryCode');
    expect((await t.request().get('/api/admin/auth/two-factor').set(bearer(withRecovery.body.token)).expect(200)).body.recoveryCodesLeft).toBe(9);

    // A logout between the password and the code ends the sign-in, before any code is spent.
    const { challenge: stale } = (await login(TEST_ADMIN.username, TEST_ADMIN.password).expect(200)).body;
    await t.request().post('/api/admin/auth/logout').set(bearer(withRecovery.body.token)).expect(204);
    const expired = await second({ challenge: stale, recoveryCode: recoveryCodes[2] }).expect(401);
    expect(expired.body.message).toMatch(/sign-in expired/);
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM staff_auth.recovery_codes WHERE username = $1 AND used_at IS NULL`, [TEST_ADMIN.username])).toEqual([{ n: 9 }]);
  });

  it('refuses hostile second steps with a 4xx naming the field', async () => {
    const { challenge } = (await login(TEST_ADMIN.username, TEST_ADMIN.password).expect(200)).body;
    // The message names the field as the form shows it.
    const cases: [object, RegExp][] = [
      [{ challenge, code: '12345' }, /^Code must be/],
      [{ challenge, code: 'abcdef' }, /^Code must be/],
      [{ challenge, code: 123456 }, /^Code must be/],
      [{ challenge, recoveryCode: 'short' }, /^Recovery code must be/],
      [{ challenge }, /code from your authenticator app or one recovery code/],
      [{ challenge, code: '123456', recoveryCode: 'abcde-fghjk' }, /code from your authenticator app or one recovery code/],
      [{ challenge: 'not-a-challenge', code: '123456' }, /sign-in expired/],
      [{ code: '123456' }, /^Challenge is required/],
      [{ challenge: ['x'], code: '123456' }, /^Challenge is required/],
    ];
    for (const [body, message] of cases) {
      const res = await second(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body.message).toMatch(message);
    }
  });

  it('counts every wrong code of the account, right sign-ins between them forgiving none: past five, 429 with Retry-After, even for the right code', async () => {
    await t.request().post('/api/admin/staff').set(bearer(await signedInOwner())).send({ username: MANAGER.username, role: 'manager', password: MANAGER.oneTime }).expect(201);
    const { challenge } = (await login(TEST_ADMIN.username, TEST_ADMIN.password).expect(200)).body;
    const wrong = await wrongCode(secret);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await second({ challenge, code: wrong })).status);
    // Two wrong ones came earlier (a reused code, a reused recovery code): three more are checked.
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await second({ challenge, code: await appCode(secret, 1) }).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the owner reset a manager\'s second factor: an event naming the owner, no secret, the manager\'s sessions end', async () => {
    // Signed in before the previous test spent the owner's guesses from this address.
    const owner = ownerToken;
    const first = await login(MANAGER.username, MANAGER.oneTime).expect(200);
    expect(first.body).toMatchObject({ mustChangePassword: true, mustEnrolTwoFactor: true });
    const changed = await t.request().post('/api/admin/auth/password').set(bearer(first.body.token)).send({ currentPassword: MANAGER.oneTime, newPassword: MANAGER.password }).expect(200);
    expect(changed.body.mustEnrolTwoFactor).toBe(true);
    const manager = changed.body.token as string;
    await t.request().get('/api/admin/orders').set(bearer(manager)).expect(403);
    const managerSecret = (await t.request().post('/api/admin/auth/two-factor/setup').set(bearer(manager)).expect(200)).body.secret as string;
    await t.request().post('/api/admin/auth/two-factor/confirm').set(bearer(manager)).send({ code: await appCode(managerSecret) }).expect(200);
    await t.request().get('/api/admin/orders').set(bearer(manager)).expect(200);

    await t.request().delete(`/api/admin/staff/${MANAGER.username}/two-factor`).set(bearer(manager)).expect(403);
    await t.request().delete(`/api/admin/staff/${TEST_ADMIN.username}/two-factor`).set(bearer(owner)).expect(409);
    await t.request().delete('/api/admin/staff/nobody.here/two-factor').set(bearer(owner)).expect(404);
    await t.request().delete(`/api/admin/staff/${MANAGER.username}/two-factor`).set(bearer(owner)).expect(204);

    await t.request().get('/api/admin/orders').set(bearer(manager)).expect(401);
    const events = await t.store.readStream(adminStream(MANAGER.username));
    const reset = events.find((e) => e.type === 'StaffTwoFactorReset')!;
    expect(reset.data).toEqual({ username: MANAGER.username, by: TEST_ADMIN.username });
    expect(reset.metadata.actor).toMatchObject({ kind: 'admin', id: TEST_ADMIN.username });
    expect(JSON.stringify(events.map((e) => [e.data, e.metadata]))).not.toContain(managerSecret);
    expect(await t.dataSource.query(`SELECT 1 FROM staff_auth.second_factors WHERE username = $1`, [MANAGER.username])).toEqual([]);

    // Back to set-up at the next sign-in, with a password alone.
    const again = await login(MANAGER.username, MANAGER.password).expect(200);
    expect(again.body).toMatchObject({ mustEnrolTwoFactor: true, twoFactorRequired: false });
  });

  it('does not ask a role outside the setting for a second factor', async () => {
    const owner = ownerToken;
    await t.request().post('/api/admin/staff').set(bearer(owner)).send({ username: AGENT.username, role: 'agent', password: AGENT.oneTime }).expect(201);
    const res = await login(AGENT.username, AGENT.oneTime).expect(200);
    expect(res.body).toMatchObject({ mustEnrolTwoFactor: false, twoFactorRequired: false, mustChangePassword: true });
  });

  let ownerToken: string;
  async function signedInOwner(): Promise<string> {
    const { challenge } = (await login(TEST_ADMIN.username, TEST_ADMIN.password).expect(200)).body;
    ownerToken = (await second({ challenge, recoveryCode: recoveryCodes[1] }).expect(200)).body.token;
    return ownerToken;
  }
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { adminStream } from '#domain/streams.js';
import { appCode, wrongCode } from '../testing/authenticator-app.js';
import { PgGuessCounter } from './pg-guess-counter.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../testing/test-app.js';

type Step = 'code' | 'password';

/**
 * The second factor's own count of wrong codes: someone holding the password cycles password
 * sign-ins between wrong codes, in any interleaving, on one API process or two sharing the
 * database, and gets five codes checked per fifteen minutes, no more. The owner sees the lockout.
 */
describe('wrong second-factor codes (HTTP, two API processes on one database)', () => {
  let a: TestApp;
  let b: TestApp;
  const owner = () => ({ Authorization: `Bearer ${a.adminToken()}` });

  beforeAll(async () => {
    const env = { STAFF_TWO_FACTOR_ROLES: 'owner,manager' };
    a = await createTestApp({ env });
    b = await createTestApp({ env, sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A manager with a confirmed second factor; answers the app's secret. */
  async function enrolledManager(username: string, password: string): Promise<string> {
    await a.request().post('/api/admin/staff').set(owner()).send({ username, role: 'manager', password: 'one-time-pass' }).expect(201);
    const first = await a.request().post('/api/admin/auth/login').send({ username, password: 'one-time-pass' }).expect(200);
    const token = (await a.request().post('/api/admin/auth/password').set({ Authorization: `Bearer ${first.body.token}` }).send({ currentPassword: 'one-time-pass', newPassword: password }).expect(200)).body.token;
    const secret = (await a.request().post('/api/admin/auth/two-factor/setup').set({ Authorization: `Bearer ${token}` }).expect(200)).body.secret as string;
    await a.request().post('/api/admin/auth/two-factor/confirm').set({ Authorization: `Bearer ${token}` }).send({ code: await appCode(secret) }).expect(200);
    return secret;
  }

  /** Runs the plan, each step on the next process in turn; counts the wrong codes the server checked (401) and refused unchecked (429). */
  async function attack(apps: TestApp[], username: string, password: string, secret: string, plan: Step[]) {
    const passwordStep = async (app: TestApp) => (await app.request().post('/api/admin/auth/login').send({ username, password }).expect(200)).body.challenge as string;
    let challenge = await passwordStep(apps[0]);
    // Each refusal with when it was sent and answered: the server's clock lies between the two.
    const tally = { checked: 0, refused: 0, retryAfter: [] as { sentAt: number; answeredAt: number; seconds: number }[] };
    for (const [i, step] of plan.entries()) {
      const app = apps[i % apps.length];
      if (step === 'password') {
        challenge = await passwordStep(app);
        continue;
      }
      const code = await wrongCode(secret, i);
      const sentAt = Date.now();
      const res = await app.request().post('/api/admin/auth/login/two-factor').send({ challenge, code });
      if (res.status === 401) tally.checked++;
      else if (res.status === 429) {
        tally.refused++;
        tally.retryAfter.push({ sentAt, answeredAt: Date.now(), seconds: Number(res.headers['retry-after']) });
      } else throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
    }
    return tally;
  }

  const codes = (plan: Step[]) => plan.filter((s) => s === 'code').length;

  it('checks five wrong codes, not one more, when four wrong codes and a right password alternate (the attack that found 100 in 5.7 s)', async () => {
    const secret = await enrolledManager('cycle.four', 'cycle-four-pass');
    const plan: Step[] = Array.from({ length: 3 }, () => ['code', 'code', 'code', 'code', 'password'] as Step[]).flat();
    const startedAt = Date.now();
    const tally = await attack([a], 'cycle.four', 'cycle-four-pass', secret, plan);
    expect(tally).toMatchObject({ checked: 5, refused: codes(plan) - 5 });

    // One lockout on the member's stream, until fifteen minutes after the first wrong code; every
    // refusal's Retry-After counts down to that moment.
    const events = (await a.store.readStream(adminStream('cycle.four'))).filter((e) => e.type === 'StaffTwoFactorLockedOut');
    expect(events).toHaveLength(1);
    expect(events[0].metadata.actor).toEqual({ kind: 'system', id: 'api' });
    const until = Date.parse((events[0].data as { until: string }).until);
    expect(until).toBeGreaterThanOrEqual(startedAt + 15 * 60_000);
    expect(until).toBeLessThanOrEqual(tally.retryAfter[0].sentAt + 15 * 60_000);
    for (const { sentAt, answeredAt, seconds } of tally.retryAfter) {
      expect(seconds).toBeGreaterThanOrEqual(Math.floor((until - answeredAt) / 1000));
      expect(seconds).toBeLessThanOrEqual(Math.ceil((until - sentAt) / 1000));
    }

    // The right code waits too, from a fresh password step: the lockout is the account's.
    const { challenge } = (await a.request().post('/api/admin/auth/login').send({ username: 'cycle.four', password: 'cycle-four-pass' }).expect(200)).body;
    await a.request().post('/api/admin/auth/login/two-factor').send({ challenge, code: await appCode(secret, 1) }).expect(429);
  });

  it('checks at most five in seeded interleavings of wrong codes, recovery codes and right passwords, across two API processes', async () => {
    const plans = fc.sample(fc.array(fc.constantFrom<Step>('code', 'code', 'password'), { minLength: 16, maxLength: 16 }), { seed: 41, numRuns: 2 });
    const secrets = await Promise.all(plans.map((_, n) => enrolledManager(`cycle.mixed${n}`, 'cycle-mixed-pass')));
    for (const [n, plan] of plans.entries()) {
      const username = `cycle.mixed${n}`;
      const secret = secrets[n];
      const tally = await attack([a, b], username, 'cycle-mixed-pass', secret, plan);
      expect([n, tally.checked, tally.refused]).toEqual([n, 5, codes(plan) - 5]);
      // Recovery codes draw on the same count: refused unchecked.
      const { challenge } = (await b.request().post('/api/admin/auth/login').send({ username, password: 'cycle-mixed-pass' }).expect(200)).body;
      await b.request().post('/api/admin/auth/login/two-factor').send({ challenge, recoveryCode: 'abcde-fghjk' }).expect(429);
    }
    // Each sign-in hashes a password (argon2id): generous on a loaded machine.
  }, 240_000);

  it('checks five of twenty wrong codes sent at once to two processes', async () => {
    const secret = await enrolledManager('cycle.burst', 'cycle-burst-pass');
    const challenges = await Promise.all([a, b].map(async (app) => (await app.request().post('/api/admin/auth/login').send({ username: 'cycle.burst', password: 'cycle-burst-pass' }).expect(200)).body.challenge as string));
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => (await [a, b][i % 2].request().post('/api/admin/auth/login/two-factor').send({ challenge: challenges[i % 2], code: await wrongCode(secret, i) })).status),
    );
    expect(answers.filter((s) => s === 401)).toHaveLength(5);
    expect(answers.filter((s) => s === 429)).toHaveLength(15);
  });

  it('shows the owner the lockout on Staff activity, and a restart keeps the count', async () => {
    const events = (await a.store.readStream(adminStream('cycle.four'))).filter((e) => e.type === 'StaffTwoFactorLockedOut');
    await a.waitForProjections();
    const res = await a.request().get('/api/admin/staff-activity?staff=cycle.four').set(owner()).expect(200);
    expect(res.body.data.filter((r: { type: string }) => r.type === 'StaffTwoFactorLockedOut')).toEqual([
      expect.objectContaining({ actor: 'cycle.four', actorRole: 'manager', member: 'cycle.four', details: { until: (events[0].data as { until: string }).until } }),
    ]);

    // A new API process on the same database (a restart) still refuses, unchecked.
    const restarted = await createTestApp({ env: { STAFF_TWO_FACTOR_ROLES: 'owner,manager' }, sameDatabaseAs: a });
    try {
      const { challenge } = (await restarted.request().post('/api/admin/auth/login').send({ username: 'cycle.four', password: 'cycle-four-pass' }).expect(200)).body;
      await restarted.request().post('/api/admin/auth/login/two-factor').send({ challenge, code: '000000' }).expect(429);
    } finally {
      await restarted.close();
    }
    // The owner's own sign-in was never touched.
    await a.request().post('/api/admin/auth/login').send({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }).expect(200);
  });

  it('counts in staff_auth.guess_counts without Redis: one window from the first guess, hashed keys, expired rows swept', async () => {
    let t = 9_000_000;
    const [one, two] = [new PgGuessCounter(a.dataSource, () => t), new PgGuessCounter(b.dataSource, () => t)];
    const limit = { limit: 5, windowMs: 60_000 };
    const taken = [];
    for (const counter of [one, two, one, two, one, two]) {
      taken.push(await counter.take('account:pg.window', limit));
      t += 1000;
    }
    expect(taken.map((x) => (x.allowed ? x.count : x.retryAfterMs))).toEqual([1, 2, 3, 4, 5, 60_000 - 5000]);
    expect(taken[0]).toEqual({ allowed: true, count: 1, windowEndsAt: 9_060_000 });
    await one.refund('account:pg.window');
    expect(await two.take('account:pg.window', limit)).toMatchObject({ allowed: true, count: 5 });
    t = 9_060_000;
    expect(await one.take('account:pg.window', limit)).toEqual({ allowed: true, count: 1, windowEndsAt: 9_120_000 });
    const rows = (await a.dataSource.query(`SELECT key_hash FROM staff_auth.guess_counts`)) as { key_hash: string }[];
    expect(JSON.stringify(rows)).not.toContain('pg.window');
    // Every 64th guess sweeps the windows that ended (here every row but the one just taken).
    t = 10_000_000_000_000;
    for (let i = 0; i < 64; i++) await one.take('account:pg.sweep', limit);
    expect(await a.dataSource.query(`SELECT guesses FROM staff_auth.guess_counts`)).toEqual([{ guesses: 5 }]);
  });
});

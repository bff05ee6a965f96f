import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, TEST_ADMIN, type TestApp } from '../testing/test-app.js';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const AGENT = { username: 'sessions.agent', oneTime: 'one-time-agent-pass', password: 'agent-chosen-pass' };

/**
 * Sessions in staff_auth.sessions: each sign-in is a row; the guard reads it on every request, so
 * ending one (by its member or an owner) takes effect on that session's next request, on every
 * replica (a second app on the same database stands for another one).
 */
describe('staff sessions: listed, ended one at a time, on the next request (HTTP)', () => {
  let t: TestApp;
  let replica: TestApp;
  let owner: string;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function signIn(username: string, password: string, userAgent = ANDROID_CHROME, app = t): Promise<string> {
    const res = await app.request().post('/api/admin/auth/login').set('User-Agent', userAgent).send({ username, password }).expect(200);
    return res.body.token as string;
  }

  beforeAll(async () => {
    t = await createTestApp({ projector: false });
    replica = await createTestApp({ projector: false, sameDatabaseAs: t });
    owner = await signIn(TEST_ADMIN.username, TEST_ADMIN.password, IPHONE_SAFARI);
    await t.request().post('/api/admin/staff').set(bearer(owner)).send({ username: AGENT.username, role: 'agent', password: AGENT.oneTime }).expect(201);
    const first = await signIn(AGENT.username, AGENT.oneTime);
    await t.request().post('/api/admin/auth/password').set(bearer(first)).send({ currentPassword: AGENT.oneTime, newPassword: AGENT.password }).expect(200);
  });
  afterAll(async () => {
    await replica?.close();
    await t?.close();
  });

  it('lists one\'s own sessions with device, address and times; the owner sees everyone\'s', async () => {
    const agent = await signIn(AGENT.username, AGENT.password);
    const own = (await t.request().get('/api/admin/sessions').set(bearer(agent)).expect(200)).body;
    // The session the one-time password was changed from goes on; this sign-in is the newest.
    expect(own).toHaveLength(2);
    expect(own[0]).toMatchObject({ username: AGENT.username, device: 'Chrome on Android', current: true });
    expect(own[1]).toMatchObject({ username: AGENT.username, current: false });
    expect(own[0].clientAddress).toMatch(/127\.0\.0\.1/);
    expect(Date.parse(own[0].signedInAt)).toBeLessThanOrEqual(Date.parse(own[0].lastSeenAt));

    const all = (await t.request().get('/api/admin/staff-sessions').set(bearer(owner)).expect(200)).body as { username: string; device: string; current: boolean }[];
    expect(all.find((s) => s.username === AGENT.username)).toMatchObject({ device: 'Chrome on Android', current: false });
    expect(all.find((s) => s.current)).toMatchObject({ username: TEST_ADMIN.username, device: 'Safari on iOS' });
    await t.request().get('/api/admin/staff-sessions').set(bearer(agent)).expect(403);
  });

  it('the owner ends the agent\'s session: its next request answers 401, on every replica, and nothing else ends', async () => {
    const agent = await signIn(AGENT.username, AGENT.password);
    const other = await signIn(AGENT.username, AGENT.password, IPHONE_SAFARI);
    const renewed = (await t.request().get('/api/admin/orders').set(bearer(agent)).expect(200)).headers['x-renewed-token'] as string;
    const mine = (await t.request().get('/api/admin/sessions').set(bearer(agent)).expect(200)).body.find((s: { current: boolean }) => s.current);

    await t.request().delete(`/api/admin/staff-sessions/${mine.sessionId}`).set(bearer(owner)).expect(204);

    for (const token of [agent, renewed]) {
      const res = await replica.request().get('/api/admin/orders').set(bearer(token)).expect(401);
      expect(res.body.message).toMatch(/session was ended/);
      await t.request().get('/api/admin/orders').set(bearer(token)).expect(401);
    }
    await t.request().get('/api/admin/orders').set(bearer(other)).expect(200);
    await t.request().get('/api/admin/orders').set(bearer(owner)).expect(200);
    // Ended is ended: a second end finds no open session.
    await t.request().delete(`/api/admin/staff-sessions/${mine.sessionId}`).set(bearer(owner)).expect(404);
  });

  it('a member ends their own other session, but not someone else\'s', async () => {
    const laptop = await signIn(AGENT.username, AGENT.password, WINDOWS_FIREFOX);
    const phone = await signIn(AGENT.username, AGENT.password);
    const sessions = (await t.request().get('/api/admin/sessions').set(bearer(phone)).expect(200)).body as { sessionId: string; device: string; current: boolean }[];
    const laptopSession = sessions.find((s) => s.device === 'Firefox on Windows')!;
    const ownerSession = ((await t.request().get('/api/admin/sessions').set(bearer(owner)).expect(200)).body as { sessionId: string; current: boolean }[]).find((s) => s.current)!;

    await t.request().delete(`/api/admin/sessions/${ownerSession.sessionId}`).set(bearer(phone)).expect(404);
    await t.request().get('/api/admin/orders').set(bearer(owner)).expect(200);

    const before = sessions.length;
    await t.request().delete(`/api/admin/sessions/${laptopSession.sessionId}`).set(bearer(phone)).expect(204);
    const after = (await t.request().get('/api/admin/sessions').set(bearer(phone)).expect(200)).body;
    expect(after).toHaveLength(before - 1);
    expect(after.map((s: { sessionId: string }) => s.sessionId)).not.toContain(laptopSession.sessionId);
    await t.request().get('/api/admin/orders').set(bearer(laptop)).expect(401);
    await t.request().get('/api/admin/orders').set(bearer(phone)).expect(200);
  });

  it('refuses a malformed session id with a 400 naming sessionId', async () => {
    for (const id of ['not-a-uuid', '1', "x' OR 1=1 --", '00000000-0000-4000-8000-00000000000g']) {
      for (const path of ['/api/admin/sessions/', '/api/admin/staff-sessions/']) {
        const res = await t.request().delete(path + encodeURIComponent(id)).set(bearer(owner)).expect(400);
        expect(res.body.fieldErrors).toHaveProperty('sessionId');
      }
    }
  });

  it('writes last seen at most once a minute per session', async () => {
    const agent = await signIn(AGENT.username, AGENT.password);
    const sessionId = ((await t.request().get('/api/admin/sessions').set(bearer(agent)).expect(200)).body as { sessionId: string; current: boolean }[]).find((s) => s.current)!.sessionId;
    const lastSeen = async () => ((await t.dataSource.query(`SELECT last_seen_at FROM staff_auth.sessions WHERE session_id = $1`, [sessionId])) as { last_seen_at: Date }[])[0].last_seen_at.getTime();

    await t.dataSource.query(`UPDATE staff_auth.sessions SET last_seen_at = now() - interval '5 minutes' WHERE session_id = $1`, [sessionId]);
    const stale = await lastSeen();
    await t.request().get('/api/admin/orders').set(bearer(agent)).expect(200);
    const refreshed = await lastSeen();
    expect(refreshed - stale).toBeGreaterThan(4 * 60_000);

    await t.dataSource.query(`UPDATE staff_auth.sessions SET last_seen_at = now() - interval '30 seconds' WHERE session_id = $1`, [sessionId]);
    const recent = await lastSeen();
    for (let i = 0; i < 3; i++) await t.request().get('/api/admin/orders').set(bearer(agent)).expect(200);
    expect(await lastSeen()).toBe(recent);
  });

  it('keeps device and address out of the log and sealed in the table', async () => {
    await signIn(AGENT.username, AGENT.password);
    const events = JSON.stringify(await t.dataSource.query(`SELECT data, metadata FROM event_store.events`));
    expect(events).not.toMatch(/Android|127\.0\.0\.1|::ffff/);
    const rows = JSON.stringify(await t.dataSource.query(`SELECT device, client_address FROM staff_auth.sessions`));
    expect(rows).toMatch(/"ct"/);
    expect(rows).not.toMatch(/Android|127\.0\.0\.1/);
  });

  it('a disabled member\'s sessions leave the list; a role change counts from the next request', async () => {
    const agent = await signIn(AGENT.username, AGENT.password);
    await t.request().patch(`/api/admin/staff/${AGENT.username}/role`).set(bearer(owner)).send({ role: 'shipping' }).expect(200);
    await t.request().post('/api/admin/what-if').set(bearer(agent)).send({ discounts: [] }).expect(403);
    await t.request().post(`/api/admin/staff/${AGENT.username}/disable`).set(bearer(owner)).expect(200);
    await t.request().get('/api/admin/orders').set(bearer(agent)).expect(401);
    const all = (await t.request().get('/api/admin/staff-sessions').set(bearer(owner)).expect(200)).body as { username: string }[];
    expect(all.filter((s) => s.username === AGENT.username)).toEqual([]);
  });

  it('a token without a session (signed before sessions had rows) is over', async () => {
    const { AdminTokenService } = await import('./admin-token.service.js');
    const bare = t.app.get(AdminTokenService).sign({ username: TEST_ADMIN.username, role: 'ADMIN' });
    await t.request().get('/api/admin/orders').set(bearer(bare)).expect(401);
  });
});

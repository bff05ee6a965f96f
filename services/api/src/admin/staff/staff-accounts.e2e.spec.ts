import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminStream } from '#domain/streams.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/** Staff accounts through HTTP: the owner creates and manages them, each change an event naming the owner. */
describe('staff accounts (HTTP, real stack)', () => {
  let t: TestApp;
  const owner = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const ONE_TIME = 'one-time-pass-1';
  const CHOSEN = 'sara-chose-this-1';

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function login(username: string, password: string) {
    return t.request().post('/api/admin/auth/login').send({ username, password });
  }

  it('refuses bad usernames, roles and short or empty passwords with a 400 naming the field, appending nothing', async () => {
    const before = await t.eventCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ username: 'Sara Agent', role: 'agent', password: ONE_TIME }, /^Username/],
      [{ username: 'ab', role: 'agent', password: ONE_TIME }, /^Username/],
      [{ username: '1sara', role: 'agent', password: ONE_TIME }, /^Username/],
      [{ username: 'sara/../x', role: 'agent', password: ONE_TIME }, /^Username/],
      [{ role: 'agent', password: ONE_TIME }, /^Username/],
      [{ username: 'sara', role: 'root', password: ONE_TIME }, /^role/],
      [{ username: 'sara', role: 'agent', password: '' }, /^password/],
      [{ username: 'sara', role: 'agent', password: 'short' }, /^password/],
      [{ username: 'sara', role: 'agent' }, /^password/],
    ];
    for (const [body, field] of cases) {
      const res = await t.request().post('/api/admin/staff').set(owner()).send(body);
      expect([JSON.stringify(body), res.status, res.body.message]).toEqual([JSON.stringify(body), 400, expect.stringMatching(field)]);
    }
    expect(await t.eventCount()).toBe(before);
  });

  it('owner creates an agent; the agent must change the one-time password, cannot reuse it, then works within the role', async () => {
    const created = await t.request().post('/api/admin/staff').set(owner()).send({ username: 'sara.agent', role: 'agent', password: ONE_TIME }).expect(201);
    expect(created.body).toEqual({ username: 'sara.agent', role: 'agent', disabled: false, mustChangePassword: true });
    await t.request().post('/api/admin/staff').set(owner()).send({ username: 'sara.agent', role: 'manager', password: ONE_TIME }).expect(409);

    const first = await login('sara.agent', ONE_TIME);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ username: 'sara.agent', role: 'ADMIN', staffRole: 'agent', mustChangePassword: true });
    const oneTimeToken = first.body.token as string;
    const blocked = await t.request().get('/api/admin/orders').set(bearer(oneTimeToken)).expect(403);
    expect(blocked.body.message).toMatch(/one-time password/);

    const reused = await t.request().post('/api/admin/auth/password').set(bearer(oneTimeToken)).send({ currentPassword: ONE_TIME, newPassword: ONE_TIME }).expect(400);
    expect(reused.body.fieldErrors).toEqual({ newPassword: expect.any(String) });
    const short = await t.request().post('/api/admin/auth/password').set(bearer(oneTimeToken)).send({ currentPassword: ONE_TIME, newPassword: 'x' }).expect(400);
    expect(short.body.message).toMatch(/^New password/);

    const changed = await t.request().post('/api/admin/auth/password').set(bearer(oneTimeToken)).send({ currentPassword: ONE_TIME, newPassword: CHOSEN }).expect(200);
    expect(changed.body).toMatchObject({ staffRole: 'agent', mustChangePassword: false });
    const token = changed.body.token as string;
    await t.request().get('/api/admin/orders').set(bearer(token)).expect(200);
    for (const forbidden of ['/api/admin/customers', '/api/admin/dashboard', '/api/admin/staff', '/api/admin/events', '/api/admin/promocodes']) {
      const res = await t.request().get(forbidden).set(bearer(token));
      expect([forbidden, res.status]).toEqual([forbidden, 403]);
    }
    await t.request().post('/api/admin/exports').set(bearer(token)).send({ kind: 'orders' }).expect(403);
    await t.request().put('/api/pricing/A4').set(bearer(token)).send({ price: 100 }).expect(403);
  });

  it('a role change counts from the next request of a token already issued', async () => {
    const token = (await login('sara.agent', CHOSEN)).body.token as string;
    await t.request().get('/api/admin/dashboard').set(bearer(token)).expect(403);
    await t.request().patch('/api/admin/staff/sara.agent/role').set(owner()).send({ role: 'manager' }).expect(200);
    const renewed = await t.request().get('/api/admin/dashboard').set(bearer(token)).expect(200);
    expect(JSON.parse(Buffer.from((renewed.headers['x-renewed-token'] as string).split('.')[1], 'base64url').toString())).toMatchObject({ srole: 'manager' });
    await t.request().patch('/api/admin/staff/sara.agent/role').set(owner()).send({ role: 'agent' }).expect(200);
    await t.request().get('/api/admin/dashboard').set(bearer(token)).expect(403);
    await t.request().patch('/api/admin/staff/sara.agent/role').set(owner()).send({ role: 'boss' }).expect(400);
  });

  it('disabling ends the tokens at once and refuses sign-in; enabling lets a new sign-in in, not the old token', async () => {
    const token = (await login('sara.agent', CHOSEN)).body.token as string;
    await t.request().get('/api/admin/orders').set(bearer(token)).expect(200);
    await t.request().post('/api/admin/staff/sara.agent/disable').set(owner()).expect(200);
    await t.request().get('/api/admin/orders').set(bearer(token)).expect(401);
    expect((await login('sara.agent', CHOSEN)).status).toBe(403);
    expect((await login('sara.agent', 'wrong-password-1')).status).toBe(401);
    await t.request().post('/api/admin/staff/sara.agent/enable').set(owner()).expect(200);
    await t.request().get('/api/admin/orders').set(bearer(token)).expect(401);
    const again = await login('sara.agent', CHOSEN);
    expect(again.status).toBe(200);
    await t.request().get('/api/admin/orders').set(bearer(again.body.token)).expect(200);
  });

  it('a reset gives a new one-time password and ends the sessions; the owner cannot change their own account here', async () => {
    const token = (await login('sara.agent', CHOSEN)).body.token as string;
    await t.request().post('/api/admin/staff/sara.agent/password').set(owner()).send({ password: 'x' }).expect(400);
    await t.request().post('/api/admin/staff/sara.agent/password').set(owner()).send({ password: 'another-one-time' }).expect(200);
    await t.request().get('/api/admin/orders').set(bearer(token)).expect(401);
    expect((await login('sara.agent', 'another-one-time')).body).toMatchObject({ mustChangePassword: true });
    await t.request().post('/api/admin/staff/admin/disable').set(owner()).expect(409);
    await t.request().post('/api/admin/staff/nobody.here/disable').set(owner()).expect(404);
  });

  it('every change is an event in the member\'s stream naming the owner; the list shows the accounts', async () => {
    const events = await t.store.readStream(adminStream('sara.agent'));
    const changes = events.filter((e) => e.type.startsWith('Staff'));
    expect(changes.map((e) => e.type)).toEqual(['StaffMemberCreated', 'StaffRoleChanged', 'StaffRoleChanged', 'StaffMemberDisabled', 'StaffMemberEnabled', 'StaffPasswordReset']);
    for (const e of changes) {
      expect(e.data).toMatchObject({ by: 'admin' });
      expect(e.metadata.actor).toEqual({ kind: 'admin', id: 'admin' });
    }
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(ONE_TIME);
    await t.waitForProjections();
    const list = await t.request().get('/api/admin/staff').set(owner()).expect(200);
    expect(list.body).toEqual([
      expect.objectContaining({ username: 'admin', role: 'owner', disabled: false, createdBy: null }),
      expect.objectContaining({ username: 'sara.agent', role: 'agent', disabled: false, mustChangePassword: true, createdBy: 'admin', updatedBy: 'admin' }),
    ]);
  });
});

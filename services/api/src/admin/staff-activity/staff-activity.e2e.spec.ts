import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { orderStream } from '#domain/streams.js';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../testing/test-app.js';

/**
 * The order's trail and the owner's staff activity through HTTP: every staff change to an order
 * names the staff member and the role they held then (the events record both), an older event
 * without them says the role is unknown, and the activity filters by member and time, paged.
 */
describe('order trail and staff activity name the staff member and role (HTTP, real stack)', () => {
  let t: TestApp;
  let orderId: string;
  let orderNumber: string;
  const AGENT = 'ana.agent';
  const owner = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  let agent: Record<string, string>;

  async function signInAs(username: string, password: string): Promise<Record<string, string>> {
    const res = await t.request().post('/api/admin/auth/login').send({ username, password }).expect(200);
    return { Authorization: `Bearer ${res.body.token}` };
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.request().post('/api/admin/staff').set(owner()).send({ username: AGENT, role: 'agent', password: 'one-time-ana-1' }).expect(201);
    const first = await signInAs(AGENT, 'one-time-ana-1');
    await t.request().post('/api/admin/auth/password').set(first).send({ currentPassword: 'one-time-ana-1', newPassword: 'ana-chose-this-1' }).expect(200);
    agent = await signInAs(AGENT, 'ana-chose-this-1');

    const poster = await seedPoster(t.store, { category: 'ART' });
    const cart = (await t.request().post('/api/user/cart').send({ posterId: poster.posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200)).body.cartId;
    const placed = (await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart).send(VALID_CHECKOUT).expect(200)).body;
    orderId = placed.orderId;
    orderNumber = placed.orderNumber ?? placed.order?.orderNumber;

    // As an agent: confirm, then correct the city. Then the owner makes them a packer, and they ship.
    await t.request().post(`/api/admin/orders/${orderId}/status-changes`).set(agent).send({ status: 'CONFIRMED' }).expect(200);
    await t.request().patch(`/api/admin/orders/${orderId}/customer`).set(agent).send({ city: 'Giza' }).expect(200);
    await t.request().patch(`/api/admin/staff/${AGENT}/role`).set(owner()).send({ role: 'shipping' }).expect(200);
    await t.request().patch(`/api/admin/orders/${orderId}/status`).set(agent).send({ status: 'SHIPPED' }).expect(200);
    // A change from before events named a role: as the log holds it (schema 1, the author only in the metadata).
    await t.store.append(orderStream(orderId), [{
      id: randomUUID(), type: 'OrderStatusChanged', data: { orderId, orderNumber, from: 'SHIPPED', to: 'DELIVERED', reason: null },
      metadata: { correlationId: 'legacy', actor: { kind: 'admin', id: 'legacy.admin' }, occurredAt: new Date().toISOString(), schemaVersion: 1 },
    }]);
    expect(await t.waitForProjections()).toBe(true);
  }, 120_000);

  afterAll(() => t?.close());

  it('records who and in which role in each event the staff appends', async () => {
    const events = (await t.store.readStream(orderStream(orderId))).filter((e) => e.type !== 'OrderPlaced');
    expect(events.map((e) => [e.type, (e.data as { by?: unknown }).by])).toEqual([
      ['OrderStatusChanged', { username: AGENT, role: 'agent' }],
      ['PersonalDataCorrected', { username: AGENT, role: 'agent' }],
      ['OrderStatusChanged', { username: AGENT, role: 'shipping' }],
      // Upcast on read: the metadata's admin, the role never recorded.
      ['OrderStatusChanged', { username: 'legacy.admin', role: 'unknown' }],
    ]);
  });

  it("the order's trail names the staff member and the role they held at each change", async () => {
    const history = await t.request().get(`/api/admin/orders/${orderNumber}/history`).set(owner()).expect(200);
    expect(history.body.events.map((e: { type: string; actor: unknown }) => [e.type, e.actor])).toEqual([
      ['OrderPlaced', expect.objectContaining({ kind: 'shopper' })],
      ['OrderStatusChanged', { kind: 'admin', id: AGENT, role: 'agent' }],
      ['PersonalDataCorrected', { kind: 'admin', id: AGENT, role: 'agent' }],
      ['OrderStatusChanged', { kind: 'admin', id: AGENT, role: 'shipping' }],
      ['OrderStatusChanged', { kind: 'admin', id: 'legacy.admin', role: 'unknown' }],
    ]);
    expect(history.body.events[0].actor.role).toBeUndefined();
  });

  it('lists what one staff member did, newest first, each order change naming its order and never its customer', async () => {
    const res = await t.request().get(`/api/admin/staff-activity?staff=${AGENT}`).set(owner()).expect(200);
    expect(res.body.data.map((r: Record<string, unknown>) => [r.type, r.actorRole, r.orderNumber, r.details])).toEqual([
      ['OrderStatusChanged', 'shipping', orderNumber, { from: 'CONFIRMED', to: 'SHIPPED' }],
      ['PersonalDataCorrected', 'agent', orderNumber, { fields: ['city'] }],
      ['OrderStatusChanged', 'agent', orderNumber, { from: 'PLACED', to: 'CONFIRMED' }],
      ['AdminPasswordChanged', 'agent', null, {}],
    ]);
    expect(res.body).toMatchObject({ totalItems: 4, currentPage: 1, totalPages: 1 });
    const text = JSON.stringify(res.body);
    for (const personal of [VALID_CHECKOUT.firstName, VALID_CHECKOUT.lastName, VALID_CHECKOUT.phone, 'Giza', VALID_CHECKOUT.addressLine]) expect(text).not.toContain(personal);

    const everyone = await t.request().get('/api/admin/staff-activity').set(owner()).expect(200);
    expect(everyone.body.data.find((r: { type: string }) => r.type === 'StaffRoleChanged')).toMatchObject({ actor: TEST_ADMIN.username, actorRole: 'owner', member: AGENT, details: { role: 'shipping', previousRole: 'agent' } });
    expect(everyone.body.data.find((r: { actor: string }) => r.actor === 'legacy.admin')).toMatchObject({ actorRole: 'unknown', orderNumber });
    const members = await t.request().get('/api/admin/staff-activity/members').set(owner()).expect(200);
    expect(members.body).toEqual(expect.arrayContaining([{ username: AGENT, role: 'shipping' }, { username: TEST_ADMIN.username, role: 'owner' }]));
  });

  it('pages on the server and filters by time', async () => {
    const page2 = await t.request().get(`/api/admin/staff-activity?staff=${AGENT}&size=3&page=2`).set(owner()).expect(200);
    expect(page2.body).toMatchObject({ totalItems: 4, totalPages: 2, currentPage: 2, hasPreviousPage: true, hasNextPage: false });
    expect(page2.body.data.map((r: { type: string }) => r.type)).toEqual(['AdminPasswordChanged']);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const none = await t.request().get(`/api/admin/staff-activity?staff=${AGENT}&from=${encodeURIComponent(future)}`).set(owner()).expect(200);
    expect(none.body).toMatchObject({ totalItems: 0, data: [] });
    const past = await t.request().get(`/api/admin/staff-activity?staff=${AGENT}&from=2020-01-01&to=2020-12-31`).set(owner()).expect(200);
    expect(past.body.totalItems).toBe(0);
    const all = await t.request().get(`/api/admin/staff-activity?staff=${AGENT}&from=2020-01-01&to=${encodeURIComponent(future)}`).set(owner()).expect(200);
    expect(all.body.totalItems).toBe(4);
  });

  it('refuses hostile filters with a 400 naming the field, and other roles with a 403', async () => {
    const cases: [string, RegExp][] = [
      ['from=2026-13-45', /^from/],
      ['from=yesterday', /^from/],
      ['to=+275760-09-13T00:00:00.000Z', /^to/],
      ['from=2026-05-02&to=2026-05-01', /^to/],
      ['size=100000', /^size/],
      ['size=0', /^size/],
      ['page=-1', /^page/],
      ['staff=nobody.here', /^staff/],
      [`staff=${'x'.repeat(101)}`, /^staff/],
      ['staff=a&staff=b', /^staff/],
    ];
    for (const [query, field] of cases) {
      const res = await t.request().get(`/api/admin/staff-activity?${query}`).set(owner());
      expect([query, res.status, res.body.message]).toEqual([query, 400, expect.stringMatching(field)]);
    }
    await t.request().get('/api/admin/staff-activity').set(agent).expect(403);
    await t.request().get('/api/admin/staff-activity').expect(401);
  });
});

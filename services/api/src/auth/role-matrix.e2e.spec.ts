import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { can, STAFF_ROLES, type StaffRole } from '#domain/admin/staff-permissions.js';
import { WITHHELD } from '#domain/personal-data/withheld.js';
import { adminOperations, type AdminOperation, type PermissionDocument } from '../openapi/operation-permissions.js';
import { seedPoster, VALID_CHECKOUT } from '../testing/seed-catalogue.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../testing/test-app.js';

/**
 * Every staff operation of the app's own OpenAPI document, for each role and anonymously. Who may
 * call it comes only from the permission map and the operation's x-permission: there is no second
 * list here. Denied: 403 (401 anonymous), before anything runs. Allowed: a read answers 2xx with
 * real ids; a command is sent with a body no command accepts (or an unknown id), so its answer is
 * the command's own 400/404/409, proving the guard let it through without changing the shop.
 */
type Identity = StaffRole | 'anonymous';
const IDENTITIES: readonly Identity[] = [...STAFF_ROLES, 'anonymous'];
/** Ends the caller's session when allowed: walked last, and the role signs in again after. */
const ENDS_SESSION = /\/logout$/;
const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';

describe('role matrix: every staff operation × every role (HTTP, real stack)', () => {
  let t: TestApp;
  let ops: AdminOperation[];
  const tokens = new Map<StaffRole, string>();
  const passwords = new Map<StaffRole, string>();
  const ids: Record<string, string> = {};

  async function signIn(role: StaffRole): Promise<void> {
    const username = role === 'owner' ? TEST_ADMIN.username : `matrix.${role}`;
    const res = await t.request().post('/api/admin/auth/login').send({ username, password: passwords.get(role) }).expect(200);
    expect(res.body.staffRole).toBe(role);
    tokens.set(role, res.body.token);
  }

  beforeAll(async () => {
    t = await createTestApp();
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    expect((server.address() as AddressInfo).port).toBeGreaterThan(0);
    const doc = (await t.request().get('/api/docs-json').expect(200)).body as PermissionDocument;
    ops = adminOperations(doc).sort((a, b) => Number(ENDS_SESSION.test(a.path)) - Number(ENDS_SESSION.test(b.path)));

    passwords.set('owner', TEST_ADMIN.password);
    const owner = { Authorization: `Bearer ${t.adminToken()}` };
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      const username = `matrix.${role}`;
      await t.request().post('/api/admin/staff').set(owner).send({ username, role, password: `one-time-${role}` }).expect(201);
      const first = await t.request().post('/api/admin/auth/login').send({ username, password: `one-time-${role}` }).expect(200);
      passwords.set(role, `chosen-by-${role}`);
      await t.request().post('/api/admin/auth/password').set({ Authorization: `Bearer ${first.body.token}` }).send({ currentPassword: `one-time-${role}`, newPassword: `chosen-by-${role}` }).expect(200);
    }
    for (const role of STAFF_ROLES) await signIn(role);

    const poster = await seedPoster(t.store, { category: 'ART' });
    ids.poster = poster.posterId;
    const cart = (await t.request().post('/api/user/cart').send({ posterId: poster.posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200)).body.cartId;
    ids.order = (await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart).send(VALID_CHECKOUT).expect(200)).body.orderId;
    // Asked by a manager: a file without personal data, which every role with exports.run may download.
    ids.job = (await t.request().post('/api/admin/exports').set({ Authorization: `Bearer ${tokens.get('manager')}` }).send({ kind: 'orders' }).expect(202)).body.jobId;
    ids.whatIf = (await t.request().post('/api/admin/what-if').set(owner).send({ discounts: [{ category: 'ART', percentage: 10 }] })).body.jobId ?? UNKNOWN_ID;
    for (let i = 0; i < 100; i++) {
      const job = await t.request().get(`/api/admin/jobs/${ids.job}`).set(owner).expect(200);
      if (job.body.state === 'completed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // A courier's import (one unmatched line): a real id for its progress.
    ids.courier = (await t.request().post('/api/admin/couriers').set(owner).send({ name: 'Matrix courier' }).expect(201)).body.id;
    expect(await t.waitForProjections()).toBe(true);
    ids.settlement = (await t.request().post(`/api/admin/couriers/${ids.courier}/settlements`).set(owner).attach('file', Buffer.from('tracking,status,collected,fee,date\nNONE-1,delivered,1,0,2026-01-01\n'), 'c.csv').expect(200)).body.importId;
    expect(await t.waitForProjections()).toBe(true);
    ids.subject = (await t.request().get('/api/admin/customers').set(owner).expect(200)).body.data[0].id;
    // The checkout's own message (the outbox reactor wrote it): a real id for the message page.
    ids.message = (await t.request().get(`/api/admin/messages?orderId=${ids.order}`).set(owner).expect(200)).body.data[0].id;
  }, 120_000);

  afterAll(() => t?.close());

  /** Real ids for a read; for a command, ids of nothing, so nothing changes. */
  function url(op: AdminOperation): string {
    const read = op.method === 'get';
    // The one read that needs a query: whose personal data to download.
    if (read && op.path === '/api/admin/personal-data') return `${op.path}?subjectId=${ids.subject}`;
    return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      if (!read) return name === 'size' ? 'SIZE_NONE' : UNKNOWN_ID;
      if (name === 'posterId') return ids.poster;
      if (name === 'subjectId') return ids.subject;
      if (op.path.includes('/orders/')) return ids.order;
      if (op.path.includes('/posters/')) return ids.poster;
      if (op.path.includes('/jobs/')) return ids.job;
      if (op.path.includes('/what-if/')) return ids.whatIf;
      if (op.path.includes('/messages/')) return ids.message;
      if (op.path.includes('/settlements/')) return name === 'importId' ? ids.settlement : ids.courier;
      throw new Error(`no id for ${op.method} ${op.path}`);
    });
  }

  function send(op: AdminOperation, identity: Identity) {
    const req = t.request()[op.method](url(op));
    if (identity !== 'anonymous') req.set('Authorization', `Bearer ${tokens.get(identity)}`);
    // An array is no command's body: every command refuses it after the guard let it through.
    return op.method === 'get' || op.method === 'delete' || ENDS_SESSION.test(op.path) ? req : req.send([]);
  }

  it('walks the whole document: every staff operation, 4 roles and anonymous', () => {
    expect(ops.length).toBeGreaterThan(50);
    expect(new Set(ops.map((o) => o.permission)).size).toBeGreaterThan(10);
    // Sessions and second factors: one's own for every role, everyone's for the owner alone.
    const walked = ops.map((o) => `${o.method.toUpperCase()} ${o.path} ${o.permission}`);
    expect(walked).toEqual(
      expect.arrayContaining([
        'GET /api/admin/sessions session.self',
        'DELETE /api/admin/sessions/{sessionId} session.self',
        'GET /api/admin/staff-sessions staff.manage',
        'DELETE /api/admin/staff-sessions/{sessionId} staff.manage',
        'GET /api/admin/auth/two-factor session.self',
        'POST /api/admin/auth/two-factor/setup session.self',
        'POST /api/admin/auth/two-factor/confirm session.self',
        'DELETE /api/admin/staff/{username}/two-factor staff.manage',
      ]),
    );
    // Customer messages: read by the call centre too, sent again by managers (a repeat may reach the shopper twice).
    expect(ops.filter((o) => o.path.startsWith('/api/admin/messages')).map((o) => `${o.method.toUpperCase()} ${o.path} ${o.permission}`).sort()).toEqual([
      'GET /api/admin/messages messages.read',
      'GET /api/admin/messages/{messageId} messages.read',
      'POST /api/admin/messages/{messageId}/retry messages.retry',
    ]);
    // The staff activity is the owner's: its list and its members, both walked below.
    expect(ops.filter((o) => o.path.startsWith('/api/admin/staff-activity')).map((o) => `${o.path} ${o.permission}`).sort()).toEqual([
      '/api/admin/staff-activity staff.activity',
      '/api/admin/staff-activity/members staff.activity',
    ]);
  });

  it('answers 401 anonymous, 403 to a role the map denies, and lets every allowed role through', async () => {
    const wrong: string[] = [];
    let allowed = 0;
    let denied = 0;
    for (const op of ops) {
      for (const identity of IDENTITIES) {
        const res = await send(op, identity);
        const where = `${op.method.toUpperCase()} ${op.path} as ${identity} (${op.permission}): ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`;
        if (identity === 'anonymous') {
          if (res.status !== 401) wrong.push(`${where}, expected 401`);
          continue;
        }
        if (!can(identity, op.permission)) {
          denied++;
          if (res.status !== 403) wrong.push(`${where}, expected 403`);
          continue;
        }
        allowed++;
        const ok = op.method === 'get' ? res.status >= 200 && res.status < 300 : res.status >= 200 && res.status < 500 && res.status !== 401 && res.status !== 403;
        if (!ok) wrong.push(`${where}, expected ${op.method === 'get' ? '2xx' : 'the command\'s own answer'}`);
        if (ENDS_SESSION.test(op.path)) await signIn(identity);
      }
    }
    expect(wrong).toEqual([]);
    expect(allowed).toBeGreaterThan(100);
    expect(denied).toBeGreaterThan(50);
  }, 300_000);

  it('lets each role move an order only where the map sends it: agents confirm, packers ship', async () => {
    // The shop has a courier, so a ship move names it and the parcel's tracking number.
    const move = (role: StaffRole, status: string) =>
      status === 'SHIPPED'
        ? t.request().post(`/api/admin/orders/${ids.order}/status-changes`).set('Authorization', `Bearer ${tokens.get(role)}`).send({ status, courierId: ids.courier, trackingNumber: 'M-1' })
        : t.request().patch(`/api/admin/orders/${ids.order}/status`).set('Authorization', `Bearer ${tokens.get(role)}`).send({ status });
    await move('shipping', 'CONFIRMED').expect(403);
    await move('agent', 'CONFIRMED').expect(200);
    await move('agent', 'SHIPPED').expect(403);
    const shipped = await move('shipping', 'SHIPPED').expect(200);
    expect(shipped.body).toMatchObject({ status: 'SHIPPED', previousStatus: 'CONFIRMED' });
    const history = (await t.store.readStream(`order-${ids.order}`)).filter((e) => e.type === 'OrderStatusChanged');
    expect(history.map((e) => e.metadata.actor.id)).toEqual(['matrix.agent', 'matrix.shipping']);
    // Each event names its author and the role they held, for the trail and the staff activity.
    expect(history.map((e) => (e.data as { by?: unknown }).by)).toEqual([{ username: 'matrix.agent', role: 'agent' }, { username: 'matrix.shipping', role: 'shipping' }]);
    expect(await t.waitForProjections()).toBe(true);
    const activity = await t.request().get('/api/admin/staff-activity?staff=matrix.agent').set('Authorization', `Bearer ${tokens.get('owner')}`).expect(200);
    expect(activity.body.data[0]).toMatchObject({ type: 'OrderStatusChanged', actorRole: 'agent', details: { from: 'PLACED', to: 'CONFIRMED' } });
  });

  describe('what each role reads, field by field', () => {
    const STATUSES = ['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELED'] as const;
    type Made = { id: string; orderNumber: string; phone: string; email: string; status: (typeof STATUSES)[number] };
    const made: Made[] = [];
    const as = (role: StaffRole) => ({ Authorization: `Bearer ${tokens.get(role)}` });
    const binary = (res: import('node:http').IncomingMessage, done: (err: Error | null, body: Buffer) => void) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    };

    beforeAll(async () => {
      // One order in each status, each of its own person, moved there by the owner.
      const moves: Record<(typeof STATUSES)[number], string[]> = { PLACED: [], CONFIRMED: ['CONFIRMED'], SHIPPED: ['SHIPPED'], DELIVERED: ['SHIPPED', 'DELIVERED'], CANCELED: ['CANCELED'] };
      for (const [i, status] of STATUSES.entries()) {
        const phone = `0101111000${i}`;
        const email = `person${i}@example.com`;
        const cart = (await t.request().post('/api/user/cart').send({ posterId: ids.poster, size: 'SIZE_20x30', quantity: 2 }).expect(200)).body.cartId;
        const placed = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart).send({ ...VALID_CHECKOUT, firstName: `Person${i}`, phone, email, notes: `ring ${i} times` }).expect(200);
        for (const to of moves[status]) {
          const shipment = to === 'SHIPPED' ? { courierId: ids.courier, trackingNumber: `M-${i}` } : {};
          await t.request().post(`/api/admin/orders/${placed.body.orderId}/status-changes`).set(as('owner')).send({ status: to, reason: 'a test', ...shipment }).expect(200);
        }
        made.push({ id: placed.body.orderId, orderNumber: placed.body.orderNumber, phone, email, status });
      }
      expect(await t.waitForProjections()).toBe(true);
    }, 60_000);

    it('lists to each role the orders of its statuses: the call centre its queue, the packer what it packs and follows', async () => {
      const expected: Record<StaffRole, string[]> = {
        owner: [...STATUSES],
        manager: [...STATUSES],
        agent: ['PLACED'],
        shipping: ['PLACED', 'CONFIRMED', 'SHIPPED'],
      };
      for (const role of STAFF_ROLES) {
        const rows = (await t.request().get('/api/admin/orders?size=200').set(as(role)).expect(200)).body.data as Array<{ id: string; status: string }>;
        const seen = made.filter((m) => rows.some((r) => r.id === m.id)).map((m) => m.status);
        expect([role, seen]).toEqual([role, expected[role]]);
        // An order outside the role's statuses is not found by its id either, nor its trail.
        const delivered = made.find((m) => m.status === 'DELIVERED')!;
        const outside = !expected[role].includes('DELIVERED');
        await t.request().get(`/api/admin/orders/${delivered.orderNumber}`).set(as(role)).expect(outside ? 404 : 200);
        await t.request().get(`/api/admin/orders/${delivered.id}/history`).set(as(role)).expect(outside ? 404 : 200);
      }
    });

    it('shows the packer what a parcel needs of the person and withholds the rest; every other role reads the whole order', async () => {
      const shipped = made.find((m) => m.status === 'SHIPPED')!;
      for (const role of STAFF_ROLES) {
        const order = (await t.request().get(`/api/admin/orders/${shipped.id}`).set(as(role)).expect(role === 'agent' ? 404 : 200)).body;
        if (role === 'agent') continue;
        expect([role, order.orderNumber, order.customerName, order.phone, order.addressLine, order.building, order.apartment, order.city, order.governorate, order.paymentMethod, typeof order.total]).toEqual(
          [role, shipped.orderNumber, 'Person2 Hassan', shipped.phone, '12 Tahrir St', '4', '7', 'Cairo', 'CAIRO', 'COD', 'number'],
        );
        const rest = [order.email, order.notes, order.latitude, order.longitude];
        if (role === 'shipping') expect(rest).toEqual([WITHHELD, WITHHELD, WITHHELD, WITHHELD]);
        else expect(rest.slice(0, 2)).toEqual([shipped.email, 'ring 2 times']);
        const listed = (await t.request().get(`/api/admin/orders?search=${shipped.orderNumber}`).set(as(role)).expect(200)).body.data[0];
        expect([role, listed.phone, listed.email]).toEqual([role, shipped.phone, role === 'shipping' ? WITHHELD : shipped.email]);
      }
      // The courier's paperwork carries the parcel's fields under paperwork.print.
      const manifest = (await t.request().get('/api/admin/paperwork/manifest.csv').set(as('shipping')).expect(200)).text;
      expect(manifest).toContain(shipped.orderNumber);
      expect(manifest).toContain(shipped.phone);
    });

    it('withholds personal fields from the exports, the event browser and its NDJSON without customers.read, and keeps the rest of each row', async () => {
      const placed = made[0];
      const jobs = new Map<StaffRole, string>();
      for (const role of ['owner', 'manager'] as const) {
        const whole = role === 'owner';
        const csv = (await t.request().get('/api/admin/orders/export').query({ search: placed.orderNumber }).set(as(role)).expect(200)).text;
        const line = csv.split('\r\n').find((l) => l.startsWith(placed.orderNumber))!;
        expect([role, line.includes(placed.phone), line.includes('Person0'), line.includes(placed.email), line.includes('ring 0 times')]).toEqual([role, whole, whole, whole, whole]);
        if (!whole) expect(line).toMatch(new RegExp(`^${placed.orderNumber},[^,]+,${WITHHELD},${WITHHELD},${WITHHELD},${WITHHELD},Cairo,PLACED,COD,`));

        const xlsx = await t.request().get('/api/admin/orders/export.xlsx').query({ search: placed.orderNumber }).set(as(role)).buffer(true).parse(binary as never).expect(200);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
        const row = book.worksheets[0].getRow(2).values as unknown[];
        expect([role, row[1], row[3], row[4], row[5], row[6], row[8], typeof row[16]]).toEqual(
          [role, placed.orderNumber, whole ? 'Person0 Hassan' : WITHHELD, whole ? placed.phone : WITHHELD, whole ? placed.email : WITHHELD, whole ? '12 Tahrir St, Building 4, Apt 7, Cairo' : WITHHELD, 'PLACED', 'number'],
        );

        const events = (await t.request().get('/api/admin/events').query({ stream: `order-${placed.id}` }).set(as(role)).expect(200)).body.data as Array<{ type: string; data: { customer: Record<string, unknown>; totals?: unknown } }>;
        const orderPlaced = events.find((e) => e.type === 'OrderPlaced')!;
        expect([role, orderPlaced.data.customer.phone, orderPlaced.data.customer.firstName, orderPlaced.data.customer.email, orderPlaced.data.customer.governorate]).toEqual(
          [role, whole ? placed.phone : WITHHELD, whole ? 'Person0' : WITHHELD, whole ? placed.email : WITHHELD, 'CAIRO'],
        );

        const ndjson = (await t.request().get('/api/admin/events/export').query({ stream: `order-${placed.id}` }).set(as(role)).expect(200)).text;
        const lines = ndjson.trim().split('\n').map((l) => JSON.parse(l) as { type: string; data: { customer: Record<string, unknown> } });
        expect([role, lines.find((e) => e.type === 'OrderPlaced')!.data.customer.phone, ndjson.includes(placed.phone)]).toEqual([role, whole ? placed.phone : WITHHELD, whole]);

        // The background export is shaped by what its requester may read, and shares no job with a reader unlike them.
        const jobId = (await t.request().post('/api/admin/exports').set(as(role)).send({ kind: 'orders', filters: { search: placed.orderNumber } }).expect(202)).body.jobId;
        let state = '';
        for (let i = 0; i < 200 && state !== 'completed'; i++) {
          state = (await t.request().get(`/api/admin/jobs/${jobId}`).set(as(role)).expect(200)).body.state;
          if (state === 'failed') throw new Error('export failed');
          if (state !== 'completed') await new Promise((r) => setTimeout(r, 50));
        }
        const file = (await t.request().get(`/api/admin/jobs/${jobId}/download`).set(as(role)).expect(200)).text;
        expect([role, file.includes(placed.phone), file.includes(placed.orderNumber), file.includes(WITHHELD)]).toEqual([role, whole, true, !whole]);
        jobs.set(role, jobId);
      }
      // The owner's file is not the manager's to download by its id; the manager's holds nothing to keep from the owner.
      await t.request().get(`/api/admin/jobs/${jobs.get('owner')}/download`).set(as('manager')).expect(403);
      await t.request().get(`/api/admin/jobs/${jobs.get('manager')}/download`).set(as('owner')).expect(200);
    }, 60_000);

    it('refuses a page above 200 to every role, naming the field', async () => {
      for (const role of STAFF_ROLES) {
        const res = await t.request().get('/api/admin/orders?size=201').set(as(role)).expect(400);
        expect([role, res.body.message]).toEqual([role, 'size must be a whole number from 1 to 200']);
      }
      const events = await t.request().get('/api/admin/events?limit=201').set(as('owner')).expect(400);
      expect(events.body.message).toBe('limit must be a whole number from 1 to 200');
    });
  });

  it('checks the live stream too: every role may open it, anonymous may not', async () => {
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    for (const identity of IDENTITIES) {
      const controller = new AbortController();
      const headers: Record<string, string> = identity === 'anonymous' ? {} : { Authorization: `Bearer ${tokens.get(identity)}` };
      const res = await fetch(`http://127.0.0.1:${port}/api/admin/live`, { headers, signal: controller.signal });
      controller.abort();
      expect([identity, res.status]).toEqual([identity, identity === 'anonymous' ? 401 : 200]);
    }
  });
});

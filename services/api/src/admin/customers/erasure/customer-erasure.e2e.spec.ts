/**
 * Erasing a customer through HTTP on the real stack (in-process projector): what the confirmation
 * lists, the refusals that name their field, the erasure itself (event, keys, read models, export
 * files and photos), a second erasure that changes nothing, and the start-up sweep that finishes
 * an erasure interrupted between its two steps.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { VersionedEventStore } from '#event-store/versioned-event-store.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../../testing/seed-catalogue.js';
import { bigJpeg } from '../../../uploads/testing/test-images.js';
import { ErasedKeysSweep } from './erased-keys-sweep.js';

const A = { ...VALID_CHECKOUT, firstName: 'Zumurruda', lastName: 'Qadrawi', phone: '01012345678', email: 'zumurruda@example.com', addressLine: '31 Sheikh Rihan Street' };
const B = { ...VALID_CHECKOUT, firstName: 'Karim', lastName: 'Abdelsalam', phone: '01198765432', email: 'karim@example.com', addressLine: '3 Corniche Road' };
const C = { ...VALID_CHECKOUT, firstName: 'Laila', lastName: 'Sharkawi', phone: '01255555555', email: null };

describe('erasing a customer (HTTP, real stack)', () => {
  let t: TestApp;
  let exportsDir: string;
  const previousExportsDir = process.env.EXPORTS_DIR;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  let subjectA: string;
  let uploadKey: string;

  async function placeOrder(customer: Record<string, unknown>, posterId: string, cartId?: string) {
    const cart = await t.request().post('/api/user/cart').set(cartId ? { 'X-Cart-Id': cartId } : {}).send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send({ ...customer }).expect(200);
    return res.body as { orderId: string; orderNumber: string };
  }
  async function exportFile(kind: string): Promise<void> {
    const { body } = await t.request().post('/api/admin/exports').set(auth()).send({ kind }).expect(202);
    for (let i = 0; i < 400; i++) {
      const job = await t.request().get(`/api/admin/jobs/${body.jobId}`).set(auth()).expect(200);
      if (job.body.state === 'completed') return;
      if (job.body.state === 'failed') throw new Error(job.body.error);
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`export ${kind} did not finish`);
  }
  const customers = async () => (await t.request().get('/api/admin/customers').set(auth()).expect(200)).body.data as Array<{ subjectId: string; phone: string; firstName: string }>;

  beforeAll(async () => {
    exportsDir = mkdtempSync(path.join(os.tmpdir(), 'erasure-exports-'));
    process.env.EXPORTS_DIR = exportsDir;
    t = await createTestApp();
    const { posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000, SIZE_30x40: 30000 } });
    const upload = await t.request().post('/api/user/upload').field('size', 'SIZE_30x40').field('quantity', '1').attach('file', await bigJpeg(), 'me.jpg').expect(201);
    uploadKey = String(upload.body.customImagePath).replace(/^\/uploads\//, '');
    expect(existsSync(path.join(t.config.uploadsDir, uploadKey))).toBe(true);
    await placeOrder(A, posterId, upload.body.cartId);
    await placeOrder({ ...A, phone: '+20 101 234 5678', email: 'Zumurruda@Example.com' }, posterId);
    await placeOrder(B, posterId);
    await placeOrder(C, posterId);
    await t.request().post('/api/public/newsletter').send({ email: A.email }).expect(201);
    await t.request().post('/api/public/newsletter').send({ email: B.email }).expect(201);
    expect(await t.waitForProjections()).toBe(true);
    for (const kind of ['orders', 'events', 'newsletter']) await exportFile(kind);
    subjectA = (await customers()).find((c) => c.phone === A.phone)!.subjectId;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(exportsDir, { recursive: true, force: true });
    if (previousExportsDir === undefined) delete process.env.EXPORTS_DIR;
    else process.env.EXPORTS_DIR = previousExportsDir;
  });

  it('lists what will be erased before anything is', async () => {
    const { body } = await t.request().get(`/api/admin/customers/${subjectA}/erasure`).set(auth()).expect(200);
    expect(body).toMatchObject({ subjectId: subjectA, alreadyErased: false, newsletterAddresses: 1, uploads: [uploadKey], replaySchemas: [] });
    expect(body.orders).toHaveLength(2);
    expect(body.exports.sort()).toEqual(readdirSync(exportsDir).sort());
    expect(body.fields).toEqual(expect.arrayContaining(['name', 'phone', 'e-mail', 'address']));
  });

  it('downloads everything held about A as one JSON file, by phone in any form or by e-mail; refusals name the field', async () => {
    const res = await t.request().get('/api/admin/personal-data').query({ phone: '+20 101 234 5678' }).set(auth()).expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.body).toMatchObject({ subjects: [subjectA, expect.any(String)], corrections: [], erasures: [], newsletter: [{ subscribed: true, email: A.email }] });
    expect(res.body.orders.map((o: { firstName: string; status: string; items: unknown[]; history: Array<{ type: string }> }) => [o.firstName, o.status, o.items.length, o.history.map((h) => h.type)])).toEqual([
      [A.firstName, 'PLACED', 2, ['OrderPlaced']], [A.firstName, 'PLACED', 1, ['OrderPlaced']],
    ]);
    expect(JSON.stringify(res.body)).not.toContain(B.phone);
    const byEmail = await t.request().get('/api/admin/personal-data').query({ email: ' ZUMURRUDA@example.com' }).set(auth()).expect(200);
    expect(byEmail.body.orders.map((o: { id: string }) => o.id).sort()).toEqual(res.body.orders.map((o: { id: string }) => o.id).sort());
    const refused = async (query: Record<string, string>, status: number, field: string) =>
      expect(JSON.stringify((await t.request().get('/api/admin/personal-data').query(query).set(auth()).expect(status)).body)).toContain(field);
    await refused({}, 400, 'phone');
    await refused({ phone: A.phone, email: A.email }, 400, 'email');
    await refused({ subjectId: 'x' }, 400, 'subjectId');
    await refused({ phone: '01099999999' }, 404, 'phone');
  });

  it('refuses a wrong phone, a missing reason, free text as a reason and a malformed id, each naming its field', async () => {
    const events = await t.eventCount();
    const post = (id: string, body: unknown) => t.request().post(`/api/admin/customers/${id}/erasure`).set(auth()).send(body as object);
    const wrongPhone = await post(subjectA, { phone: B.phone, reason: 'SUBJECT_REQUEST' }).expect(400);
    expect(JSON.stringify(wrongPhone.body)).toContain('phone');
    expect(JSON.stringify((await post(subjectA, { phone: A.phone }).expect(400)).body)).toContain('reason');
    expect(JSON.stringify((await post(subjectA, { phone: A.phone, reason: 'Zumurruda asked by phone' }).expect(400)).body)).toContain('reason');
    expect(JSON.stringify((await post(subjectA, { phone: 12, reason: 'SUBJECT_REQUEST' }).expect(400)).body)).toContain('phone');
    expect(JSON.stringify((await post('not-a-customer', { phone: A.phone, reason: 'SUBJECT_REQUEST' }).expect(400)).body)).toContain('subjectId');
    await post(randomUUID(), { phone: A.phone, reason: 'SUBJECT_REQUEST' }).expect(400);
    expect(await t.eventCount()).toBe(events);
  });

  it('erases: one event without personal data, both keys destroyed, the exports and the photo deleted, and says which', async () => {
    const { body } = await t.request().post(`/api/admin/customers/${subjectA}/erasure`).set(auth()).send({ phone: '٠١٠١٢٣٤٥٦٧٨', reason: 'SUBJECT_REQUEST', openOrders: 'cancel' }).expect(200);
    expect(body).toMatchObject({ alreadyErased: false, keysDestroyed: 2, deletedUploads: [uploadKey] });
    expect(body.deletedExports).toHaveLength(3);
    expect(readdirSync(exportsDir)).toEqual([]);
    expect(existsSync(path.join(t.config.uploadsDir, uploadKey))).toBe(false);
    const [erased] = await t.store.readStream(`personaldata-${subjectA}`);
    expect(erased).toMatchObject({ type: 'PersonalDataErased', data: { subjectId: subjectA, reason: 'SUBJECT_REQUEST' }, metadata: { actor: { kind: 'admin', id: 'admin' } } });
    expect(erased.data).toMatchObject({ orderIds: body.orders.map((o: { id: string }) => o.id), newsletterSubjectIds: [expect.any(String)] });
    const keys = (t.store as VersionedEventStore).personalData!.keys;
    expect(await keys.findSubject('phone', A.phone)).toBeUndefined();
    expect(await keys.findSubject('email', A.email)).toBeUndefined();
  });

  it('leaves no trace of A in the lists, search, order pages and event log; B is intact', async () => {
    expect(await t.waitForProjections()).toBe(true);
    const list = JSON.stringify((await t.request().get('/api/admin/orders').set(auth()).expect(200)).body);
    const everything = list + JSON.stringify(await customers()) + JSON.stringify((await t.request().get('/api/admin/newsletter').set(auth()).expect(200)).body)
      + JSON.stringify((await t.request().get('/api/admin/events').query({ limit: 200 }).set(auth()).expect(200)).body);
    for (const secret of [A.firstName, A.lastName, A.phone, A.phone.slice(1), A.addressLine, A.email, 'zumurruda']) expect(everything.toLowerCase()).not.toContain(secret.toLowerCase());
    for (const kept of [B.firstName, B.phone, B.addressLine, B.email]) expect(everything).toContain(kept);
    expect((await t.request().get('/api/admin/orders').query({ search: 'zumurruda' }).set(auth()).expect(200)).body.data).toEqual([]);
    const mine = (await t.request().get('/api/admin/orders').query({ search: '[erased]' }).set(auth()).expect(200)).body.data as Array<{ firstName: string; phone: string; email: string | null; governorate: string; total: number; status: string; items: unknown[] }>;
    // Items, totals, status and governorate stay (the open orders were cancelled first); the order with the photo keeps both its lines.
    expect(mine.map((o) => [o.firstName, o.phone, o.email, o.governorate, o.status, o.total > 0, o.items.length]).sort()).toEqual([
      ['[erased]', '[erased]', null, 'CAIRO', 'CANCELED', true, 1],
      ['[erased]', '[erased]', null, 'CAIRO', 'CANCELED', true, 2],
    ]);
  });

  it('erasing twice appends nothing and destroys nothing more', async () => {
    const events = await t.eventCount();
    const { body } = await t.request().post(`/api/admin/customers/${subjectA}/erasure`).set(auth()).send({ phone: 'anything', reason: 'SUBJECT_REQUEST' }).expect(200);
    expect(body).toMatchObject({ alreadyErased: true, keysDestroyed: 0, deletedExports: [], deletedUploads: [] });
    expect(await t.eventCount()).toBe(events);
  });

  it("after the erasure, A's file by subject id shows the erasure and the orders as erased, and the phone finds nothing", async () => {
    const { body } = await t.request().get('/api/admin/personal-data').query({ subjectId: subjectA }).set(auth()).expect(200);
    expect(body.erasures).toEqual([{ subjectId: subjectA, erasedAt: expect.any(String), reason: 'SUBJECT_REQUEST', by: 'admin' }]);
    expect(body.newsletter).toEqual([expect.objectContaining({ subscribed: false, email: null })]);
    expect(body.orders.map((o: { firstName: string; phone: string }) => [o.firstName, o.phone])).toEqual([['[erased]', '[erased]'], ['[erased]', '[erased]']]);
    await t.request().get('/api/admin/personal-data').query({ phone: A.phone }).set(auth()).expect(404);
  });

  it('the start-up sweep destroys the key of a subject the log says was erased (an erasure interrupted after its append)', async () => {
    const keys = (t.store as VersionedEventStore).personalData!.keys;
    const subjectC = (await keys.findSubject('phone', C.phone))!;
    expect(subjectC).toEqual(expect.any(String));
    await t.store.append(`personaldata-${subjectC}`, [{ id: randomUUID(), type: 'PersonalDataErased', data: { subjectId: subjectC, newsletterSubjectIds: [], orderIds: [], reason: 'SUBJECT_REQUEST', erasedAt: new Date().toISOString() }, metadata: { correlationId: 'c', actor: { kind: 'admin', id: 'admin' }, occurredAt: new Date().toISOString() } }]);
    // Reads of the whole log stop below the oldest transaction still open in the cluster, and other
    // suites share it: wait until the append is under that horizon, as it is at any real start-up.
    expect(await t.waitForProjections()).toBe(true);
    await t.app.get(ErasedKeysSweep).onApplicationBootstrap();
    expect(await keys.findSubject('phone', C.phone)).toBeUndefined();
    expect(await keys.findSubject('phone', B.phone)).toEqual(expect.any(String));
  });
});

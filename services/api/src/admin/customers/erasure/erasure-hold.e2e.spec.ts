/**
 * Erasing a customer whose orders are not finished (HTTP, real stack): refused until the owner
 * chooses, cancelled first when none has left the shop, or held (recorded, shown, with the law it
 * rests on) and run by the shop itself once the orders finish. The return window is 0 days here, so
 * a delivered order is finished at once.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../../testing/seed-catalogue.js';
import { bigJpeg } from '../../../uploads/testing/test-images.js';
import { HeldErasuresSchedule } from './held-erasures.schedule.js';

const HELD = { ...VALID_CHECKOUT, firstName: 'Nabila', lastName: 'Haddad', phone: '01011112222', email: null };
const SHIPPED = { ...VALID_CHECKOUT, firstName: 'Sherif', lastName: 'Mansour', phone: '01033334444', email: null };
const CANCELED = { ...VALID_CHECKOUT, firstName: 'Dalia', lastName: 'Fouad', phone: '01055556666', email: null };

describe('erasing a customer with unfinished orders (HTTP, real stack)', () => {
  let t: TestApp;
  let posterId: string;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const subjects = new Map<string, { subjectId: string; orderId: string; orderNumber: string }>();

  async function placeOrder(customer: typeof HELD, cartId?: string) {
    const cart = await t.request().post('/api/user/cart').set(cartId ? { 'X-Cart-Id': cartId } : {}).send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send({ ...customer }).expect(200);
    return res.body as { orderId: string; orderNumber: string };
  }
  const move = (orderId: string, status: string) => t.request().patch(`/api/admin/orders/${orderId}/status`).set(auth()).send({ status }).expect(200);
  const erase = (subjectId: string, body: Record<string, unknown>) => t.request().post(`/api/admin/customers/${subjectId}/erasure`).set(auth()).send(body);
  const stream = async (subjectId: string) => (await t.store.readStream(`personaldata-${subjectId}`)).map((e) => e.type);
  let uploadKey: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { RETURN_WINDOW_DAYS: '0' } });
    ({ posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000, SIZE_30x40: 30000 } }));
    const upload = await t.request().post('/api/user/upload').field('size', 'SIZE_30x40').field('quantity', '1').attach('file', await bigJpeg(), 'me.jpg').expect(201);
    uploadKey = String(upload.body.customImagePath).replace(/^\/uploads\//, '');
    const placed = new Map([[HELD.phone, await placeOrder(HELD, upload.body.cartId)], [SHIPPED.phone, await placeOrder(SHIPPED)], [CANCELED.phone, await placeOrder(CANCELED)]]);
    await move(placed.get(SHIPPED.phone)!.orderId, 'SHIPPED');
    expect(await t.waitForProjections()).toBe(true);
    const customers = (await t.request().get('/api/admin/customers').set(auth()).expect(200)).body.data as Array<{ subjectId: string; phone: string }>;
    for (const [phone, order] of placed) subjects.set(phone, { subjectId: customers.find((c) => c.phone === phone)!.subjectId, ...order });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists each order with whether it is finished and whether it may still be cancelled', async () => {
    const { subjectId } = subjects.get(HELD.phone)!;
    const { body } = await t.request().get(`/api/admin/customers/${subjectId}/erasure`).set(auth()).expect(200);
    expect(body.hold).toBeNull();
    expect(body.orders).toEqual([expect.objectContaining({ status: 'PLACED', finished: false, openBecause: 'not-shipped', cancellable: true, finishableAt: null })]);
  });

  it('refuses an erasure that does not say what becomes of the open orders, naming them and their status, and records nothing', async () => {
    const { subjectId, orderNumber } = subjects.get(HELD.phone)!;
    const before = await t.eventCount();
    const refused = await erase(subjectId, { phone: HELD.phone, reason: 'SUBJECT_REQUEST' }).expect(409);
    expect(refused.body.message).toBe(`openOrders: ${orderNumber} (Placed) is not finished: cancel it first, or hold the erasure until it is`);
    expect(JSON.stringify((await erase(subjectId, { phone: HELD.phone, reason: 'SUBJECT_REQUEST', openOrders: 'later' }).expect(400)).body)).toContain('openOrders');
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses to cancel an order that left the shop: only holding applies', async () => {
    const { subjectId, orderNumber } = subjects.get(SHIPPED.phone)!;
    const refused = await erase(subjectId, { phone: SHIPPED.phone, reason: 'SUBJECT_REQUEST', openOrders: 'cancel' }).expect(409);
    expect(refused.body.message).toBe(`openOrders: ${orderNumber} (Shipped) left the shop and cannot be cancelled: hold the erasure instead`);
    expect(await stream(subjectId)).toEqual([]);
  });

  it('cancels the orders not yet shipped, then erases', async () => {
    const { subjectId, orderId } = subjects.get(CANCELED.phone)!;
    const { body } = await erase(subjectId, { phone: CANCELED.phone, reason: 'SUBJECT_REQUEST', openOrders: 'cancel' }).expect(200);
    expect(body).toMatchObject({ hold: null, keysDestroyed: 1 });
    const order = await t.store.readStream(`order-${orderId}`);
    // Its reason was sealed under the customer's key like any staff reason: read as erased now, and the erasure lists the order.
    expect(order.at(-1)).toMatchObject({ type: 'OrderStatusChanged', data: { from: 'PLACED', to: 'CANCELED', reason: null, by: { username: 'admin' } }, metadata: { personalData: 'erased' } });
    expect(await stream(subjectId)).toEqual(['PersonalDataErased']);
  });

  it('holds the erasure: recorded with its legal basis, shown, nothing erased, the photo kept; it runs by itself once the order is finished', async () => {
    const { subjectId, orderId } = subjects.get(HELD.phone)!;
    const { body } = await erase(subjectId, { phone: HELD.phone, reason: 'CONSENT_WITHDRAWN', openOrders: 'hold' }).expect(200);
    expect(body).toMatchObject({ keysDestroyed: 0, deletedUploads: [], hold: { orderIds: [orderId], reason: 'CONSENT_WITHDRAWN', expectedEnd: null } });
    expect(body.hold.legalBasis).toMatch(/^Held under Law 151\/2020 .*contract.*legal obligations/);
    expect(await stream(subjectId)).toEqual(['PersonalDataErasureHeld']);
    expect(existsSync(path.join(t.config.uploadsDir, uploadKey))).toBe(true);
    const shown = await t.request().get(`/api/admin/customers/${subjectId}/erasure`).set(auth()).expect(200);
    expect(shown.body).toMatchObject({ alreadyErased: false, hold: body.hold });
    // Asked again, the same hold stands: one request, one record.
    await erase(subjectId, { phone: HELD.phone, reason: 'CONSENT_WITHDRAWN', openOrders: 'hold' }).expect(200);
    const schedule = t.app.get(HeldErasuresSchedule);
    expect(await schedule.runDue()).toEqual({ erased: [], stillHeld: [subjectId] });
    expect(await stream(subjectId)).toEqual(['PersonalDataErasureHeld']);
    expect(existsSync(path.join(t.config.uploadsDir, uploadKey))).toBe(true);

    await move(orderId, 'SHIPPED');
    await move(orderId, 'DELIVERED');
    expect(await schedule.runDue()).toEqual({ erased: [subjectId], stillHeld: [] });
    const events = await t.store.readStream(`personaldata-${subjectId}`);
    expect(events.map((e) => e.type)).toEqual(['PersonalDataErasureHeld', 'PersonalDataErased']);
    expect(events[1]).toMatchObject({ data: { reason: 'CONSENT_WITHDRAWN', orderIds: [orderId] }, metadata: { actor: { kind: 'system' } } });
    expect(existsSync(path.join(t.config.uploadsDir, uploadKey))).toBe(false);
    expect(await t.waitForProjections()).toBe(true);
    const after = await t.request().get(`/api/admin/customers/${subjectId}/erasure`).set(auth()).expect(200);
    expect(after.body).toMatchObject({ alreadyErased: true, hold: null });
    expect(await schedule.runDue()).toEqual({ erased: [], stillHeld: [] });
  });
});

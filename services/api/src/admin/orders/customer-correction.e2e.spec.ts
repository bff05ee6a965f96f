/**
 * Correcting an order's customer through HTTP on the real stack: one encrypted event with before
 * and after, the audit trail naming the fields, the lists and search showing the correction, the
 * corrected phone kept with the same person (their next order files under them), and refusals
 * that name the field.
 */
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';

const A = { ...VALID_CHECKOUT, firstName: 'Mona', lastName: 'Hassan', phone: '01012345678' };
const B = { ...VALID_CHECKOUT, firstName: 'Karim', lastName: 'Adel', phone: '01198765432' };

describe('correcting an order\'s customer (HTTP, real stack)', () => {
  let t: TestApp;
  let posterId: string;
  let order: { orderId: string; orderNumber: string };
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });

  async function placeOrder(customer: Record<string, unknown>) {
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send(customer).expect(200);
    return res.body as { orderId: string; orderNumber: string };
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({ posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } }));
    order = await placeOrder(A);
    await placeOrder(B);
    expect(await t.waitForProjections()).toBe(true);
  });
  afterAll(() => t.close());

  it('corrects the name and phone as one encrypted event, shown in the trail, the lists and search', async () => {
    const { body } = await t.request().patch(`/api/admin/orders/${order.orderNumber}/customer`).set(auth()).send({ firstName: 'Mouna', lastName: 'Hassan', phone: '+20 100 000 0002' }).expect(200);
    expect(body).toEqual({ id: order.orderId, orderNumber: order.orderNumber, corrected: ['firstName', 'phone'] });
    const [stored] = await t.dataSource.query(`SELECT data::text AS data FROM event_store.events WHERE event_type = 'PersonalDataCorrected'`);
    expect(stored.data).not.toMatch(/Mouna|01000000002|01012345678/);
    const events = await t.store.readStream(`order-${order.orderId}`);
    expect(events.at(-1)).toMatchObject({ type: 'PersonalDataCorrected', data: { before: { firstName: 'Mona', phone: A.phone }, after: { firstName: 'Mouna', phone: '01000000002' } }, metadata: { actor: { kind: 'admin', id: 'admin' }, subjectId: events[0].metadata.subjectId } });

    expect(await t.waitForProjections()).toBe(true);
    const history = (await t.request().get(`/api/admin/orders/${order.orderId}/history`).set(auth()).expect(200)).body;
    expect(history.events.map((e: { type: string; changes: unknown }) => [e.type, e.changes])).toEqual([
      ['OrderPlaced', expect.anything()], ['PersonalDataCorrected', { corrected: ['firstName', 'phone'] }],
    ]);
    const found = (await t.request().get('/api/admin/orders').query({ search: '01000000002' }).set(auth()).expect(200)).body.data;
    expect(found.map((o: { orderNumber: string; firstName: string; phone: string }) => [o.orderNumber, o.firstName, o.phone])).toEqual([[order.orderNumber, 'Mouna', '01000000002']]);
    expect((await t.request().get('/api/admin/orders').query({ search: 'mona' }).set(auth()).expect(200)).body.data).toEqual([]);
    const customers = (await t.request().get('/api/admin/customers').set(auth()).expect(200)).body.data;
    expect(customers.find((c: { subjectId: string }) => c.subjectId === events[0].metadata.subjectId)).toMatchObject({ firstName: 'Mouna', phone: '01000000002' });
  });

  it('keeps the corrected phone with the same person: their next order is filed under them', async () => {
    const next = await placeOrder({ ...A, firstName: 'Mouna', phone: '01000000002' });
    const [placed] = await t.store.readStream(`order-${next.orderId}`);
    const [first] = await t.store.readStream(`order-${order.orderId}`);
    expect(placed.metadata.subjectId).toBe(first.metadata.subjectId);
    expect(await t.waitForProjections()).toBe(true);
    const file = (await t.request().get('/api/admin/personal-data').query({ phone: '01000000002' }).set(auth()).expect(200)).body;
    expect(file.orders).toHaveLength(2);
    expect(file.corrections).toEqual([expect.objectContaining({ orderId: order.orderId, fields: ['firstName', 'phone'], before: { firstName: 'Mona', phone: A.phone }, after: { firstName: 'Mouna', phone: '01000000002' }, by: 'admin' })]);
  });

  it('refuses another customer\'s phone (409), an invalid or blank field (400), each naming it, and appends nothing', async () => {
    const events = await t.eventCount();
    const patch = (body: unknown) => t.request().patch(`/api/admin/orders/${order.orderId}/customer`).set(auth()).send(body as object);
    expect(JSON.stringify((await patch({ phone: B.phone }).expect(409)).body)).toContain('phone');
    expect(JSON.stringify((await patch({ phone: '12345' }).expect(400)).body)).toContain('phone');
    expect(JSON.stringify((await patch({ city: '   ' }).expect(400)).body)).toContain('city');
    expect(JSON.stringify((await patch({ lastName: 7 }).expect(400)).body)).toContain('lastName');
    await patch({}).expect(400);
    expect((await patch({ firstName: 'Mouna' }).expect(200)).body.corrected).toEqual([]);
    expect(await t.eventCount()).toBe(events);
  });

  it('a name corrected into Arabic is found by the folded searches, spelt another way', async () => {
    await t.request().patch(`/api/admin/orders/${order.orderId}/customer`).set(auth()).send({ lastName: 'الأسيوطيّة' }).expect(200);
    expect(await t.waitForProjections()).toBe(true);
    const orders = (await t.request().get('/api/admin/orders').query({ search: 'الاسيوطيه' }).set(auth()).expect(200)).body.data;
    expect(orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([order.orderNumber]);
  });
});

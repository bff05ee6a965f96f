/**
 * Names, addresses and notes lose their embedding, override and isolate characters at the edge,
 * whichever endpoint takes them (checkout, order edits, notes, customer corrections, status
 * reasons, couriers), and keep the direction marks Arabic keyboards type: what the log stores
 * cannot turn a printed line around.
 */
import { couriersStream, orderStream } from '#domain/streams.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../testing/seed-catalogue.js';

const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

describe('bidi controls removed at the edge (HTTP, real stack)', () => {
  let t: TestApp;
  let posterId: string;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const eventsOf = async (stream: string) => (await t.store.readStream(stream)) as Array<{ type: string; data: Record<string, unknown> }>;

  beforeAll(async () => {
    t = await createTestApp();
    ({ posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } }));
  });
  afterAll(() => t?.close());

  it('stores a checkout\'s names, address and notes without them, marks kept; staff edits, notes, corrections, reasons and couriers too', async () => {
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200);
    const checkout = {
      ...VALID_CHECKOUT, phone: '01055500011', firstName: 'Mo\u202Ena', lastName: '\u2067حسن\u2069', addressLine: 'Street \u202E12 nomis', building: '\u202D7\u202C', apartment: '3\u2066',
      city: 'القاهرة\u200F', notes: 'الدور \u061C3\n\u200Ering\u202B twice',
    };
    const placed = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send(checkout).expect(200);
    const orderId = placed.body.orderId as string;
    const [event] = await eventsOf(orderStream(orderId));
    expect(event.data.customer).toMatchObject({
      firstName: 'Mona', lastName: 'حسن', addressLine: 'Street 12 nomis', building: '7', apartment: '3', city: 'القاهرة\u200F', notes: 'الدور \u061C3\n\u200Ering twice',
    });
    expect(await t.waitForProjections()).toBe(true);

    const { revision } = (await t.request().get(`/api/admin/orders/${orderId}`).set(auth()).expect(200)).body;
    await t.request().post(`/api/admin/orders/${orderId}/edits`).set(auth()).send({ addressLine: 'شارع \u202E45 التحرير', notes: 'call \u2068first', reason: 'moved \u202Eout', expectedRevision: revision }).expect(200);
    await t.request().post(`/api/admin/orders/${orderId}/notes`).set(auth()).send({ text: 'paid \u202E50 already' }).expect(201);
    await t.request().patch(`/api/admin/orders/${orderId}/customer`).set(auth()).send({ city: 'Giza \u202E1', firstName: '\u202AMouna' }).expect(200);
    await t.request().post(`/api/admin/orders/${orderId}/status-changes`).set(auth()).send({ status: 'CANCELED', reason: 'customer \u202Eask' }).expect(200);
    await t.request().post('/api/admin/couriers').set(auth()).send({ name: 'Bo\u202Esta', trackingUrlTemplate: null }).expect(201);

    const trail = await eventsOf(orderStream(orderId));
    const byType = (type: string) => trail.find((e) => e.type === type)!.data;
    expect(byType('OrderEdited')).toMatchObject({ after: { customer: { addressLine: 'شارع 45 التحرير', notes: 'call first' } }, reason: 'moved out' });
    expect(byType('OrderNoteAdded')).toMatchObject({ text: 'paid 50 already' });
    expect(byType('PersonalDataCorrected')).toMatchObject({ after: { city: 'Giza 1', firstName: 'Mouna' } });
    expect(JSON.stringify(byType('OrderStatusChanged'))).toContain('customer ask');
    const couriers = await eventsOf(couriersStream());
    expect(couriers.at(-1)!.data).toMatchObject({ name: 'Bosta' });
    expect(JSON.stringify([...trail, ...couriers].map((e) => e.data))).not.toMatch(CONTROLS);
  });
});

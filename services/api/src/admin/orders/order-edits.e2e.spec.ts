/**
 * Editing an order before it ships, and staff notes, through HTTP on the real stack: the preview
 * appends nothing, the edit appends one encrypted OrderEdited on the revision the staff member saw
 * (a racing edit is a 409 and appends nothing), every read model follows it (list and search,
 * dashboard, CSV export, tracking with the new total and an EDITED step, the trail's diff), a
 * shipped order is a 409, bad input is a 400 naming the field; notes are encrypted, shown to staff
 * and searchable, never on the public tracking answer.
 */
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { changePosterPrices, seedPoster, seedProduct, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';

describe('editing an order before it ships, and staff notes (HTTP, real stack)', () => {
  let t: TestApp;
  let salah: { posterId: string; variants: Array<{ variantId: string; size: string; price: number }> };
  let anime: { posterId: string };
  let frame: { productId: string };
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });

  async function placeOrder(quantity = 2, customer: Record<string, unknown> = VALID_CHECKOUT) {
    const cart = await t.request().post('/api/user/cart').send({ posterId: salah.posterId, size: 'SIZE_20x30', quantity }).expect(200);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send(customer).expect(200);
    expect(await t.waitForProjections()).toBe(true);
    const order = (await t.request().get(`/api/admin/orders/${res.body.orderId}`).set(auth()).expect(200)).body;
    return order as { id: string; orderNumber: string; revision: number; items: Array<{ itemId: string }>; total: number };
  }

  beforeAll(async () => {
    t = await createTestApp();
    salah = await seedPoster(t.store, { name: 'Salah', category: 'FOOTBALL', prices: { SIZE_20x30: 15000, SIZE_30x40: 22000 } });
    anime = await seedPoster(t.store, { name: 'Spirited Away', category: 'ANIME', prices: { SIZE_50x70: 42000 } });
    frame = await seedProduct(t.store, { name: 'Black frame', price: 9900 });
  });
  afterAll(() => t.close());

  it('previews, then edits a confirmed order to Alexandria with a second poster; the read models follow', async () => {
    const order = await placeOrder();
    // 2 × 150 + Cairo 60 + COD 20.
    expect(order.total).toBe(380);
    await t.request().post(`/api/admin/orders/${order.id}/status-changes`).set(auth()).send({ status: 'CONFIRMED' }).expect(200);
    expect(await t.waitForProjections()).toBe(true);
    const confirmed = (await t.request().get(`/api/admin/orders/${order.id}`).set(auth()).expect(200)).body;
    // The catalogue changes after placing: the edit still prices as at placing.
    await changePosterPrices(t.store, salah.posterId, salah.variants.map((v) => ({ ...v, price: 99900 })));
    const edit = {
      governorate: 'ALEXANDRIA', addressLine: '9 Corniche', city: 'Alexandria', reason: 'customer moved',
      lines: [{ itemId: order.items[0].itemId, quantity: 2 }, { posterId: anime.posterId, size: 'SIZE_50x70', quantity: 1 }],
      expectedRevision: confirmed.revision,
    };
    const events = await t.eventCount();
    const preview = (await t.request().post(`/api/admin/orders/${order.id}/edits/preview`).set(auth()).send(edit).expect(200)).body;
    expect(await t.eventCount()).toBe(events);
    // 300 + 420 = 720; Alexandria 70; COD 20.
    expect(preview.before).toMatchObject({ subtotal: 300, shippingCost: 60, codFee: 20, total: 380, governorate: 'CAIRO' });
    expect(preview.after).toMatchObject({ subtotal: 720, shippingCost: 70, codFee: 20, total: 810, governorate: 'ALEXANDRIA' });
    expect(preview.fields).toEqual(['addressLine', 'city', 'governorate', 'lines']);

    const saved = (await t.request().post(`/api/admin/orders/${order.id}/edits`).set(auth()).send(edit).expect(200)).body;
    expect(saved.after).toEqual(preview.after);
    const [stored] = await t.dataSource.query(`SELECT data::text AS data FROM event_store.events WHERE event_type = 'OrderEdited'`);
    expect(stored.data).not.toMatch(/Corniche|01012345678|Mona/);
    const stream = await t.store.readStream(`order-${order.id}`);
    expect(stream.at(-1)).toMatchObject({ type: 'OrderEdited', data: { reason: 'customer moved', by: { username: 'admin' } }, metadata: { subjectId: stream[0].metadata.subjectId } });

    expect(await t.waitForProjections()).toBe(true);
    const now = (await t.request().get(`/api/admin/orders/${order.id}`).set(auth()).expect(200)).body;
    expect(now).toMatchObject({ governorate: 'ALEXANDRIA', addressLine: '9 Corniche', subtotal: 720, shippingCost: 70, codFee: 20, total: 810, itemCount: 3, revision: saved.revision, status: 'CONFIRMED' });
    expect(now.items.map((i: { name: string; quantity: number }) => [i.name, i.quantity])).toEqual([['Salah', 2], ['Spirited Away', 1]]);
    const found = (await t.request().get('/api/admin/orders').query({ search: order.orderNumber }).set(auth()).expect(200)).body.data;
    expect(found.map((o: { total: number }) => o.total)).toEqual([810]);
    const csv = (await t.request().get('/api/admin/orders/export').query({ search: order.orderNumber }).set(auth()).expect(200)).text;
    expect(csv).toContain('810');
    const dashboard = (await t.request().get('/api/admin/dashboard').set(auth()).expect(200)).body;
    expect(JSON.stringify(dashboard)).toContain('ALEXANDRIA');

    const tracking = (await t.request().post('/api/public/orders/track').send({ orderNumber: order.orderNumber, phone: VALID_CHECKOUT.phone }).expect(200)).body;
    expect(tracking.total).toBe(810);
    expect(tracking.timeline.map((s: { status: string }) => s.status)).toEqual(['PLACED', 'CONFIRMED', 'EDITED']);

    const history = (await t.request().get(`/api/admin/orders/${order.id}/history`).set(auth()).expect(200)).body;
    const diff = history.events.at(-1);
    expect(diff.type).toBe('OrderEdited');
    expect(diff.changes).toMatchObject({ edited: ['addressLine', 'city', 'governorate', 'lines'], corrected: ['addressLine', 'city'], governorate: { from: 'CAIRO', to: 'ALEXANDRIA' }, totals: { total: { from: 38000, to: 81000 } }, reason: 'customer moved' });
    expect(JSON.stringify(diff.changes)).not.toContain('Corniche');
  });

  it('of two edits on the revision they saw, one wins; the other is a 409 and appends nothing', async () => {
    const order = await placeOrder();
    const body = (quantity: number) => ({ lines: [{ itemId: order.items[0].itemId, quantity }], expectedRevision: order.revision });
    await t.request().post(`/api/admin/orders/${order.id}/edits`).set(auth()).send(body(3)).expect(200);
    const events = await t.eventCount();
    const late = await t.request().post(`/api/admin/orders/${order.id}/edits`).set(auth()).send(body(4)).expect(409);
    expect(late.body.message).toContain('changed meanwhile');
    expect(await t.eventCount()).toBe(events);
    const edits = (await t.store.readStream(`order-${order.id}`)).filter((e) => e.type === 'OrderEdited');
    expect(edits).toHaveLength(1);

    // Sent at once on the same revision: whichever lands second is refused, at the check or at the append.
    const racing = await placeOrder();
    const send = (quantity: number) => t.request().post(`/api/admin/orders/${racing.id}/edits`).set(auth()).send({ lines: [{ itemId: racing.items[0].itemId, quantity }], expectedRevision: racing.revision });
    const answers = await Promise.all([send(3), send(4)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await t.store.readStream(`order-${racing.id}`)).filter((e) => e.type === 'OrderEdited')).toHaveLength(1);
  });

  it('refuses an edit once the order shipped, with a 409 saying so', async () => {
    const order = await placeOrder();
    const shipped = (await t.request().post(`/api/admin/orders/${order.id}/status-changes`).set(auth()).send({ status: 'SHIPPED' }).expect(200)).body;
    const res = await t.request().post(`/api/admin/orders/${order.id}/edits`).set(auth()).send({ city: 'Maadi', expectedRevision: shipped.revision }).expect(409);
    expect(res.body.message).toMatch(/SHIPPED.*edited only while PLACED or CONFIRMED/);
  });

  it('refuses bad input with a 400 naming the field, appending nothing', async () => {
    const order = await placeOrder(1);
    const events = await t.eventCount();
    const send = (body: Record<string, unknown>) => t.request().post(`/api/admin/orders/${order.id}/edits`).set(auth()).send({ expectedRevision: order.revision, ...body });
    const named = async (body: Record<string, unknown>, field: string) => expect(JSON.stringify((await send(body).expect(400)).body)).toContain(field);
    await named({ lines: [{ itemId: order.items[0].itemId, quantity: 1e12 }] }, 'lines[0].quantity');
    await named({ lines: [{ itemId: order.items[0].itemId, quantity: 1, size: 'SIZE_1x1' }] }, 'lines[0].size');
    await named({ lines: [{ posterId: anime.posterId, size: 'SIZE_20x30', quantity: 1 }] }, 'lines[0].size');
    await named({ lines: [{ productId: 'no-such-addon', quantity: 1 }] }, 'lines[0].productId');
    // One poster to Alexandria breaks its minimum of two.
    await named({ governorate: 'ALEXANDRIA' }, 'governorate');
    await named({ governorate: 'ATLANTIS' }, 'governorate');
    await named({ notes: '<img src=x onerror=alert(1)>' }, 'notes');
    await named({ firstName: 'a\u0007b' }, 'firstName');
    await named({ city: 'Giza' , expectedRevision: 'soon' }, 'expectedRevision');
    await t.request().post(`/api/admin/orders/${order.id}/edits`).set(auth()).send({ city: 'Giza' }).expect(400);
    expect(await t.eventCount()).toBe(events);
    // An add-on with the poster (Salah at 999 since the first test): allowed in Cairo, priced as at placing.
    const addOn = (await send({ lines: [{ itemId: order.items[0].itemId, quantity: 1 }, { productId: frame.productId, quantity: 1 }] }).expect(200)).body;
    expect(addOn.after).toMatchObject({ subtotal: 999 + 99, shippingCost: 60, codFee: 20, total: 999 + 99 + 60 + 20 });
  });

  it('keeps staff notes encrypted, on the order page, searchable, and never on the tracking answer', async () => {
    const order = await placeOrder();
    const res = await t.request().post(`/api/admin/orders/${order.id}/notes`).set(auth()).send({ text: 'Called twice, asks for evening delivery' }).expect(201);
    expect(res.body).toMatchObject({ id: order.id, orderNumber: order.orderNumber });
    const [stored] = await t.dataSource.query(`SELECT data::text AS data FROM event_store.events WHERE event_type = 'OrderNoteAdded'`);
    expect(stored.data).not.toMatch(/evening/);
    expect(await t.waitForProjections()).toBe(true);
    const page = (await t.request().get(`/api/admin/orders/${order.id}`).set(auth()).expect(200)).body;
    expect(page.staffNotes).toEqual([expect.objectContaining({ text: 'Called twice, asks for evening delivery', author: 'admin' })]);
    const found = (await t.request().get('/api/admin/orders').query({ search: 'evening delivery' }).set(auth()).expect(200)).body.data;
    expect(found.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const tracking = await t.request().post('/api/public/orders/track').send({ orderNumber: order.orderNumber, phone: VALID_CHECKOUT.phone }).expect(200);
    expect(JSON.stringify(tracking.body)).not.toMatch(/evening|Called/);
    // The person's own data file holds the note and their edited details.
    const file = (await t.request().get('/api/admin/personal-data').query({ phone: VALID_CHECKOUT.phone }).set(auth()).expect(200)).body;
    expect(file.orders.find((o: { id: string }) => o.id === order.id).staffNotes.map((n: { text: string }) => n.text)).toEqual(['Called twice, asks for evening delivery']);
    expect(file.corrections).toContainEqual(expect.objectContaining({ fields: ['addressLine', 'city', 'governorate'], after: { addressLine: '9 Corniche', city: 'Alexandria', governorate: 'ALEXANDRIA' } }));
    for (const text of ['<b>hi</b>', 'bell\u0007', '', 42]) expect(JSON.stringify((await t.request().post(`/api/admin/orders/${order.id}/notes`).set(auth()).send({ text }).expect(400)).body)).toContain('text');
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { VALID_CHECKOUT, seedPoster } from '../../testing/seed-catalogue.js';

describe('fake-order defence (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let posterId: string;
  let otherPosterId: string;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const settings = (body: unknown) => t.request().put('/api/admin/order-screening/settings').set(auth()).send(body as object);
  const block = (body: unknown) => t.request().post('/api/admin/order-screening/blocked-phones').set(auth()).send(body as object);
  const cart = async (poster = posterId, quantity = 2) => (await t.request().post('/api/user/cart').send({ posterId: poster, size: 'SIZE_20x30', quantity }).expect(200)).body.cartId as string;
  const checkout = (cartId: string, phone: string) => t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, phone });
  const order = async (id: string) => {
    expect(await t.waitForProjections()).toBe(true);
    return (await t.request().get(`/api/admin/orders/${id}`).set(auth()).expect(200)).body;
  };

  beforeAll(async () => {
    t = await createTestApp();
    posterId = (await seedPoster(t.store, { category: 'ART', prices: { SIZE_20x30: 20000 } })).posterId; // 200 EGP
    otherPosterId = (await seedPoster(t.store, { category: 'ART', prices: { SIZE_20x30: 20000 } })).posterId;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the default thresholds, and records a change with who made it', async () => {
    const before = (await t.request().get('/api/admin/order-screening/settings').set(auth()).expect(200)).body;
    expect(before).toEqual({ reviewAfterRefusals: 2, duplicateWindowMinutes: 60, largeFirstOrderMinimum: 0, manyOrdersPerHour: 10 });
    const after = (await settings({ reviewAfterRefusals: 1, largeFirstOrderMinimum: 1000 }).expect(200)).body;
    expect(after).toEqual({ reviewAfterRefusals: 1, duplicateWindowMinutes: 60, largeFirstOrderMinimum: 1000, manyOrdersPerHour: 10 });
    const [changed] = await t.store.readStream('screeningsettings');
    expect(changed.data).toMatchObject({ settings: { reviewAfterRefusals: 1, duplicateWindowMinutes: 60, largeFirstOrderMinimum: 100000 }, by: { username: expect.any(String), role: 'owner' } });
  });

  it.each([
    [{ reviewAfterRefusals: -1 }, 'reviewAfterRefusals'],
    [{ reviewAfterRefusals: 2.5 }, 'reviewAfterRefusals'],
    [{ duplicateWindowMinutes: 1e12 }, 'duplicateWindowMinutes'],
    [{ duplicateWindowMinutes: '60' }, 'duplicateWindowMinutes'],
    [{ largeFirstOrderMinimum: -10 }, 'largeFirstOrderMinimum'],
    [{ largeFirstOrderMinimum: 1e20 }, 'largeFirstOrderMinimum'],
    [{ manyOrdersPerHour: 51 }, 'manyOrdersPerHour'],
    [{ manyOrdersPerHour: 2.5 }, 'manyOrdersPerHour'],
  ])('refuses settings %j with a 400 naming %s, and stores nothing', async (body, field) => {
    const count = await t.commandEventCount();
    const res = await settings(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.message)).toContain(field);
    expect(await t.commandEventCount()).toBe(count);
  });

  it.each([
    [{ phone: '12345', reason: 'FAKE_ORDERS' }, 'phone'],
    [{ phone: '0101234567x', reason: 'FAKE_ORDERS' }, 'phone'],
    [{ phone: 42, reason: 'FAKE_ORDERS' }, 'phone'],
    [{ phone: '01012345678', reason: 'he is rude' }, 'reason'],
    [{ phone: '01012345678' }, 'reason'],
  ])('refuses a block %j with a 400 naming %s', async (body, field) => {
    const count = await t.commandEventCount();
    const res = await block(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.message)).toContain(field);
    expect(await t.commandEventCount()).toBe(count);
  });

  it('a blocked phone cannot check out (a neutral refusal); the block is kept per person, the phone encrypted; lifted, it can', async () => {
    const blocked = (await block({ phone: '+20 100 765 4321', reason: 'FAKE_ORDERS' }).expect(201)).body;
    expect(blocked).toMatchObject({ phone: '01007654321', reason: 'FAKE_ORDERS', blockedByRole: 'owner' });
    const streams: { stream_name: string; data: string }[] = await t.dataSource.query(`SELECT stream_name, data::text AS data FROM event_store.events WHERE event_type = 'PhoneBlocked'`);
    expect(streams).toEqual([{ stream_name: `phoneblock-${blocked.id}`, data: expect.not.stringContaining('7654321') }]);

    const cartId = await cart();
    const count = await t.commandEventCount();
    const refused = await checkout(cartId, '0100 765 4321');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CHECKOUT_NOT_ACCEPTED');
    expect(refused.body.message).not.toMatch(/block/i);
    expect(await t.commandEventCount()).toBe(count);

    expect(await t.waitForProjections()).toBe(true);
    const list = (await t.request().get('/api/admin/order-screening/blocked-phones').set(auth()).expect(200)).body;
    expect(list.data).toEqual([expect.objectContaining({ id: blocked.id, phone: '01007654321', reason: 'FAKE_ORDERS', blockedByRole: 'owner' })]);

    await t.request().delete(`/api/admin/order-screening/blocked-phones/${blocked.id}`).set(auth()).expect(200);
    await t.request().delete(`/api/admin/order-screening/blocked-phones/${blocked.id}`).set(auth()).expect(404);
    await checkout(cartId, '01007654321').expect(200);
    expect(await t.waitForProjections()).toBe(true);
    expect((await t.request().get('/api/admin/order-screening/blocked-phones').set(auth()).expect(200)).body.data).toEqual([]);
    // The person's right of access shows the block and its lifting.
    const file = (await t.request().get('/api/admin/personal-data').query({ phone: '01007654321' }).set(auth()).expect(200)).body;
    expect(file.phoneBlocks.map((b: { change: string; phone: string | null; reason: string | null }) => [b.change, b.phone, b.reason])).toEqual([
      ['blocked', '01007654321', 'FAKE_ORDERS'],
      ['unblocked', null, null],
    ]);
  });

  it('blocking a phone flags the orders already placed from it, and sets them apart in the call queue; lifted, the flag goes', async () => {
    const placed = (await checkout(await cart(), '01009998877').expect(200)).body as { orderId: string; orderNumber: string };
    expect((await order(placed.orderId)).screening.flags).not.toContain('PHONE_BLOCKED');
    const blocked = (await block({ phone: '0100 999 8877', reason: 'FAKE_ORDERS' }).expect(201)).body;
    expect((await order(placed.orderId)).screening.flags).toContain('PHONE_BLOCKED');
    const queue = (await t.request().get('/api/admin/orders').query({ status: 'PLACED', paymentMethod: 'COD', sort: 'oldest', size: 50 }).set(auth()).expect(200)).body.data as Array<{ id: string; screening: { flags: string[] } }>;
    expect(queue.find((o) => o.id === placed.orderId)?.screening.flags).toContain('PHONE_BLOCKED');
    await t.request().delete(`/api/admin/order-screening/blocked-phones/${blocked.id}`).set(auth()).expect(200);
    expect((await order(placed.orderId)).screening.flags).not.toContain('PHONE_BLOCKED');
  });

  it('flags the same person ordering the same lines again as a likely duplicate, and a large first order; never refuses them', async () => {
    await settings({ largeFirstOrderMinimum: 300 }).expect(200); // two 200 EGP posters are above it
    const phone = '01112223334';
    const first = (await checkout(await cart(), phone).expect(200)).body;
    const again = (await checkout(await cart(), '+201112223334').expect(200)).body;
    const other = (await checkout(await cart(otherPosterId), phone).expect(200)).body;
    expect((await order(first.orderId)).screening).toEqual({ flags: ['LARGE_FIRST_ORDER'], duplicateOf: null });
    expect((await order(again.orderId)).screening).toEqual({ flags: ['LIKELY_DUPLICATE'], duplicateOf: first.orderNumber });
    expect((await order(other.orderId)).screening).toEqual({ flags: [], duplicateOf: null });
  });

  it('one person checking out many times at once: every order is screened, and all but the first are duplicates', async () => {
    const phone = '01098765432';
    const carts = await Promise.all(Array.from({ length: 24 }, () => cart()));
    const placed = await Promise.all(carts.map(async (id) => (await checkout(id, phone).expect(200)).body as { orderId: string; orderNumber: string }));
    const screenings = await Promise.all(placed.map(async (o) => (await order(o.orderId)).screening as { flags: string[]; duplicateOf: string | null } | null));
    const firsts = screenings.filter((s) => !s?.flags.includes('LIKELY_DUPLICATE'));
    expect(firsts).toHaveLength(1);
    const numbers = new Set(placed.map((o) => o.orderNumber));
    for (const s of screenings) if (s?.flags.includes('LIKELY_DUPLICATE')) expect(numbers.has(s.duplicateOf!)).toBe(true);
  });

  it('a phone with refusals past the threshold needs review in the call queue', async () => {
    const phone = '01223334445';
    const refusedOne = (await checkout(await cart(), phone).expect(200)).body;
    for (const status of ['SHIPPED', 'REFUSED']) await t.request().patch(`/api/admin/orders/${refusedOne.orderId}/status`).set(auth()).send({ status }).expect(200);
    // The refusals are read from the COD risk read model: once the projector has applied the refusal.
    expect(await t.waitForProjections()).toBe(true);
    const next = (await checkout(await cart(otherPosterId), phone).expect(200)).body;
    expect((await order(next.orderId)).screening.flags).toEqual(['NEEDS_REVIEW']);
    const queue = (await t.request().get(`/api/admin/orders?status=PLACED&paymentMethod=COD&sort=oldest&search=${phone}`).set(auth()).expect(200)).body.data;
    expect(queue.find((o: { id: string }) => o.id === next.orderId).screening.flags).toContain('NEEDS_REVIEW');
  });

  it('places every order of one phone past the hourly number, however the phone is written, and flags those beyond it', async () => {
    await settings({ manyOrdersPerHour: 2 }).expect(200);
    try {
      // Other lines each time (no duplicates), each below the large-first-order minimum set above.
      const phones = ['01555666777', '+20 155 566 6777', '٠١٥٥٥٦٦٦٧٧٧', '00201555666777'];
      const placed = [];
      for (const [i, phone] of phones.entries()) placed.push((await checkout(await cart(otherPosterId, i + 1), phone).expect(200)).body as { orderId: string });
      const flags = [];
      for (const o of placed) flags.push((await order(o.orderId)).screening.flags);
      expect(flags).toEqual([[], [], ['MANY_ORDERS_FROM_PHONE'], ['MANY_ORDERS_FROM_PHONE']]);
    } finally {
      await settings({ manyOrdersPerHour: 10 }).expect(200);
    }
  });
});

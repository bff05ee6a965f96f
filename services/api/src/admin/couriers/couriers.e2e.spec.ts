import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';

interface Order {
  orderId: string;
  orderNumber: string;
  phone: string;
}

/** Couriers, shipping with one, its status/settlement file and the cash it owes (HTTP, real stack). */
describe('couriers and their settlement files (HTTP, real stack)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  let posterId: string;
  let bosta: string;
  let phones = 0;
  // A courier's line is dated between the ship day and today (shop days): read after shipping, it is both.
  const todayInCairo = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());

  async function placeOrder(): Promise<Order> {
    const phone = `0101000${String(++phones).padStart(4, '0')}`;
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send({ ...VALID_CHECKOUT, phone }).expect(200);
    return { orderId: res.body.orderId, orderNumber: res.body.orderNumber, phone };
  }
  const ship = (o: Order, trackingNumber: string, courierId = bosta) =>
    t.request().post(`/api/admin/orders/${o.orderId}/status-changes`).set(auth()).send({ status: 'SHIPPED', courierId, trackingNumber });
  const upload = (csv: string | Buffer, courierId = bosta) =>
    t.request().post(`/api/admin/couriers/${courierId}/settlements`).set(auth()).attach('file', Buffer.isBuffer(csv) ? csv : Buffer.from(csv), { filename: 'bosta.csv', contentType: 'text/csv' });
  /** Polls the import's progress until its lines are all recorded on their orders (no fixed sleep: the projector's pace decides). */
  const settled = async (importId: string, courierId = bosta) => {
    for (;;) {
      const res = await t.request().get(`/api/admin/couriers/${courierId}/settlements/${importId}`).set(auth());
      if (res.status === 200 && res.body.finished) return res.body;
      if (res.status !== 404 && res.status !== 200) throw new Error(`progress answered ${res.status}`);
      await new Promise((r) => setImmediate(r));
    }
  };
  const totalOf = async (o: Order): Promise<number> => {
    expect(await t.waitForProjections()).toBe(true);
    return (await t.request().get(`/api/admin/orders/${o.orderId}`).set(auth()).expect(200)).body.total;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } }));
  });
  afterAll(() => t?.close());

  it('adds a courier with an https tracking link; a bad link or name is a 400 naming the field', async () => {
    const added = await t.request().post('/api/admin/couriers').set(auth()).send({ name: 'Bosta', trackingUrlTemplate: 'https://bosta.co/tracking-shipments?shipment-number={tracking}' }).expect(201);
    bosta = added.body.id;
    expect(added.body).toEqual({ id: expect.any(String), name: 'Bosta', trackingUrlTemplate: 'https://bosta.co/tracking-shipments?shipment-number={tracking}' });
    const http = await t.request().post('/api/admin/couriers').set(auth()).send({ name: 'Aramex', trackingUrlTemplate: 'http://aramex.com/{tracking}' }).expect(400);
    expect(http.body.fieldErrors).toEqual({ trackingUrlTemplate: 'must start with https://' });
    const noPlaceholder = await t.request().post('/api/admin/couriers').set(auth()).send({ name: 'Aramex', trackingUrlTemplate: 'https://aramex.com/track' }).expect(400);
    expect(noPlaceholder.body.fieldErrors).toEqual({ trackingUrlTemplate: expect.stringContaining('{tracking}') });
    expect((await t.request().post('/api/admin/couriers').set(auth()).send({ name: 'bosta' }).expect(400)).body.fieldErrors).toEqual({ name: expect.any(String) });
    const renamed = await t.request().patch(`/api/admin/couriers/${bosta}`).set(auth()).send({ name: 'Bosta ' }).expect(200);
    expect(renamed.body.name).toBe('Bosta');
    expect(await t.waitForProjections()).toBe(true);
    expect((await t.request().get('/api/admin/couriers').set(auth()).expect(200)).body).toEqual([added.body]);
  });

  it('once the shop has a courier, shipping without one and a tracking number is a 400 naming them on either route, the order unmoved', async () => {
    const o = await placeOrder();
    const fields = { courierId: expect.any(String), trackingNumber: expect.any(String) };
    expect((await t.request().patch(`/api/admin/orders/${o.orderId}/status`).set(auth()).send({ status: 'SHIPPED' }).expect(400)).body.fieldErrors).toEqual(fields);
    expect((await t.request().post(`/api/admin/orders/${o.orderId}/status-changes`).set(auth()).send({ status: 'SHIPPED' }).expect(400)).body.fieldErrors).toEqual(fields);
    expect((await ship(o, '').expect(400)).body.fieldErrors).toEqual({ trackingNumber: expect.any(String) });
    expect((await t.store.readStream(`order-${o.orderId}`)).map((e) => e.type)).toEqual(['OrderPlaced']);
    // Other moves still need none.
    await t.request().patch(`/api/admin/orders/${o.orderId}/status`).set(auth()).send({ status: 'CONFIRMED' }).expect(200);
  });

  it('ships with a courier and tracking number, which the tracking page links to; an unknown courier is a 400 naming courierId', async () => {
    const o = await placeOrder();
    const unknown = await ship(o, 'X1', '00000000-0000-4000-8000-00000000dead').expect(400);
    expect(unknown.body.fieldErrors).toEqual({ courierId: expect.any(String) });
    expect((await ship(o, '=1+1').expect(400)).body.fieldErrors).toEqual({ trackingNumber: expect.any(String) });
    await ship(o, 'BOS 77/1').expect(200);
    const [, moved] = await t.store.readStream(`order-${o.orderId}`);
    expect(moved.data).toMatchObject({ to: 'SHIPPED', courier: { courierId: bosta, name: 'Bosta' }, trackingNumber: 'BOS 77/1' });
    expect(await t.waitForProjections()).toBe(true);
    const tracked = await t.request().post('/api/public/orders/track').send({ orderNumber: o.orderNumber, phone: o.phone }).expect(200);
    expect(tracked.body.courierTracking).toEqual({ courier: 'Bosta', trackingNumber: 'BOS 77/1', url: 'https://bosta.co/tracking-shipments?shipment-number=BOS%2077%2F1' });
    // The order's page in the back office says the same.
    const page = await t.request().get(`/api/admin/orders/${o.orderNumber}`).set(auth()).expect(200);
    expect(page.body.courierTracking).toEqual(tracked.body.courierTracking);
  });

  it('a file delivers two orders and refuses one, lists what it cannot apply, and importing it again changes nothing', async () => {
    const [a, b, c, placedOnly] = [await placeOrder(), await placeOrder(), await placeOrder(), await placeOrder()];
    for (const [o, n] of [[a, 'A-1'], [b, 'B-2'], [c, 'C-3']] as const) await ship(o, n).expect(200);
    const [ta, tb] = [await totalOf(a), await totalOf(b)];
    const today = todayInCairo();
    const csv = [
      'Tracking Number,State,COD,Bosta Fees,Updated At',
      `A-1,Delivered,${ta},30,${today}`,
      `B-2,delivered,${tb},25.50,${today}T10:00:00+02:00`,
      `C-3,Returned to business,0,20,${today}`,
      `Z-9,delivered,100,10,${today}`,
      `C-3,delivered,${ta},30,${today}`,
    ].join('\n');
    const first = await upload(csv).expect(200);
    expect(first.body).toMatchObject({ importId: expect.any(String), applied: 3, unchanged: 0, unmatched: 1, contradictory: 1, rejected: 0 });
    // One decision: line 6 is judged on C-3 as line 4 leaves it (refused), as a second file would be.
    expect(first.body.lines.map((l: { line: number; outcome: string; effect: string | null; orderNumber: string | null }) => [l.line, l.outcome, l.effect, l.orderNumber])).toEqual([
      [2, 'applied', 'delivered', a.orderNumber], [3, 'applied', 'delivered', b.orderNumber], [4, 'applied', 'refused', c.orderNumber], [5, 'unmatched', null, null], [6, 'contradictory', null, c.orderNumber],
    ]);
    // The whole decision is one event on the courier's settlements stream; the orders follow from it.
    const [imported] = await t.store.readStream(`settlements-${bosta}`);
    expect(imported).toMatchObject({ type: 'SettlementImported', data: { importId: first.body.importId, fileHash: first.body.fileHash, lines: expect.arrayContaining([expect.objectContaining({ line: 6, outcome: 'contradictory' })]) } });
    expect(await settled(first.body.importId)).toMatchObject({ lines: 5, toApply: 3, done: 3, finished: true, applied: 3, unchanged: 0, unmatched: 1, contradictory: 1, rejected: 0 });
    expect(await t.waitForProjections()).toBe(true);
    const statuses = await Promise.all([a, b, c, placedOnly].map(async (o) => (await t.request().get(`/api/admin/orders/${o.orderId}`).set(auth())).body.status));
    expect(statuses).toEqual(['DELIVERED', 'DELIVERED', 'REFUSED', 'PLACED']);
    const refused = (await t.store.readStream(`order-${c.orderId}`)).find((e) => e.type === 'OrderStatusChanged' && (e.data as { to: string }).to === 'REFUSED');
    expect(refused?.data).toMatchObject({ courier: { courierId: bosta, name: 'Bosta' }, trackingNumber: 'C-3', by: { username: 'admin' }, reason: expect.stringContaining('Refused at the door') });
    // The reactor, which may only read keys, sealed its reason under the order's own subject.
    const [placedC] = await t.store.readStream(`order-${c.orderId}`, { maxCount: 1 });
    expect(refused?.metadata.subjectId).toBe(placedC.metadata.subjectId);
    const [stored] = await t.dataSource.query(`SELECT data::text AS data FROM event_store.events WHERE event_id = $1`, [refused?.id]);
    expect(stored.data).not.toContain('Refused at the door');
    // The trail names the courier as the actor of the moves its file made, not the admin who imported it.
    const trail = (await t.request().get(`/api/admin/orders/${a.orderId}/history`).set(auth()).expect(200)).body.events as Array<{ type: string; actor: unknown; changes: { status?: { to: string } } }>;
    expect(trail.filter((h) => h.type === 'OrderStatusChanged').map((h) => [h.changes.status?.to, h.actor])).toEqual([
      ['SHIPPED', { kind: 'admin', id: 'admin', role: 'owner' }],
      ['DELIVERED', { kind: 'courier', id: 'Bosta' }],
    ]);

    const cash = (await t.request().get('/api/admin/dashboard/couriers').set(auth()).expect(200)).body;
    expect(cash).toEqual([{ id: bosta, name: 'Bosta', parcelsOut: 1, delivered: 2, refused: 1, owed: ta + tb - 30 - 25.5, settled: 0, fees: 30 + 25.5 + 20 }]);

    const before = await t.eventCount();
    const again = await upload(csv).expect(200);
    expect(again.body).toMatchObject({ fileHash: first.body.fileHash, applied: 0, unchanged: 3, unmatched: 1, contradictory: 1 });
    expect(await settled(again.body.importId)).toMatchObject({ toApply: 0, finished: true, unchanged: 3 });
    // The import's own record, and nothing on any order.
    expect(await t.eventCount()).toBe(before + 1);

    const paid = await upload(`tracking,status,collected,fee,date\nA-1,settled,${ta},30,${today}\n`).expect(200);
    expect(paid.body).toMatchObject({ applied: 1, lines: [expect.objectContaining({ effect: 'paid' })] });
    await settled(paid.body.importId);
    expect(await t.waitForProjections()).toBe(true);
    expect((await t.request().get('/api/admin/dashboard/couriers').set(auth()).expect(200)).body[0]).toMatchObject({ owed: tb - 25.5, settled: ta - 30 });
  });

  it('refuses a line dated after today, or before its parcel was shipped, naming the dates; the other lines apply', async () => {
    const [a, b, c] = [await placeOrder(), await placeOrder(), await placeOrder()];
    for (const [o, n] of [[a, 'D-1'], [b, 'D-2'], [c, 'D-3']] as const) await ship(o, n).expect(200);
    const total = await totalOf(a);
    const today = todayInCairo();
    const csv = ['tracking,status,collected,fee,date', `D-1,delivered,${total},30,2099-01-01`, `D-2,delivered,${total},30,2020-01-01`, `D-3,delivered,${total},30,${today}`].join('\n');
    const res = await upload(csv).expect(200);
    expect(res.body).toMatchObject({ applied: 1, rejected: 2 });
    expect(res.body.lines.map((l: { outcome: string; message: string | null }) => [l.outcome, l.message])).toEqual([
      ['rejected', `${a.orderNumber}: dated 2099-01-01, after today (${today})`],
      ['rejected', `${b.orderNumber}: dated 2020-01-01, before it was shipped on ${today}`],
      ['applied', null],
    ]);
    expect(await settled(res.body.importId)).toMatchObject({ toApply: 1, done: 1, applied: 1, rejected: 2 });
    expect(await t.waitForProjections()).toBe(true);
    const statuses = await Promise.all([a, b, c].map(async (o) => (await t.request().get(`/api/admin/orders/${o.orderId}`).set(auth())).body.status));
    expect(statuses).toEqual(['SHIPPED', 'SHIPPED', 'DELIVERED']);
    // The order's trail says which file line moved it.
    const history = (await t.request().get(`/api/admin/orders/${c.orderId}/history`).set(auth()).expect(200)).body;
    expect(JSON.stringify(history)).toContain('SettlementLineRecorded');
  });

  it('a parcel refused by the file gives its promo code use back, as a refusal typed by hand does', async () => {
    await t.request().post('/api/admin/promocodes').set(auth()).send({ code: 'COURIER1', percentOff: 10, usageLimit: 1 }).expect(201);
    const cartId = (await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200)).body.cartId;
    await t.request().post('/api/user/cart/promocode/apply?code=COURIER1').set('X-Cart-Id', cartId).expect(200);
    const placed = (await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, phone: '01010009999' }).expect(200)).body;
    await ship({ orderId: placed.orderId, orderNumber: placed.orderNumber, phone: '01010009999' }, 'P-1').expect(200);
    expect(await t.waitForProjections()).toBe(true);
    const res = await upload(`tracking,status,collected,fee,date\nP-1,refused,0,20,${todayInCairo()}\n`).expect(200);
    expect(await settled(res.body.importId)).toMatchObject({ applied: 1 });
    expect((await t.store.readStream('promouse-COURIER1')).map((e) => e.type)).toEqual(['PromoCodeUsed', 'PromoCodeUseReturned']);
  });

  it('refuses hostile files with a 400 naming the field, changing nothing', async () => {
    const before = await t.eventCount();
    const cases: Array<[string | Buffer, Record<string, unknown>]> = [
      ['tracking,status,collected,date\nA-1,delivered,1,2026-11-20\n', { file: expect.stringContaining('fee') }],
      ['tracking,status,collected,fee,date\nA-1,delivered,=HYPERLINK("http://x"),0,2026-11-20\n', { 'line 2 collected': expect.stringContaining('formula') }],
      ['tracking,status,collected,fee,date\n+A-1,delivered,1,0,2026-11-20\n', { 'line 2 tracking': expect.stringContaining('formula') }],
      [`tracking,status,collected,fee,date\n${'A'.repeat(5000)},delivered,1,0,2026-11-20\n`, { file: expect.stringContaining('longer') }],
      [Buffer.alloc(1_000_001, 'a'), { file: expect.stringContaining('at most') }],
    ];
    for (const [csv, fieldErrors] of cases) expect((await upload(csv).expect(400)).body.fieldErrors).toEqual(fieldErrors);
    expect((await t.request().post(`/api/admin/couriers/${bosta}/settlements`).set(auth()).expect(400)).body.fieldErrors).toEqual({ file: 'is required' });
    await upload('tracking,status,collected,fee,date\nA-1,delivered,1,0,2026-11-20\n', '00000000-0000-4000-8000-00000000dead').expect(404);
    expect(await t.eventCount()).toBe(before);
  });
});

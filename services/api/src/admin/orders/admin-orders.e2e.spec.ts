import { MONEY_FIGURE_NAMES, MONEY_FIGURES } from '#domain/money/figures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';

/** The orders back-office on the real stack: checkout through HTTP, the real projector, the admin reads. */
describe('admin orders, history, exports, dashboard, event log (HTTP, real stack)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const orders: Array<{ orderId: string; orderNumber: string }> = [];

  async function placeOrder(customer: Partial<typeof VALID_CHECKOUT>, posterId: string, quantity = 2) {
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity }).expect(200);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send({ ...VALID_CHECKOUT, ...customer }).expect(200);
    return { orderId: res.body.orderId as string, orderNumber: res.body.orderNumber as string };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const { posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } });
    orders.push(await placeOrder({ firstName: 'Mona', phone: '01011111111' }, posterId));
    orders.push(await placeOrder({ firstName: '=HYPERLINK("http://evil")', lastName: 'Sayed', phone: '01022222222', addressLine: 'Street 9, "Block" B' }, posterId, 3));
    orders.push(await placeOrder({ firstName: 'Omar', phone: '01033333333', governorate: 'GIZA', city: 'Giza' }, posterId));
    expect(await t.waitForProjections()).toBe(true);
  });
  afterAll(() => t.close());

  it('lists every order with items and the spec page fields', async () => {
    const res = await t.request().get('/api/admin/orders').set(auth()).expect(200);
    expect(res.body.data).toHaveLength(3);
    expect(res.body).toMatchObject({ currentPage: 1, totalItems: 3, totalPages: 1, hasNextPage: false, hasPreviousPage: false });
    // Latest first by default.
    expect(res.body.data[0].orderNumber).toBe(orders[2].orderNumber);
    const mona = res.body.data.find((o: { orderNumber: string }) => o.orderNumber === orders[0].orderNumber);
    expect(mona).toMatchObject({ status: 'PLACED', firstName: 'Mona', phone: '01011111111', subtotal: 400, codFee: 20, paymentMethod: 'COD' });
    expect(mona.items[0]).toMatchObject({ size: 'SIZE_20x30', quantity: 2, unitPrice: 200 });
  });

  it('filters by status, search, dates (to inclusive to the end of the day) and sorts', async () => {
    // Calendar days are Cairo days.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
    const search = await t.request().get('/api/admin/orders').query({ search: '01033333333' }).set(auth()).expect(200);
    expect(search.body.data.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([orders[2].orderNumber]);
    const byName = await t.request().get('/api/admin/orders').query({ search: 'mona' }).set(auth()).expect(200);
    expect(byName.body.data).toHaveLength(1);
    const window = await t.request().get('/api/admin/orders').query({ dateFrom: today, dateTo: today }).set(auth()).expect(200);
    expect(window.body.data).toHaveLength(3);
    const past = await t.request().get('/api/admin/orders').query({ dateTo: '2020-01-01' }).set(auth()).expect(200);
    expect(past.body.data).toHaveLength(0);
    const oldest = await t.request().get('/api/admin/orders').query({ sort: 'oldest' }).set(auth()).expect(200);
    expect(oldest.body.data[0].orderNumber).toBe(orders[0].orderNumber);
    const byTotal = await t.request().get('/api/admin/orders').query({ sort: 'total_desc' }).set(auth()).expect(200);
    expect(byTotal.body.data[0].orderNumber).toBe(orders[1].orderNumber);
    const paged = await t.request().get('/api/admin/orders').query({ page: 2, size: 2 }).set(auth()).expect(200);
    expect(paged.body).toMatchObject({ currentPage: 2, totalPages: 2, hasPreviousPage: true, hasNextPage: false });
    expect(paged.body.data).toHaveLength(1);
    // Pages past the middle are read from the far end: same rows, same order.
    const lastOfOldest = await t.request().get('/api/admin/orders').query({ sort: 'oldest', page: 3, size: 1 }).set(auth()).expect(200);
    expect(lastOfOldest.body.data.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([orders[2].orderNumber]);
    const pastTheEnd = await t.request().get('/api/admin/orders').query({ page: 9, size: 2 }).set(auth()).expect(200);
    expect(pastTheEnd.body).toMatchObject({ data: [], totalItems: 3, currentPage: 9, totalPages: 2 });
    // 'Count Sizes': quantities 2 + 3 + 2 of SIZE_20x30, all PLACED; the list's filters apply.
    const sizes = await t.request().get('/api/admin/orders/size-distribution').set(auth()).expect(200);
    expect(sizes.body).toEqual([{ size: '20x30', count: 7 }]);
    const monaSizes = await t.request().get('/api/admin/orders/size-distribution').query({ search: 'mona' }).set(auth()).expect(200);
    expect(monaSizes.body).toEqual([{ size: '20x30', count: 2 }]);
  });

  it('refuses malformed filters with 400', async () => {
    for (const query of [{ status: 'LOST' }, { dateFrom: 'yesterday' }, { dateTo: '2024-02-31' }, { sort: 'random' }, { page: '0' }, { size: '99999' }]) {
      const res = await t.request().get('/api/admin/orders').query(query).set(auth());
      expect([res.status, query]).toEqual([400, query]);
    }
  });

  it('gets one order by id or by order number, 404 otherwise', async () => {
    const byId = await t.request().get(`/api/admin/orders/${orders[0].orderId}`).set(auth()).expect(200);
    expect(byId.body.orderNumber).toBe(orders[0].orderNumber);
    const byNumber = await t.request().get(`/api/admin/orders/${orders[0].orderNumber}`).set(auth()).expect(200);
    expect(byNumber.body.id).toBe(orders[0].orderId);
    await t.request().get('/api/admin/orders/PS-NOPE-NOPE').set(auth()).expect(404);
  });

  it('changes the status from the query or the body, acted by the admin, and keeps the audit trail', async () => {
    const viaQuery = await t.request().patch(`/api/admin/orders/${orders[0].orderId}/status?status=SHIPPED`).set(auth()).expect(200);
    expect(viaQuery.body).toMatchObject({ status: 'SHIPPED', previousStatus: 'PLACED', changed: true });
    const viaBody = await t.request().patch(`/api/admin/orders/${orders[2].orderId}/status`).set(auth()).send({ status: 'CANCELED', reason: 'customer called' }).expect(200);
    expect(viaBody.body.status).toBe('CANCELED');
    const events = await t.store.readStream(`order-${orders[2].orderId}`);
    expect(events.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderStatusChanged']);
    expect(events[1].data).toMatchObject({ from: 'PLACED', to: 'CANCELED', reason: 'customer called' });
    expect(events[1].metadata.actor).toEqual({ kind: 'admin', id: 'admin' });

    await t.waitForProjections(viaBody.headers['x-event-position']);
    const history = await t.request().get(`/api/admin/orders/${orders[2].orderId}/history`).set(auth()).expect(200);
    expect(history.body.events.map((e: { type: string }) => e.type)).toEqual(['OrderPlaced', 'OrderStatusChanged']);
    expect(history.body.events[1]).toMatchObject({ actor: { kind: 'admin', id: 'admin' }, changes: { status: { from: 'PLACED', to: 'CANCELED' } } });
    expect(history.body.events[0].actor.kind).toBe('shopper');
    expect(Date.parse(history.body.events[1].time)).not.toBeNaN();
  });

  it('refuses a bad status (400) and an unknown order (404), appending nothing', async () => {
    const before = await t.eventCount();
    const bad = await t.request().patch(`/api/admin/orders/${orders[1].orderId}/status`).set(auth()).send({ status: 'LOST' }).expect(400);
    expect(bad.body.message).toBe('Status must be one of PLACED, CONFIRMED, SHIPPED, DELIVERED, REFUSED, RETURNED, CANCELED');
    await t.request().patch(`/api/admin/orders/${orders[1].orderId}/status`).set(auth()).send({}).expect(400);
    await t.request().patch('/api/admin/orders/6f1c3d2a-8b4e-4a7f-9c1d-2e3f4a5b6c7d/status?status=SHIPPED').set(auth()).expect(404);
    expect(await t.eventCount()).toBe(before);
  });

  it('exports the orders as CSV with the contract columns, escaping and the formula guard', async () => {
    const res = await t.request().get('/api/admin/orders/export').set(auth()).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders_\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Order Number,Date (Cairo),Customer Name,Phone,Email,Address,Governorate,Status,Payment Method,Promo Code,Subtotal,Promo Code Discount,Promotions Discount,Shipping,COD Fee,Total,Items,Notes');
    // Three orders, a totals row, and every money figure by its name.
    expect(lines).toHaveLength(5 + MONEY_FIGURES.length);
    expect(lines[4]).toMatch(/^Total,,3 orders,/);
    expect(lines.slice(5).map((l) => l.replace(/,\d+\.\d\d$/, ''))).toEqual(MONEY_FIGURES.map((f) => MONEY_FIGURE_NAMES[f].en));
    const evil = lines.find((l) => l.startsWith(orders[1].orderNumber))!;
    expect(evil).toContain(`"'=HYPERLINK(""http://evil"") Sayed"`);
    expect(evil).toContain('"Street 9, ""Block"" B, Building 4, Apt 7, Cairo",Cairo,');
    expect(evil).toMatch(/,PLACED,COD,,600\.00,0\.00,0\.00,\d+\.\d\d,20\.00,\d+\.\d\d,/);
    // The time as the shop's clock shows it, not UTC.
    expect(evil).toMatch(new RegExp(`^${orders[1].orderNumber},\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,`));
    // Items from the export's own aggregate query, and the rows in the list's order (latest first).
    expect(evil).toMatch(/ \(20x30\) x\d+,[^,]*$/);
    const list = await t.request().get('/api/admin/orders').set(auth()).expect(200);
    expect(lines.slice(1, 4).map((l) => l.split(',')[0])).toEqual(list.body.data.map((o: { orderNumber: string }) => o.orderNumber));
    const shippedOnly = await t.request().get('/api/admin/orders/export?status=SHIPPED').set(auth()).expect(200);
    expect(shippedOnly.text.split('\r\n').filter(Boolean)).toHaveLength(2 + 1 + MONEY_FIGURES.length);
  });

  it('runs a large export as a job with progress and a download link', async () => {
    const requested = await t.request().post('/api/admin/exports').set(auth()).send({ kind: 'orders', filters: { status: 'PLACED' } }).expect(202);
    const jobId = requested.body.jobId;
    let status;
    for (let i = 0; i < 100; i++) {
      status = (await t.request().get(`/api/admin/jobs/${jobId}`).set(auth()).expect(200)).body;
      if (status.state === 'completed' || status.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toMatchObject({ state: 'completed', progress: 100, downloadUrl: `/api/admin/jobs/${jobId}/download`, rows: 1 });
    const file = await t.request().get(status.downloadUrl).set(auth()).expect(200);
    expect(file.headers['content-disposition']).toMatch(/orders_\d{4}-\d{2}-\d{2}\.csv/);
    expect(file.text).toContain('Order Number,Date (Cairo),Customer Name');
    expect(file.text).toContain(orders[1].orderNumber);
    await t.request().post('/api/admin/exports').set(auth()).send({ kind: 'passwords' }).expect(400);
    await t.request().post('/api/admin/exports').set(auth()).send({ kind: 'orders', filters: { status: 'LOST' } }).expect(400);
    await t.request().get('/api/admin/jobs/does-not-exist').set(auth()).expect(404);
  });

  it('shows the dashboard figures', async () => {
    await t.waitForProjections();
    const res = await t.request().get('/api/admin/dashboard').set(auth()).expect(200);
    expect(res.body).toMatchObject({ activeOrders: 1, totalCustomers: 3, totalOrders: 3 });
    // Net sales: only the SHIPPED order counts, by its goods (2 × 200), without shipping and the COD fee;
    // its whole total is left to collect (out for delivery).
    expect(res.body.money).toMatchObject({ grossSales: 400, netSales: 400, deliveryFees: 80, codCashCollected: 0, leftToCollect: 480 });
    expect(res.body.recentOrders).toHaveLength(3);
    expect(res.body.ordersPerDay).toHaveLength(30);
    expect(res.body.ordersPerDay[29].orders).toBe(3);
    expect(res.body.thisMonth.orders).toBe(3);
    expect(res.body.ordersByGovernorate).toEqual([{ governorate: 'CAIRO', orders: 2, money: expect.objectContaining({ netSales: 400, codCashCollected: 0, leftToCollect: 480 }) }]);
  });

  it('lists customers with page fields, a page of at most 200', async () => {
    await t.request().get('/api/admin/customers?page=1&size=1000').set(auth()).expect(400, /size must be a whole number from 1 to 200/);
    const res = await t.request().get('/api/admin/customers?page=1&size=200').set(auth()).expect(200);
    expect(res.body.data).toHaveLength(3);
    expect(res.body.totalItems).toBe(3);
    expect(res.body.data.map((c: { phone: string }) => c.phone).sort()).toEqual(['01011111111', '01022222222', '01033333333']);
    // Keyed by data subject: the id a page links to names no one.
    for (const c of res.body.data as Array<{ id: string; phone: string }>) expect(c.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('browses the event log by stream, type and correlation id, and pages with a cursor', async () => {
    const byStream = await t.request().get('/api/admin/events').query({ stream: `order-${orders[0].orderId}` }).set(auth()).expect(200);
    expect(byStream.body.data.map((e: { type: string }) => e.type)).toEqual(['OrderPlaced', 'OrderStatusChanged']);
    const correlationId = byStream.body.data[1].correlationId;
    const byCorrelation = await t.request().get('/api/admin/events').query({ correlationId }).set(auth()).expect(200);
    expect(byCorrelation.body.data).toHaveLength(1);
    const placed = await t.request().get('/api/admin/events').query({ type: 'OrderPlaced', stream: 'order-*', limit: 2 }).set(auth()).expect(200);
    expect(placed.body).toMatchObject({ hasMore: true });
    const next = await t.request().get('/api/admin/events').query({ type: 'OrderPlaced', after: placed.body.nextCursor, limit: 2 }).set(auth()).expect(200);
    expect(next.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(next.body.data).toHaveLength(1);
    const future = await t.request().get('/api/admin/events').query({ from: '2999-01-01' }).set(auth()).expect(200);
    expect(future.body.data).toEqual([]);
    await t.request().get('/api/admin/events').query({ after: 'nonsense' }).set(auth()).expect(400);
  });

  it('exports a window of the log as NDJSON', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.request().get('/api/admin/events/export').query({ from: today, to: today, stream: 'order-*' }).set(auth()).buffer(true).parse((r, cb) => {
      let text = '';
      r.on('data', (c: Buffer) => (text += c.toString()));
      r.on('end', () => cb(null, text));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = (res.body as string).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.filter((e) => e.type === 'OrderPlaced')).toHaveLength(3);
    expect(lines.every((e) => e.stream.startsWith('order-'))).toBe(true);
  });

  it('shows projections with checkpoints and lag, and queues a rebuild request', async () => {
    const res = await t.request().get('/api/admin/projections').set(auth()).expect(200);
    const ordersProjection = res.body.find((p: { name: string }) => p.name === 'orders');
    expect(ordersProjection).toMatchObject({ state: 'running', lag: { events: expect.any(Number) } });
    expect(ordersProjection.checkpoint).toMatch(/^\d+\/\d+$/);
    const rebuild = await t.request().post('/api/admin/projections/orders/rebuild').set(auth()).expect(202);
    expect(rebuild.body).toMatchObject({ projection: 'orders', status: expect.stringMatching(/requested|building/) });
    const [row] = await t.dataSource.query(`SELECT projection FROM projector.rebuild_requests WHERE id = $1`, [rebuild.body.requestId]);
    expect(row.projection).toBe('orders');
    await t.request().post('/api/admin/projections/nope/rebuild').set(auth()).expect(404);
  });
});

import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';
import { pdfInfo, pdfText } from './pdf-tools.testing.js';
import { shopToday } from './shop-day.js';
import { latinLeaks } from '#domain/shared/customer-words.js';

interface Order {
  orderId: string;
  orderNumber: string;
}

/** Packing slips, labels and the courier manifest over HTTP on the real stack. */
describe('paperwork: packing slips, labels, courier manifest (HTTP, real stack)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  let posterId: string;
  const orders: Order[] = [];
  let arabicOrder: Order;

  async function placeOrder(customer: Partial<typeof VALID_CHECKOUT> & { language?: 'ar' | 'en' }, poster = posterId): Promise<Order> {
    const cart = await t.request().post('/api/user/cart').send({ posterId: poster, size: 'SIZE_30x40', quantity: 2 }).expect(200);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send({ ...VALID_CHECKOUT, ...customer }).expect(200);
    return { orderId: res.body.orderId, orderNumber: res.body.orderNumber };
  }
  const pdfOf = (res: { body: unknown }) => res.body as Buffer;
  // supertest buffers only text by default: a PDF is collected as bytes.
  const binary = (res: import('node:http').IncomingMessage, done: (err: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ posterId } = await seedPoster(t.store, { prices: { SIZE_30x40: 30000 } }));
    orders.push(await placeOrder({ firstName: 'منى', lastName: 'حسن', phone: '01011111111', addressLine: 'شارع 9 التحرير', city: 'المعادي' }));
    orders.push(await placeOrder({ firstName: 'علاء', lastName: 'عبد الله', phone: '01022222222' }));
    orders.push(await placeOrder({ firstName: '=HYPERLINK("x")', lastName: 'Karim', phone: '01033333333', notes: '+call first' } as Partial<typeof VALID_CHECKOUT>));
    orders.push(await placeOrder({ firstName: 'Put', lastName: 'Back', phone: '01044444444' }));
    // An Arabic shopper's order of a poster with an Arabic name: their slip goes into their parcel.
    const geometry = await seedPoster(t.store, { name: 'Islamic Geometry', nameAr: 'هندسة إسلامية', prices: { SIZE_30x40: 30000 } });
    arabicOrder = await placeOrder({ firstName: 'منى', lastName: 'حسن', phone: '01055555555', addressLine: 'شارع الجمهورية', building: '12', apartment: '4', city: 'المنصورة', language: 'ar' }, geometry.posterId);
    // The second order leaves with a courier and its tracking number; the others without, shipped
    // before the shop had a courier (once it has one, every parcel must name one).
    for (const o of orders.slice(2)) await t.request().patch(`/api/admin/orders/${o.orderId}/status`).set(auth()).send({ status: 'SHIPPED' }).expect(200);
    const courier = await t.request().post('/api/admin/couriers').set(auth()).send({ name: 'Bosta', trackingUrlTemplate: null }).expect(201);
    await t.request().post(`/api/admin/orders/${orders[1].orderId}/status-changes`).set(auth()).send({ status: 'SHIPPED', courierId: courier.body.id, trackingNumber: 'BST-778899' }).expect(200);
    // Shipped by mistake and put back: off the manifest.
    await t.request().post(`/api/admin/orders/${orders[3].orderId}/status-changes`).set(auth()).send({ status: 'PLACED', correction: true, reason: 'wrong parcel' }).expect(200);
    expect(await t.waitForProjections()).toBe(true);
  }, 120_000);
  afterAll(() => t?.close());

  it("prints one order's packing slip (A4) and label (10 × 15 cm) by number, with the Arabic name as typed", async () => {
    const slip = await t.request().get(`/api/admin/orders/${orders[0].orderNumber}/packing-slip`).set(auth()).buffer(true).parse(binary as never).expect(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    expect(slip.headers['cache-control']).toBe('no-store');
    expect(slip.headers['content-disposition']).toBe(`attachment; filename="packing-slip_${orders[0].orderNumber}.pdf"`);
    expect(pdfInfo(pdfOf(slip))).toMatchObject({ pages: 1, pageSize: expect.stringContaining('(A4)') });
    const text = pdfText(pdfOf(slip));
    expect(text).toContain('منى حسن');
    expect(text).toContain(orders[0].orderNumber);
    expect(text).toContain('01011111111');
    expect(text).toMatch(/COLLECT [\d,]+\.\d\d EGP/);
    expect(text).toContain('30x40');

    const label = await t.request().get(`/api/admin/orders/${orders[0].orderId}/packing-slip?paper=LABEL_10x15`).set(auth()).buffer(true).parse(binary as never).expect(200);
    expect(pdfInfo(pdfOf(label)).pageSize).toMatch(/^283\.\d+ x 425\.\d+ pts/);
    expect(pdfText(pdfOf(label))).toContain('منى حسن');
  });

  it("prints an Arabic customer's slip in Arabic, from the order's language and Arabic names in the read model: no Latin word but the order number", async () => {
    const slip = await t.request().get(`/api/admin/orders/${arabicOrder.orderNumber}/packing-slip`).set(auth()).buffer(true).parse(binary as never).expect(200);
    const text = pdfText(pdfOf(slip));
    expect(latinLeaks(text)).toEqual([]);
    expect(text).toContain(arabicOrder.orderNumber);
    for (const words of ['هندسة إسلامية', 'مبنى', 'شقة', 'المطلوب عند الاستلام', 'منتجان']) expect(text).toContain(words);
  });

  it('prints a batch as one PDF, one page per order in the order given', async () => {
    const res = await t.request().post('/api/admin/paperwork/packing-slips').set(auth()).send({ orders: [orders[1].orderNumber, orders[0].orderNumber.toLowerCase(), orders[2].orderNumber], paper: 'LABEL_10x15' })
      .buffer(true).parse(binary as never).expect(200);
    const pdf = pdfOf(res);
    expect(pdfInfo(pdf).pages).toBe(3);
    expect(pdfText(pdf, 1)).toContain('علاء عبد الله');
    // The courier and tracking number when known, and nothing in their place when not.
    expect(pdfText(pdf, 1)).toContain('Courier: Bosta');
    expect(pdfText(pdf, 1)).toContain('Tracking: BST-778899');
    expect(pdfText(pdf, 2)).toContain('منى حسن');
    expect(pdfText(pdf, 2)).not.toContain('Courier:');
    expect(pdfText(pdf, 3)).toContain('Karim');
  });

  it('refuses hostile batches with a 4xx naming the field', async () => {
    const post = (body: unknown) => t.request().post('/api/admin/paperwork/packing-slips').set(auth()).send(body as object);
    expect(JSON.stringify((await post({ orders: Array.from({ length: 201 }, (_, i) => `PS-${i}`) }).expect(400)).body.message)).toContain('orders: at most 200 orders in one batch');
    expect(JSON.stringify((await post({ orders: [] }).expect(400)).body.message)).toContain('orders must name at least one order');
    expect(JSON.stringify((await post({ orders: 'PS-1' }).expect(400)).body.message)).toContain('orders must be a list');
    expect(JSON.stringify((await post({ orders: [orders[0].orderNumber], paper: 'A3' }).expect(400)).body.message)).toContain('paper must be one of A4, LABEL_10x15');
    const unknown = await post({ orders: [orders[0].orderNumber, 'PS-NOPE-NOPE'] }).expect(404);
    expect(unknown.body.message).toBe('orders: no order PS-NOPE-NOPE');
    await t.request().get('/api/admin/orders/PS-NOPE-NOPE/packing-slip').set(auth()).expect(404);
    expect((await t.request().get(`/api/admin/orders/${orders[0].orderNumber}/packing-slip?paper=huge`).set(auth()).expect(400)).body.message).toContain('paper must be one of');
    for (const date of ['2026-02-30', 'yesterday', '20260101', '0000-01-01']) {
      expect((await t.request().get('/api/admin/paperwork/manifest.csv').query({ date }).set(auth()).expect(400)).body.message).toBe('date must be a day (YYYY-MM-DD)');
    }
  });

  it("lists the day's shipped orders in the manifest CSV, formula-safe, and as a PDF", async () => {
    const day = shopToday();
    const csv = await t.request().get('/api/admin/paperwork/manifest.csv').query({ date: day }).set(auth()).expect(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="manifest_${day}.csv"`);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Order Number,Customer Name,Phone,Governorate,City,Address,COD Amount,Items,Notes,Courier,Tracking Number');
    // Shipped today: the second and third orders, not the first (still placed) nor the fourth (put back).
    expect(lines.slice(1, -1).map((l) => l.split(',')[0]).sort()).toEqual([orders[1].orderNumber, orders[2].orderNumber].sort());
    expect(csv.text).not.toContain('منى');
    expect(csv.text).toContain('"\'=HYPERLINK(""x"") Karim"');
    expect(csv.text).toContain(',"\'+call first",');
    expect(lines.find((l) => l.startsWith(orders[1].orderNumber))).toMatch(/,Bosta,BST-778899$/);
    expect(lines.at(-1)).toMatch(/^Total,2 orders shipped/);

    const pdf = await t.request().get('/api/admin/paperwork/manifest.pdf').query({ date: day }).set(auth()).buffer(true).parse(binary as never).expect(200);
    expect(pdfText(pdfOf(pdf))).toContain('علاء عبد الله');
    const empty = await t.request().get('/api/admin/paperwork/manifest.csv').query({ date: '2001-01-01' }).set(auth()).expect(200);
    expect(empty.text.trim().split('\r\n')).toHaveLength(2);
  });
});

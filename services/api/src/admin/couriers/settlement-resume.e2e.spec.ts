import type { RecordedShopEvent } from '#read-models/projections/projection.js';
import { applySettlementImport, applySettlementLine } from '#read-models/projections/settlement.reactor.js';
import { waitForPosition } from '#read-models/wait-for-position.js';
import { newestStoredPosition } from '#platform/testing/test-database.js';
import { startInProcessProjector, type InProcessProjector } from '../../../../projector/src/testing/in-process-projector.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';

/**
 * A settlement import cut short: the import's decision is in the log, its lines half applied (as
 * a projector killed mid-way leaves them), and nothing else runs. Once a projector starts, the
 * rest applies by itself, and every parcel is delivered and paid once.
 */
describe('a settlement import finishes by itself after a crash (HTTP, real stack)', () => {
  let t: TestApp;
  let projector: InProcessProjector | undefined;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const caughtUp = async () => {
    expect(await waitForPosition(t.dataSource, await newestStoredPosition(t.config.databaseUrl), projector!.names, { timeoutMs: 20_000 })).toBe(true);
  };

  beforeAll(async () => {
    t = await createTestApp({ projector: false });
    projector = await startInProcessProjector(t.store, t.config.databaseUrl, 'before-crash');
  });
  afterAll(async () => {
    await projector?.stop().catch(() => undefined);
    await t?.close();
  });

  it('applies the lines a crash left, once each: 0 double payments, progress complete', async () => {
    const { posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } });
    const bosta = (await t.request().post('/api/admin/couriers').set(auth()).send({ name: 'Bosta' }).expect(201)).body.id as string;
    const orders: Array<{ orderId: string; tracking: string }> = [];
    for (let i = 0; i < 6; i++) {
      const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200);
      const placed = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send({ ...VALID_CHECKOUT, phone: `0102000${String(i).padStart(4, '0')}` }).expect(200);
      await t.request().post(`/api/admin/orders/${placed.body.orderId}/status-changes`).set(auth()).send({ status: 'SHIPPED', courierId: bosta, trackingNumber: `R-${i}` }).expect(200);
      orders.push({ orderId: placed.body.orderId, tracking: `R-${i}` });
    }
    await caughtUp();
    const total = (await t.request().get(`/api/admin/orders/${orders[0].orderId}`).set(auth()).expect(200)).body.total;

    // The projector goes down; the import is decided and recorded, and nothing applies it yet.
    await projector!.stop();
    projector = undefined;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
    const csv = ['tracking,status,collected,fee,date', ...orders.map((o) => `${o.tracking},settled,${total},30,${today}`)].join('\n');
    const answer = (await t.request().post(`/api/admin/couriers/${bosta}/settlements`).set(auth()).attach('file', Buffer.from(csv), { filename: 'bosta.csv', contentType: 'text/csv' }).expect(200)).body;
    expect(answer).toMatchObject({ importId: expect.any(String), applied: 6 });
    const [imported] = (await t.store.readStream(`settlements-${bosta}`)) as unknown as Array<RecordedShopEvent<'SettlementImported'>>;
    for (const o of orders) expect((await t.store.readStream(`order-${o.orderId}`)).map((e) => e.type)).toEqual(['OrderPlaced', 'OrderStatusChanged']);

    // A reactor killed after three lines: those three are on their orders, the others are not.
    for (const line of imported.data.lines.slice(0, 3)) await applySettlementLine(t.store, imported, line);

    projector = await startInProcessProjector(t.store, t.config.databaseUrl, 'after-crash');
    let progress;
    for (;;) {
      progress = (await t.request().get(`/api/admin/couriers/${bosta}/settlements/${answer.importId}`).set(auth())).body;
      if (progress.finished) break;
      await new Promise((r) => setImmediate(r));
    }
    expect(progress).toMatchObject({ lines: 6, toApply: 6, done: 6, applied: 6 });

    const typesOf = async (orderId: string) => (await t.store.readStream(`order-${orderId}`)).map((e) => e.type);
    for (const o of orders) {
      expect(await typesOf(o.orderId)).toEqual(['OrderPlaced', 'OrderStatusChanged', 'OrderStatusChanged', 'CourierCollectionRecorded', 'CourierPaymentRecorded', 'SettlementLineRecorded']);
    }

    // Applied again (a reactor replaying its batch after a crash before its checkpoint), nothing is appended.
    await caughtUp();
    const before = await t.eventCount();
    await applySettlementImport(t.store, imported);
    expect(await t.eventCount()).toBe(before);
    const cash = (await t.request().get('/api/admin/dashboard/couriers').set(auth()).expect(200)).body;
    expect(cash).toEqual([expect.objectContaining({ delivered: 6, owed: 0, settled: 6 * (total - 30), fees: 6 * 30 })]);
  });
});

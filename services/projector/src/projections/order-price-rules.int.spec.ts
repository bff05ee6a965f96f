import { randomUUID } from 'node:crypto';
import type { NewEvent } from '#event-store/event-store.port.js';
import { ProjectorRunner } from '../runner/runner.js';
import { createProjectorTestDb, waitForCheckpoints, type TestDb } from '../testing/projector-test-kit.js';
import { ordersProjection } from '#read-models/projections/orders.projection.js';
import { currentSchemaVersion } from '#domain/event-versions.js';

const shopper = { kind: 'shopper' as const, id: 'cart-v1' };

/** OrderPlaced as schema 1 wrote it: no priceRules anywhere. */
function orderPlacedV1(orderId: string, schemaVersion: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'OrderPlaced',
    data: {
      orderId, orderNumber: `PS-${orderId.toUpperCase()}`, cartId: `cart-${orderId}`, placedAt: '2026-03-01T10:00:00.000Z',
      customer: { firstName: 'Mona', lastName: 'Ali', phone: '01000000001', email: null, addressLine: '1 Nile St', building: '2', apartment: '3', city: 'Cairo', governorate: 'CAIRO', latitude: 30.1, longitude: 31.2, notes: null },
      paymentMethod: 'COD', promoCode: 'FOLLOW10', promoPercent: 10,
      items: [{ itemId: 'i1', kind: 'poster', posterId: 'p1', productId: null, variantId: 'v1', name: 'Totoro', category: 'ANIME', imageUrl: null, customImagePath: null, size: 'SIZE_50x70', quantity: 4, unitPrice: 35700, originalUnitPrice: 42000, discountPercentage: 15, lineTotal: 142800 }],
      totals: { subtotal: 168000, discountFromPromotions: 25200, discountFromPromoCode: 14280, shippingCost: 0, codFee: 2000, taxAmount: 15780, total: 130520 },
    },
    metadata: { correlationId: 'c', actor: shopper, occurredAt: '2026-03-01T10:00:00.000Z', schemaVersion },
  };
}

const expectedRules = [
  { rule: 'BASE_PRICE', unitPrice: 42000 },
  { rule: 'CATEGORY_DISCOUNT', percent: 15, category: 'ANIME' },
  { rule: 'PROMO_CODE', code: 'FOLLOW10', percent: 10 },
];

describe('an OrderPlaced of schema 1 in the log still reads and projects (docs/adr/008)', () => {
  let db: TestDb;
  let runner: ProjectorRunner | undefined;

  beforeAll(async () => {
    db = await createProjectorTestDb('v1');
  });
  afterAll(async () => {
    await runner?.stop();
    await db?.close();
  });

  it('reads it upcast to the current schema, while the log keeps it as written', async () => {
    await db.store.append('order-old1', [orderPlacedV1('old1', 1)]);
    const [read] = await db.store.readStream('order-old1');
    expect(read.metadata.schemaVersion).toBe(currentSchemaVersion('OrderPlaced'));
    const data = read.data as { items: Array<{ priceRules: unknown }>; priceRules: unknown };
    expect(data.items[0].priceRules).toEqual(expectedRules);
    expect(data.priceRules).toEqual([{ rule: 'FREE_SHIPPING', threshold: 149900 }]);
    if (db.storeEnv.EVENT_STORE === 'postgres') {
      const { rows } = await db.pool.query(`SELECT data, metadata FROM event_store.events WHERE stream_name = 'order-old1'`);
      expect(rows[0].metadata.schemaVersion).toBe(1);
      expect(rows[0].data.items[0].priceRules).toBeUndefined();
    }
  });

  it('the orders projection gives its lines the derived rules', async () => {
    const last = (await db.store.append('order-old2', [orderPlacedV1('old2', 1)])).position;
    runner = new ProjectorRunner({ store: db.store, pool: db.pool, databaseUrl: db.url, projections: [ordersProjection], replicaId: 'r1', batchSize: 10 });
    await runner.start();
    await waitForCheckpoints(db.pool, ['orders'], last);
    const { rows } = await db.pool.query(`SELECT order_id, price_rules FROM read.order_items ORDER BY order_id`);
    expect(rows).toEqual([
      { order_id: 'old1', price_rules: expectedRules },
      { order_id: 'old2', price_rules: expectedRules },
    ]);
  });

  it('an OrderPlaced stamped schema 2 but written without rules still applies, with none', async () => {
    const last = (await db.store.append('order-bare', [orderPlacedV1('bare', 2)])).position;
    await waitForCheckpoints(db.pool, ['orders'], last);
    const { rows } = await db.pool.query(`SELECT price_rules FROM read.order_items WHERE order_id = 'bare'`);
    expect(rows).toEqual([{ price_rules: [] }]);
    const { rows: failed } = await db.pool.query(`SELECT projection FROM projector.checkpoints WHERE status = 'failed'`);
    expect(failed).toEqual([]);
  });
});

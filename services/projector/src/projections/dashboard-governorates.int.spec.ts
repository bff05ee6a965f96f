/**
 * governorate_sales is the same however the log is cut into batches: an order placed in one batch
 * and canceled in a later one leaves no row behind for a governorate with nothing left in it, as a
 * replay that sees both in one batch never writes one (live tables equal rebuilt ones).
 */
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '#event-store/event-store.port.js';
import { dashboardProjection } from '#read-models/projections/dashboard.projection.js';
import type { ProjectorRunner } from '../runner/runner.js';
import { createProjectorTestDb, projectUnits, type TestDb } from '../testing/projector-test-kit.js';

let clock = Date.parse('2026-05-01T08:00:00Z');
function ev(type: string, data: unknown): NewEvent {
  clock += 60_000;
  return { id: randomUUID(), type, data, metadata: { correlationId: 'corr', actor: { kind: 'admin', id: 'boss' }, occurredAt: new Date(clock).toISOString(), schemaVersion: 1 } };
}

function placed(orderId: string, governorate: string): NewEvent {
  return ev('OrderPlaced', {
    orderId, orderNumber: `PS-${orderId.toUpperCase()}`, cartId: `cart-${orderId}`, placedAt: new Date(clock + 60_000).toISOString(),
    customer: { firstName: 'Mona', lastName: 'Ali', phone: '01000000001', email: null, addressLine: '1 Nile St', building: '2', apartment: '3', city: 'X', governorate, latitude: null, longitude: null, notes: null },
    paymentMethod: 'COD', promoCode: null, promoPercent: null,
    items: [{ itemId: `${orderId}-i0`, kind: 'poster', posterId: 'p1', productId: null, variantId: 'v1', name: 'Lions', category: 'FOOTBALL', imageUrl: 'x.jpg', customImagePath: null, size: 'SIZE_20x30', quantity: 2, unitPrice: 20000, originalUnitPrice: 20000, discountPercentage: 0, lineTotal: 40000 }],
    totals: { subtotal: 40000, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: 6000, codFee: 1000, taxAmount: 0, total: 47000 },
  });
}

const UNITS: Array<[string, NewEvent[]]> = [
  ['order-a1', [placed('a1', 'ALEXANDRIA')]],
  ['order-c1', [placed('c1', 'CAIRO')]],
  ['order-a1', [ev('OrderStatusChanged', { orderId: 'a1', orderNumber: 'PS-A1', from: 'PLACED', to: 'CANCELED', reason: 'changed mind' })]],
];

describe('dashboard governorate_sales across batch boundaries', () => {
  const dbs: TestDb[] = [];
  const runners: ProjectorRunner[] = [];
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await Promise.all(dbs.map((d) => d.close()));
  });

  it.each([1, 100])('batches of %i event(s) give one CAIRO row and no empty ALEXANDRIA row', async (batchSize) => {
    const db = await createProjectorTestDb('govs');
    dbs.push(db);
    runners.push(await projectUnits(db, UNITS, [dashboardProjection], batchSize));
    const { rows } = await db.pool.query(`SELECT governorate, orders_count, (money->>'netSales')::int AS net_sales FROM read.governorate_sales ORDER BY governorate`);
    expect(rows).toEqual([{ governorate: 'CAIRO', orders_count: 1, net_sales: 0 }]);
  });
});

import { randomUUID } from 'node:crypto';
import type { NewEvent } from '#event-store/event-store.port.js';
import type { VersionedEventStore } from '#event-store/versioned-event-store.js';
import { ProjectorRunner } from '../runner/runner.js';
import { createProjectorTestDb, type TestDb, projectUnits } from '../testing/projector-test-kit.js';
import { codOutcomesProjection } from '#read-models/projections/cod-outcomes.projection.js';

let clock = Date.parse('2026-05-01T08:00:00Z');
const DAY = 86_400_000;
function ev(type: string, data: unknown, at = clock): NewEvent {
  return { id: randomUUID(), type, data, metadata: { correlationId: 'c', actor: { kind: 'admin', id: 'boss' }, occurredAt: new Date(at).toISOString(), schemaVersion: 1 } };
}
const placed = (orderId: string, phone: string, governorate: string) =>
  ev('OrderPlaced', { orderId, orderNumber: `PS-${orderId}`, cartId: `c-${orderId}`, placedAt: new Date(clock).toISOString(), customer: { phone, governorate }, paymentMethod: 'COD', items: [], totals: {} });
const moved = (orderId: string, from: string, to: string, at: number) => ev('OrderStatusChanged', { orderId, orderNumber: `PS-${orderId}`, from, to, reason: null }, at);

/** Given order events in small batches, the cod-outcomes projection's rows. */
describe('cod-outcomes projection', () => {
  let db: TestDb;
  let runner: ProjectorRunner;
  const q = async (sql: string) => (await db.pool.query(sql)).rows;

  beforeAll(async () => {
    db = await createProjectorTestDb('cod');
    const units: Array<[string, NewEvent[]]> = [
      ['order-a', [placed('a', '01011111111', 'CAIRO'), moved('a', 'PLACED', 'SHIPPED', clock + DAY), moved('a', 'SHIPPED', 'REFUSED', clock + 2 * DAY)]],
      // The same number as Arabic-Indic digits with +20: one phone.
      ['order-b', [placed('b', '+٢٠ ١٠١ ١١١ ١١١١', 'CAIRO'), moved('b', 'PLACED', 'SHIPPED', clock + DAY), moved('b', 'SHIPPED', 'DELIVERED', clock + 3 * DAY)]],
      ['order-c', [placed('c', '01011111111', 'GIZA'), moved('c', 'PLACED', 'CANCELED', clock + DAY)]],
      ['order-d', [placed('d', '01022222222', 'GIZA'), moved('d', 'PLACED', 'SHIPPED', clock + DAY), moved('d', 'SHIPPED', 'DELIVERED', clock + DAY * 1.5)]],
      // A refusal corrected to a delivery: counts and the outcome row move with it.
      ['order-e', [placed('e', '01022222222', 'GIZA'), moved('e', 'PLACED', 'SHIPPED', clock + DAY), moved('e', 'SHIPPED', 'REFUSED', clock + 2 * DAY), moved('e', 'REFUSED', 'DELIVERED', clock + 2.5 * DAY)]],
      // A change of an order never placed has nothing to count.
      ['order-x', [moved('x', 'PLACED', 'REFUSED', clock)]],
    ];
    runner = await projectUnits(db, units, [codOutcomesProjection], 4);
  });
  afterAll(async () => {
    await runner?.stop();
    await db?.close();
  });

  it('counts each shopper\'s orders, deliveries, refusals and cancellations, keyed by their data subject', async () => {
    const keys = (db.store as VersionedEventStore).personalData!.keys;
    const phoneOf = new Map<string, string>();
    for (const phone of ['01011111111', '01022222222']) phoneOf.set((await keys.subjectFor('phone', phone)).subjectId, phone);
    const rows = await q('SELECT subject_id, orders, delivered, refused, canceled FROM read.phone_risks');
    expect(rows.map(({ subject_id, ...counts }) => ({ phone: phoneOf.get(subject_id), ...counts })).sort((a, b) => String(a.phone).localeCompare(String(b.phone)))).toEqual([
      { phone: '01011111111', orders: 3, delivered: 1, refused: 1, canceled: 1 },
      { phone: '01022222222', orders: 2, delivered: 2, refused: 0, canceled: 0 },
    ]);
  });

  it('keeps one outcome row per order at the door, with days from placing', async () => {
    expect(await q('SELECT order_id, governorate, outcome, days FROM read.delivery_outcomes ORDER BY order_id')).toEqual([
      { order_id: 'a', governorate: 'CAIRO', outcome: 'REFUSED', days: 2 },
      { order_id: 'b', governorate: 'CAIRO', outcome: 'DELIVERED', days: 3 },
      { order_id: 'd', governorate: 'GIZA', outcome: 'DELIVERED', days: 1.5 },
      { order_id: 'e', governorate: 'GIZA', outcome: 'DELIVERED', days: 2.5 },
    ]);
  });
});

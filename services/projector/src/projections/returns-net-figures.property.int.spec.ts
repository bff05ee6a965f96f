/**
 * Returns and refunds keep the net figures consistent on every read model that shows them: for
 * random sequences of returns (by line or whole), refunds and refused parcels received back, decided
 * by the order decider, the dashboard's days and its governorates both sum to the domain's own
 * figures (money/figures.ts over each order's folded state), however the log is cut into batches.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { OrderEvent, OrderPlaced } from '#domain/order/events.js';
import { orderDecider } from '#domain/order/order.decider.js';
import { MONEY_FIGURES, orderMoneyOf, sumMoney } from '#domain/money/figures.js';
import { evolveAll } from '#domain/shared/decider.js';
import { currentSchemaVersion } from '#domain/event-versions.js';
import type { NewEvent } from '#event-store/event-store.port.js';
import { dashboardProjection } from '#read-models/projections/dashboard.projection.js';
import type { ProjectorRunner } from '../runner/runner.js';
import { createProjectorTestDb, projectUnits, type TestDb } from '../testing/projector-test-kit.js';

const by = { username: 'boss', role: 'owner' } as const;
const GOVERNORATES = ['CAIRO', 'GIZA'];

function placedEvent(orderId: string, governorate: string, promoCode: number): OrderPlaced {
  const items = [
    { itemId: `${orderId}-a`, quantity: 3, unitPrice: 20000 },
    { itemId: `${orderId}-b`, quantity: 1, unitPrice: 15500 },
  ].map((i) => ({ ...i, kind: 'poster' as const, posterId: 'p1', productId: null, variantId: 'v1', name: 'Lions', category: 'ART', imageUrl: null, customImagePath: null, size: 'SIZE_20x30' as const, originalUnitPrice: i.unitPrice, discountPercentage: 0, lineTotal: i.unitPrice * i.quantity, priceRules: [] }));
  const subtotal = items.reduce((s, i) => s + i.lineTotal, 0);
  return {
    type: 'OrderPlaced',
    data: {
      orderId, orderNumber: `PS-${orderId}`, cartId: `c-${orderId}`, placedAt: '2026-05-01T10:00:00.000Z', paymentMethod: 'COD', promoCode: null, promoPercent: 0, priceRules: [], items, language: 'en',
      customer: { firstName: 'Mona', lastName: 'Ali', phone: '01000000001', email: null, addressLine: '1 Nile St', building: '2', apartment: '3', city: 'X', governorate: governorate as 'CAIRO', latitude: 30, longitude: 31, notes: null },
      totals: { subtotal, discountFromPromotions: 0, discountFromPromoCode: promoCode, shippingCost: 5000, codFee: 0, taxAmount: 0, total: subtotal - promoCode + 5000 },
    },
  };
}

type Step = { order: number; kind: 'line'; item: 'a' | 'b'; quantity: number } | { order: number; kind: 'whole' } | { order: number; kind: 'refund'; amount: number } | { order: number; kind: 'back' };

const steps = fc.array(
  fc.oneof(
    fc.record({ order: fc.nat(2), kind: fc.constant('line' as const), item: fc.constantFrom('a' as const, 'b' as const), quantity: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ order: fc.nat(2), kind: fc.constant('whole' as const) }),
    fc.record({ order: fc.nat(2), kind: fc.constant('refund' as const), amount: fc.integer({ min: 1, max: 40000 }) }),
    fc.record({ order: fc.nat(2), kind: fc.constant('back' as const) }),
  ),
  { maxLength: 10 },
);

/** The orders' streams as the decider writes them: orders 0 and 1 delivered, order 2 refused; then the steps, the refused ones skipped. */
function history(run: number, plan: readonly Step[], promo: number): Map<string, OrderEvent[]> {
  const streams = new Map<string, OrderEvent[]>();
  for (let i = 0; i < 3; i++) {
    const id = `r${run}o${i}`;
    const moved = (from: 'PLACED' | 'SHIPPED', to: 'SHIPPED' | 'DELIVERED' | 'REFUSED'): OrderEvent => ({ type: 'OrderStatusChanged', data: { orderId: id, orderNumber: `PS-${id}`, from, to, reason: to === 'REFUSED' ? 'not home' : null, by, courier: null, trackingNumber: null } });
    streams.set(id, [placedEvent(id, GOVERNORATES[i % 2], i === 1 ? promo : 0), moved('PLACED', 'SHIPPED'), moved('SHIPPED', i === 2 ? 'REFUSED' : 'DELIVERED')]);
  }
  plan.forEach((s, n) => {
    const id = `r${run}o${s.order}`;
    const events = streams.get(id)!;
    const state = evolveAll(orderDecider, events);
    const returning = (lines: Array<{ itemId: string; quantity: number }> | null) => ({
      type: 'ReturnOrder' as const,
      data: { orderId: id, returnId: `ret-${n}`, lines, reason: 'back', deliveredAt: '2026-05-02T10:00:00.000Z', now: '2026-05-03T10:00:00.000Z', windowDays: 14, by },
    });
    const command =
      s.kind === 'line' ? returning([{ itemId: `${id}-${s.item}`, quantity: s.quantity }])
        : s.kind === 'whole' ? returning(null)
          : s.kind === 'refund' ? { type: 'RecordRefund' as const, data: { orderId: id, amount: s.amount, returnId: null, by } }
            : { type: 'ChangeOrderStatus' as const, data: { orderId: id, status: 'RETURNED', by } };
    try {
      events.push(...orderDecider.decide(command, state));
    } catch {
      // A step the order refuses (more than sold, not delivered) is not in the log.
    }
  });
  return streams;
}

const newEvent = (e: OrderEvent, i: number): NewEvent => ({
  id: randomUUID(), type: e.type, data: e.data,
  metadata: { correlationId: 'c', actor: { kind: 'admin', id: 'boss' }, occurredAt: new Date(Date.parse('2026-05-01T10:00:00Z') + i * 1000).toISOString(), schemaVersion: currentSchemaVersion(e.type) },
});

describe('returns keep the net figures consistent on every read model (property, real PostgreSQL)', () => {
  const dbs: TestDb[] = [];
  const runners: ProjectorRunner[] = [];
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await Promise.all(dbs.map((d) => d.close()));
  });

  it('daily sales and governorates sum to the domain’s money figures, in batches of 1 and of 50', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(steps, fc.integer({ min: 0, max: 9999 }), async (plan, promo) => {
        run++;
        const streams = history(run, plan, promo);
        const expected = sumMoney(
          [...streams.values()].map((events) => {
            const s = evolveAll(orderDecider, events);
            return orderMoneyOf(s.status!, 'COD', (events[0] as OrderPlaced).data.totals, { returned: s.returned.amount, refunded: s.refunded });
          }),
        );
        let i = 0;
        const units: Array<[string, NewEvent[]]> = [...streams].flatMap(([id, events]) => events.map((e) => [`order-${id}`, [newEvent(e, i++)]] as [string, NewEvent[]]));
        for (const batchSize of [1, 50]) {
          const db = await createProjectorTestDb('returns');
          dbs.push(db);
          runners.push(await projectUnits(db, units, [dashboardProjection], batchSize));
          const sums = async (table: string) => {
            const { rows } = await db.pool.query(`SELECT key, sum(value::bigint)::int AS total FROM ${table}, jsonb_each_text(money) GROUP BY key`);
            return Object.fromEntries(MONEY_FIGURES.map((f) => [f, rows.find((r) => r.key === f)?.total ?? 0]));
          };
          expect(await sums('read.daily_sales')).toEqual(expected);
          expect(await sums('read.governorate_sales')).toEqual(expected);
          const last = runners.pop()!;
          await last.stop();
          await dbs.pop()!.close();
        }
      }),
      { seed: 2026, numRuns: 6 },
    );
  }, 300_000);
});

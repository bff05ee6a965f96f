import fc from 'fast-check';
import type { SettlementLine } from '../courier/settlement-file.js';
import { evolveAll } from '../shared/decider.js';
import { monaCustomer } from '../testing/fixtures.js';
import { given } from '../testing/given-when-then.js';
import type { OrderEvent, OrderPlaced } from './events.js';
import { orderDecider } from './order.decider.js';

const by = { username: 'boss', role: 'owner' } as const;
const bosta = { courierId: 'k1', name: 'Bosta' };
const ids = { orderId: 'o1', orderNumber: 'PS-7KQ4-M2XD' };
const placed: OrderPlaced = {
  type: 'OrderPlaced',
  data: {
    ...ids, cartId: 'c1', placedAt: '2026-11-22T10:00:00.000Z', customer: monaCustomer, paymentMethod: 'COD', promoCode: null, promoPercent: 0, items: [], priceRules: [], language: 'en',
    totals: { subtotal: 40000, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: 5000, codFee: 0, taxAmount: 0, total: 45000 },
  },
};
const shipped: OrderEvent = { type: 'OrderStatusChanged', data: { ...ids, phone: monaCustomer.phone, from: 'PLACED', to: 'SHIPPED', reason: null, by, courier: bosta, trackingNumber: 'BOS-1' } };
const line = (status: SettlementLine['status'], collected = 45000, fee = 3000): SettlementLine => ({ line: 2, trackingNumber: 'BOS-1', status, collected, fee, date: '2026-11-24' });
const SHIPPED_AT = '2026-11-22T12:00:00.000Z';
const NOW = '2026-11-25T09:00:00.000Z';
const report = (l: SettlementLine, courier = bosta, importId = 'i1') => ({ type: 'ApplySettlementLine' as const, data: { orderId: 'o1', importId, courier, report: l, fileHash: 'h1', shippedAt: SHIPPED_AT, now: NOW, by } });
const recorded = (outcome: 'applied' | 'unchanged' | 'contradictory' | 'rejected', reason: string | null = null, courier = bosta): OrderEvent => ({
  type: 'SettlementLineRecorded', data: { ...ids, importId: 'i1', courier, line: 2, trackingNumber: 'BOS-1', outcome, reason, by },
});
const source = { fileHash: 'h1', line: 2 };
const delivered: OrderEvent = { type: 'OrderStatusChanged', data: { ...ids, phone: monaCustomer.phone, from: 'SHIPPED', to: 'DELIVERED', reason: null, by, courier: bosta, trackingNumber: 'BOS-1' } };
const collection: OrderEvent = { type: 'CourierCollectionRecorded', data: { ...ids, courier: bosta, trackingNumber: 'BOS-1', collected: 45000, fee: 3000, on: '2026-11-24', source, by } };

describe('a courier report on an order', () => {
  it('ships with a courier and a tracking number, only when shipping', () => {
    given(orderDecider, [placed])
      .when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'SHIPPED', by, shipment: { courier: bosta, trackingNumber: ' BOS-1 ' } } })
      .then([shipped]);
    given(orderDecider, [placed]).when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'CONFIRMED', by, shipment: { courier: bosta, trackingNumber: 'B' } } }).thenThrows('COURIER_ONLY_WHEN_SHIPPING', 'validation');
    given(orderDecider, [placed]).when({ type: 'ChangeOrderStatus', data: { orderId: 'o1', status: 'SHIPPED', by, shipment: { courier: bosta, trackingNumber: '=cmd' } } }).thenThrows('INVALID_TRACKING_NUMBER', 'validation');
  });

  it('delivered: the order is delivered with the courier as actor, and the cash recorded; the same line again changes nothing', () => {
    const run = given(orderDecider, [placed, shipped]).when(report(line('delivered')));
    run.then([delivered, collection, recorded('applied')]);
    given(orderDecider, [placed, shipped, delivered, collection]).when(report(line('delivered'))).then([recorded('unchanged')]);
    given(orderDecider, [placed, shipped, delivered, collection, recorded('applied')]).when(report(line('delivered'))).then([]);
  });

  it('settled: records the payment once, less the fee', () => {
    const paid: OrderEvent = { type: 'CourierPaymentRecorded', data: { ...ids, courier: bosta, amount: 42000, on: '2026-11-24', source, by } };
    given(orderDecider, [placed, shipped, delivered, collection]).when(report(line('settled'))).then([paid, recorded('applied')]);
    given(orderDecider, [placed, shipped, delivered, collection, paid]).when(report(line('settled'))).then([recorded('unchanged')]);
  });

  it('refused: the order is refused with a reason naming the courier, its fee recorded', () => {
    given(orderDecider, [placed, shipped])
      .when(report(line('refused', 0, 2000)))
      .then([
        { type: 'OrderStatusChanged', data: { ...ids, phone: monaCustomer.phone, from: 'SHIPPED', to: 'REFUSED', reason: 'Refused at the door, reported by Bosta on 2026-11-24', by, courier: bosta, trackingNumber: 'BOS-1' } },
        { type: 'CourierCollectionRecorded', data: { ...ids, courier: bosta, trackingNumber: 'BOS-1', collected: 0, fee: 2000, on: '2026-11-24', source, by } },
        recorded('applied'),
      ]);
  });

  it.each([
    ['refused on a delivered order', [placed, shipped, delivered], line('refused', 0)],
    ['delivered on a refused order', [placed, shipped, { ...delivered, data: { ...delivered.data, to: 'REFUSED' } }], line('delivered')],
    ['an amount other than the total', [placed, shipped], line('delivered', 40000)],
    ['an order never shipped', [placed], line('delivered')],
    ['a fee other than the one recorded', [placed, shipped, delivered, collection], line('delivered', 45000, 1)],
  ] as const)('contradicts: %s, changing nothing but the record of the line', (_name, history, l) => {
    given(orderDecider, [...history] as OrderEvent[]).when(report(l)).then([recorded('contradictory', expect.any(String))]);
  });

  it('contradicts when another courier reports the parcel', () => {
    const aramex = { courierId: 'k2', name: 'Aramex' };
    given(orderDecider, [placed, shipped]).when(report(line('delivered'), aramex)).then([recorded('contradictory', 'PS-7KQ4-M2XD was shipped with Bosta, not Aramex', aramex)]);
  });

  it('refuses a line dated after today, or before the parcel was shipped, naming the dates', () => {
    given(orderDecider, [placed, shipped])
      .when(report({ ...line('delivered'), date: '2099-01-01' }))
      .then([recorded('rejected', 'PS-7KQ4-M2XD: dated 2099-01-01, after today (2026-11-25)')]);
    given(orderDecider, [placed, shipped])
      .when(report({ ...line('delivered'), date: '2026-11-21' }))
      .then([recorded('rejected', 'PS-7KQ4-M2XD: dated 2026-11-21, before it was shipped on 2026-11-22')]);
    // The day it shipped and today are both fine, in the shop's days (Cairo is ahead of UTC).
    given(orderDecider, [placed, shipped]).when(report({ ...line('delivered'), date: '2026-11-22' })).then([delivered, { ...collection, data: { ...collection.data, on: '2026-11-22' } }, recorded('applied')]);
    const lateEvening = { ...report({ ...line('delivered'), date: '2026-11-26' }) };
    given(orderDecider, [placed, shipped]).when({ ...lateEvening, data: { ...lateEvening.data, now: '2026-11-25T22:30:00.000Z' } }).then([delivered, { ...collection, data: { ...collection.data, on: '2026-11-26' } }, recorded('applied')]);
  });

  it('an order that moved on since the import is never moved backwards: a refused line on a returned order is recorded, not applied', () => {
    const refusedMove: OrderEvent = { type: 'OrderStatusChanged', data: { ...ids, phone: monaCustomer.phone, from: 'SHIPPED', to: 'REFUSED', reason: 'r', by, courier: null, trackingNumber: null } };
    const returned: OrderEvent = { type: 'OrderStatusChanged', data: { ...ids, phone: monaCustomer.phone, from: 'REFUSED', to: 'RETURNED', reason: null, by, courier: null, trackingNumber: null } };
    given(orderDecider, [placed, shipped, refusedMove, returned]).when(report(line('refused', 0, 2000))).then([recorded('contradictory', 'PS-7KQ4-M2XD is RETURNED, not shipped')]);
  });

  it('property: a file imported twice changes nothing but the record of its lines the second time, whatever its lines and the orders’ states', () => {
    const fileLine = fc.record({
      status: fc.constantFrom('delivered' as const, 'refused' as const, 'settled' as const),
      collected: fc.constantFrom(0, 45000, 40000),
      fee: fc.constantFrom(0, 2000, 3000),
    });
    const start = fc.constantFrom<OrderEvent[][]>([placed], [placed, shipped], [placed, shipped, delivered], [placed, shipped, delivered, collection]);
    fc.assert(
      fc.property(start, fc.array(fileLine, { minLength: 1, maxLength: 6 }), (history, lines) => {
        let events = [...history];
        const decideFile = () => {
          const appended: OrderEvent[] = [];
          lines.forEach((l, i) => {
            const decided = orderDecider.decide(report({ ...line(l.status, l.collected, l.fee), line: i + 2 }, bosta, `import-${round}`), evolveAll(orderDecider, events));
            events = [...events, ...decided];
            appended.push(...decided.filter((e) => e.type !== 'SettlementLineRecorded'));
          });
          return appended;
        };
        let round = 1;
        decideFile();
        round = 2;
        expect(decideFile()).toEqual([]);
      }),
      { seed: 2026, numRuns: 300 },
    );
  });
});

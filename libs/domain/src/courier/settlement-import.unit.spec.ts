import { monaCustomer } from '../testing/fixtures.js';
import type { OrderEvent, OrderPlaced } from '../order/events.js';
import { orderDecider } from '../order/order.decider.js';
import { evolveAll } from '../shared/decider.js';
import { MAX_COURIER_NAME_LENGTH } from './courier.decider.js';
import { MAX_SETTLEMENT_LINES, type SettlementLine } from './settlement-file.js';
import { decideSettlementLines, lastShippedAt, type MatchedOrder, type SettlementImported } from './settlement-import.js';

const by = { username: 'boss', role: 'owner' } as const;
const bosta = { courierId: 'k1', name: 'Bosta' };
const input = { courier: bosta, fileHash: 'h1', now: '2026-11-25T09:00:00.000Z', by };
const placedFor = (orderId: string, orderNumber: string): OrderPlaced => ({
  type: 'OrderPlaced',
  data: {
    orderId, orderNumber, cartId: `c-${orderId}`, placedAt: '2026-11-22T10:00:00.000Z', customer: monaCustomer, paymentMethod: 'COD', promoCode: null, promoPercent: 0, items: [], priceRules: [], language: 'en',
    totals: { subtotal: 40000, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: 5000, codFee: 0, taxAmount: 0, total: 45000 },
  },
});
const shippedOrder = (orderId: string, orderNumber: string, trackingNumber: string): MatchedOrder => {
  const events: OrderEvent[] = [
    placedFor(orderId, orderNumber),
    { type: 'OrderStatusChanged', data: { orderId, orderNumber, from: 'PLACED', to: 'SHIPPED', reason: null, by, courier: bosta, trackingNumber } },
  ];
  return { state: evolveAll(orderDecider, events), shippedAt: '2026-11-22T12:00:00.000Z' };
};
const line = (n: number, trackingNumber: string, status: SettlementLine['status'], collected = 45000, date = '2026-11-24'): SettlementLine => ({ line: n, trackingNumber, status, collected, fee: 3000, date });

describe('a settlement import decided whole', () => {
  const orders = new Map([['o1', shippedOrder('o1', 'PS-1', 'B-1')], ['o2', shippedOrder('o2', 'PS-2', 'B-2')], ['o3', shippedOrder('o3', 'PS-3', 'B-3')]]);
  const matches = new Map([['B-1', ['o1']], ['B-2', ['o2']], ['B-3', ['o3']], ['B-9', ['o1', 'o2']]]);

  it('decides every line in file order, each order as the lines before left it', () => {
    const decided = decideSettlementLines(
      [line(2, 'B-1', 'refused', 0), line(3, 'B-1', 'delivered'), line(4, 'B-2', 'settled'), line(5, 'B-2', 'settled'), line(6, 'X-1', 'delivered'), line(7, 'B-9', 'delivered')],
      matches, orders, input,
    );
    expect(decided.map((d) => [d.line, d.orderNumber, d.outcome, d.effect, d.reason])).toEqual([
      [2, 'PS-1', 'applied', 'refused', null],
      [3, 'PS-1', 'contradictory', null, 'PS-1 is refused; the file says delivered'],
      [4, 'PS-2', 'applied', 'paid', null],
      [5, 'PS-2', 'unchanged', null, null],
      [6, null, 'unmatched', null, 'No order was shipped with Bosta under this tracking number'],
      [7, null, 'contradictory', null, '2 orders were shipped under this tracking number'],
    ]);
    // The order ids go with the decision: the reactor applies each line to its order.
    expect(decided[0]).toMatchObject({ orderId: 'o1', trackingNumber: 'B-1', status: 'refused', collected: 0, fee: 3000, date: '2026-11-24' });
  });

  it('rejects a line dated after today or before its parcel was shipped, with the reason', () => {
    const decided = decideSettlementLines([line(2, 'B-1', 'delivered', 45000, '2099-01-01'), line(3, 'B-2', 'delivered', 45000, '2026-11-21'), line(4, 'B-3', 'delivered', 45000, '2026-11-25')], matches, orders, input);
    expect(decided.map((d) => [d.outcome, d.reason])).toEqual([
      ['rejected', 'PS-1: dated 2099-01-01, after today (2026-11-25)'],
      ['rejected', 'PS-2: dated 2026-11-21, before it was shipped on 2026-11-22'],
      ['applied', null],
    ]);
  });

  it('knows when an order was last shipped from its stream', () => {
    const at = (type: string, to: string, occurredAt: string) => ({ type, data: { to }, metadata: { occurredAt } });
    expect(lastShippedAt([at('OrderPlaced', '', 't0'), at('OrderStatusChanged', 'SHIPPED', 't1'), at('OrderStatusChanged', 'PLACED', 't2'), at('OrderStatusChanged', 'SHIPPED', 't3')])).toBe('t3');
    expect(lastShippedAt([at('OrderPlaced', '', 't0')])).toBeNull();
  });

  it('stays under 1 MB, EventStoreDB’s largest append, with the most lines a file may have, each at its longest', () => {
    const courier = { courierId: '0f8fad5b-d9cb-469f-a165-70867728950e', name: 'N'.repeat(MAX_COURIER_NAME_LENGTH) };
    const longest = decideSettlementLines([{ line: MAX_SETTLEMENT_LINES + 1, trackingNumber: 'T'.repeat(100), status: 'delivered', collected: 100_000_000, fee: 100_000_000, date: '2026-11-24' }], new Map(), new Map(), { ...input, courier })[0];
    const event: SettlementImported = { type: 'SettlementImported', data: { importId: courier.courierId, courier, fileHash: 'f'.repeat(64), lines: Array.from({ length: MAX_SETTLEMENT_LINES }, () => longest), by } };
    expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThan(1_048_576);
  });
});

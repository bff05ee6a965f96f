import { randomUUID } from 'node:crypto';
import type { NewEvent } from '#event-store/event-store.port.js';
import { ProjectorRunner } from '../runner/runner.js';
import { createProjectorTestDb, type TestDb, projectUnits } from '../testing/projector-test-kit.js';
import { cartFunnelProjection } from '#read-models/projections/cart-funnel.projection.js';

const shopper = { kind: 'shopper' as const, id: 'c' };
function ev(type: string, data: unknown, at: string): NewEvent {
  return { id: randomUUID(), type, data, metadata: { correlationId: 'c', actor: shopper, occurredAt: at } };
}
const added = (itemId: string, quantity: number, at: string) =>
  ev('ItemAddedToCart', { itemId, kind: 'poster', posterId: 'p1', variantId: 'v1', productId: null, size: 'SIZE_20x30', quantity, customImagePath: 'uploads/private.jpg' }, at);

describe('the cart funnel counts what the events say', () => {
  let db: TestDb;
  let runner: ProjectorRunner;
  const rows = async () => (await db.pool.query(`SELECT * FROM read.funnel_carts ORDER BY cart_id`)).rows;

  beforeAll(async () => {
    db = await createProjectorTestDb('funnel');
    const units: Array<[string, NewEvent[]]> = [
      // a: created with a line, refused for the minimum in Alexandria, then placed in Alexandria
      ['cart-a', [added('i1', 1, '2026-03-01T08:00:00.000Z')]],
      ['checkoutrejection-a', [ev('CheckoutRejected', { cartId: 'a', reason: 'MINIMUM_POSTERS', governorate: 'ALEXANDRIA' }, '2026-03-01T08:05:00.000Z')]],
      ['cart-a', [ev('CartItemQuantityChanged', { itemId: 'i1', quantity: 2, previousQuantity: 1 }, '2026-03-01T08:06:00.000Z')]],
      ['cart-a', [ev('CartCheckedOut', { orderId: 'o-a', orderNumber: 'PS-A', order: { customer: { governorate: 'ALEXANDRIA' } } }, '2026-03-01T08:07:00.000Z')]],
      // b: lines, a refused promo (no checkout attempt), a bad phone (an attempt), abandoned
      ['cart-b', [added('i1', 1, '2026-03-01T09:00:00.000Z'), added('i2', 3, '2026-03-01T09:01:00.000Z'), ev('ItemRemovedFromCart', { itemId: 'i1' }, '2026-03-01T09:02:00.000Z')]],
      ['checkoutrejection-b', [ev('CheckoutRejected', { cartId: 'b', reason: 'PROMO_UNKNOWN', governorate: null }, '2026-03-01T09:03:00.000Z')]],
      ['checkoutrejection-b', [ev('CheckoutRejected', { cartId: 'b', reason: 'BAD_PHONE', governorate: 'CAIRO' }, '2026-03-01T09:04:00.000Z')]],
      // c: created by a payment-method choice only, next day
      ['cart-c', [ev('PaymentMethodChosen', { method: 'ONLINE' }, '2026-03-02T10:00:00.000Z')]],
    ];
    runner = await projectUnits(db, units, [cartFunnelProjection], 3);
  });
  afterAll(async () => {
    await runner?.stop();
    await db?.close();
  });

  it('a row per cart with its stage, governorate and current lines, and nothing personal', async () => {
    const [a, b, c] = await rows();
    expect(a).toMatchObject({ cart_id: 'a', lines_added: 1, governorate: 'ALEXANDRIA' });
    expect(a.checkout_attempted_at.toISOString()).toBe('2026-03-01T08:05:00.000Z');
    expect(a.order_placed_at.toISOString()).toBe('2026-03-01T08:07:00.000Z');
    expect(a.lines).toEqual([{ itemId: 'i1', kind: 'poster', posterId: 'p1', productId: null, variantId: 'v1', size: 'SIZE_20x30', quantity: 2 }]);
    expect(b).toMatchObject({ cart_id: 'b', lines_added: 2, governorate: 'CAIRO', order_placed_at: null });
    expect(b.checkout_attempted_at.toISOString()).toBe('2026-03-01T09:04:00.000Z');
    expect(b.lines.map((l: { itemId: string }) => l.itemId)).toEqual(['i2']);
    expect(b.rejections.map((r: { reason: string }) => r.reason)).toEqual(['PROMO_UNKNOWN', 'BAD_PHONE']);
    expect(c).toMatchObject({ cart_id: 'c', lines_added: 0, checkout_attempted_at: null, order_placed_at: null, governorate: null });
    expect(JSON.stringify(await rows())).not.toContain('private.jpg');
  });

  it('the stage counts per day are those of the events', async () => {
    const { rows: days } = await db.pool.query(
      `SELECT (created_at AT TIME ZONE 'Africa/Cairo')::date::text AS day, count(*)::int AS created, count(*) FILTER (WHERE lines_added > 0)::int AS lines,
              count(*) FILTER (WHERE checkout_attempted_at IS NOT NULL)::int AS attempted, count(*) FILTER (WHERE order_placed_at IS NOT NULL)::int AS placed
         FROM read.funnel_carts GROUP BY 1 ORDER BY 1`);
    expect(days).toEqual([
      { day: '2026-03-01', created: 2, lines: 2, attempted: 2, placed: 1 },
      { day: '2026-03-02', created: 1, lines: 0, attempted: 0, placed: 0 },
    ]);
  });
});

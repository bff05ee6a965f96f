import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { shopDate } from '#domain/shared/shop-date.js';
import { orderStream } from '#domain/streams.js';
import { whatIfHistory } from '#domain/testing/what-if-history.js';
import { waitUntilStoredEventsVisible } from '#platform/testing/test-database.js';
import { until } from '#platform/testing/until.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { VALID_CHECKOUT, seedDiscount, seedPoster, seedPromo } from '../../testing/seed-catalogue.js';

/** What-if promotions over HTTP: the job reads the real event log and appends nothing. */
describe('what-if promotions (HTTP, real event store)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });

  beforeAll(async () => {
    t = await createTestApp({ projector: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function runWhatIf(body: Record<string, unknown>) {
    const requested = await t.request().post('/api/admin/what-if').set(auth()).send(body).expect(202);
    expect(requested.body.statusUrl).toBe(`/api/admin/what-if/${requested.body.jobId}`);
    const status = await until(
      'the what-if job finished',
      async () => {
        const body = (await t.request().get(requested.body.statusUrl).set(auth()).expect(200)).body as { state: string; progress: number; error: string | null; report: Record<string, unknown> | null };
        return ['completed', 'failed'].includes(body.state) && body;
      },
      30_000,
    );
    expect(status).toMatchObject({ state: 'completed', error: null, progress: 100 });
    return status.report!;
  }

  // waitUntilStoredEventsVisible compares with every stored event, so every event is counted.
  const visibleEvents = async () => (await t.store.readAll()).length;

  describe('on a small seeded history', () => {
    beforeAll(async () => {
      // Orders A, B, C of what-if-history.ts in November 2020, and one in September outside the period (long before the orders of the checkout test, placed now).
      const orders = [
        ...whatIfHistory(['2020-11-01T10:00:00.000Z', '2020-11-02T10:00:00.000Z', '2020-11-03T10:00:00.000Z'], [randomUUID(), randomUUID(), randomUUID()]),
        ...whatIfHistory(['2020-09-01T10:00:00.000Z', '2020-09-01T11:00:00.000Z', '2020-09-01T12:00:00.000Z'], [randomUUID(), randomUUID(), randomUUID()]).slice(0, 1),
      ];
      // Every order delivered: each is a sale, so its figures show the draft's effect.
      const by = { username: 'boss', role: 'owner' };
      for (const order of orders) {
        const metadata = { correlationId: randomUUID(), actor: { kind: 'shopper' as const, id: order.cartId }, occurredAt: order.placedAt };
        const move = (from: string, to: string) => ({
          id: randomUUID(), type: 'OrderStatusChanged', metadata, data: { orderId: order.orderId, orderNumber: order.orderNumber, from, to, reason: null, by, courier: null, trackingNumber: null },
        });
        await t.store.append(orderStream(order.orderId), [{ id: randomUUID(), type: 'OrderPlaced', data: order, metadata }, move('PLACED', 'SHIPPED'), move('SHIPPED', 'DELIVERED')], { expectedRevision: 'no_stream' });
      }
      await waitUntilStoredEventsVisible(t.config.databaseUrl, visibleEvents);
    });

    const NOVEMBER = { from: '2020-11-01T00:00:00.000Z', to: '2020-12-01T00:00:00.000Z' };

    it('replayed with no draft, gives exactly the recorded totals', async () => {
      const report = await runWhatIf(NOVEMBER);
      expect(report).toMatchObject({
        orders: 3, ordersAffected: 0, ordersNotReproduced: 0, salesOrders: 3,
        moneyBefore: { grossSales: 2919, discounts: 169.5, netSales: 2749.5, deliveryFees: 170, returns: 0 }, discountGiven: 0, averageOrderValueBefore: 973.17,
        ordersCrossingFreeShipping: 0, ordersLosingFreeShipping: 0,
      });
      expect(report.moneyAfter).toEqual(report.moneyBefore);
    });

    it('with a draft, matches the hand-computed figures and appends nothing to the log', async () => {
      const before = await t.eventCount();
      const report = await runWhatIf({ ...NOVEMBER, discountCategory: 'anime', discountPercent: 20, promoCode: 'follow10', promoPercent: '10', freeShippingThreshold: 300, codFee: '15.00' });
      expect(report).toEqual({
        ...NOVEMBER,
        draft: {
          discountCategory: 'ANIME', discountPercent: 20, promoCode: 'FOLLOW10', promoPercent: 10, freeShippingThreshold: 300, codFee: 15,
          discountStartsOn: null, discountEndsOn: null, promoStartsOn: null, promoEndsOn: null, promoMinimumSubtotal: null, promoCategory: null, promoUsageLimit: null, promoOncePerCustomer: null,
        },
        orders: 3,
        ordersScanned: expect.any(Number),
        ordersAffected: 3,
        salesOrders: 3,
        moneyBefore: expect.objectContaining({ grossSales: 2919, discounts: 169.5, netSales: 2749.5, deliveryFees: 170 }),
        moneyAfter: expect.objectContaining({ grossSales: 2919, discounts: 745.5, netSales: 2173.5, deliveryFees: 30 }),
        discountGiven: 576,
        averageOrderValueBefore: 973.17,
        averageOrderValueAfter: 734.5,
        ordersCrossingFreeShipping: 2,
        ordersLosingFreeShipping: 0,
        ordersNotReproduced: 0,
        seconds: expect.any(Number),
      });
      expect(await t.eventCount()).toBe(before);
    });

    it('a draft discount applies inside its window only, judged on the shop day each order was placed', async () => {
      const report = await runWhatIf({ ...NOVEMBER, discountCategory: 'ANIME', discountPercent: 20, discountStartsOn: '2020-11-03', discountEndsOn: '' });
      expect(report).toMatchObject({ ordersAffected: 1, ordersNotReproduced: 0, discountGiven: 336 }); // C: 20% of 1,680 instead of nothing
      expect(report.draft).toMatchObject({ discountStartsOn: '2020-11-03', discountEndsOn: null });
    });

    it('a draft code with a minimum and a usage limit applies as checkout would have, in order of placement', async () => {
      const report = await runWhatIf({ ...NOVEMBER, promoCode: 'follow15', promoPercent: 15, promoMinimumSubtotal: 900, promoUsageLimit: 1, promoOncePerCustomer: true });
      // A is below 900 EGP; B takes the one use (15% of 855 instead of WELCOME10's 10%); C finds it used up.
      expect(report).toMatchObject({ ordersAffected: 1, ordersNotReproduced: 0, discountGiven: 42.75 });
      expect(report.draft).toMatchObject({ promoCode: 'FOLLOW15', promoMinimumSubtotal: 900, promoUsageLimit: 1, promoOncePerCustomer: true, promoCategory: null });
    });

    it('a period with no orders reports zeros', async () => {
      const report = await runWhatIf({ from: '2020-10-01T00:00:00.000Z', to: '2020-10-31T00:00:00.000Z', discountPercent: 50 });
      expect(report).toMatchObject({ orders: 0, ordersAffected: 0, salesOrders: 0, moneyBefore: { netSales: 0 }, averageOrderValueBefore: 0 });
    });
  });

  it('replays orders placed through the real checkout (discount, promo code, COD) to exactly their recorded totals', async () => {
    const startedAt = new Date();
    const poster = await seedPoster(t.store, { category: 'MOVIES', prices: { SIZE_20x30: 23350, SIZE_30x40: 31999 } });
    await seedDiscount(t.store, 'MOVIES', 15);
    // A bigger discount whose window has ended, and one in force today: checkout priced with the latter.
    await seedDiscount(t.store, 'MOVIES', 50, { endsOn: shopDate(new Date(Date.now() - 3 * 86_400_000)) });
    await seedDiscount(t.store, null, 20, { startsOn: shopDate(new Date(Date.now() - 86_400_000)), endsOn: shopDate(new Date(Date.now() + 86_400_000)) });
    await seedPromo(t.store, 'WHATIF7', 7);
    const totals: number[] = [];
    for (const [quantity, governorate, promo] of [[3, 'CAIRO', true], [1, 'GIZA', false], [5, 'ASWAN', true]] as const) {
      const cart = await t.request().post('/api/user/cart').send({ posterId: poster.posterId, size: 'SIZE_30x40', quantity }).expect(200);
      const cartId = cart.body.cartId as string;
      if (promo) await t.request().post('/api/user/cart/promocode/apply').query({ code: 'whatif7' }).set('X-Cart-Id', cartId).expect(200);
      const placed = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, governorate }).expect(200);
      totals.push(Math.round(placed.body.total * 100));
      // Shipped: a sale, so every figure of it counts.
      await t.request().patch(`/api/admin/orders/${placed.body.orderId}/status`).set(auth()).send({ status: 'SHIPPED' }).expect(200);
    }
    await waitUntilStoredEventsVisible(t.config.databaseUrl, visibleEvents);
    const recorded = await t.dataSource.query(
      `SELECT sum((data->'totals'->>'total')::bigint)::text AS total, count(*)::int AS n FROM event_store.events WHERE event_type = 'OrderPlaced' AND (data->>'placedAt')::timestamptz >= $1`,
      [startedAt],
    );
    expect(recorded[0].n).toBe(3);
    expect(Number(recorded[0].total)).toBe(totals.reduce((a, b) => a + b, 0));

    const report = await runWhatIf({ from: startedAt.toISOString() }); // to: now, by default
    expect(report).toMatchObject({ orders: 3, ordersAffected: 0, ordersNotReproduced: 0, discountGiven: 0 });
    const before = report.moneyBefore as { netSales: number; deliveryFees: number; discounts: number; leftToCollect: number };
    expect(Math.round(before.netSales * 100) + Math.round(before.deliveryFees * 100)).toBe(Number(recorded[0].total));
    expect(Math.round(before.leftToCollect * 100)).toBe(Number(recorded[0].total));
    expect(report.moneyAfter).toEqual(report.moneyBefore);
    expect(before.discounts).toBeGreaterThan(0);
    const lines = (await t.store.readAll({ filter: { eventTypes: ['OrderPlaced'] } })).slice(-3).map((e) => (e.data as { items: Array<{ discountPercentage: number }> }).items[0].discountPercentage);
    expect(lines).toEqual([20, 20, 20]);
  });

  it.each([
    [{ discountPercent: 500 }, 'The category discount must be a whole percent between 1 and 100'],
    [{ discountPercent: 'lots' }, 'Percentages are whole numbers between 1 and 100'],
    [{ discountCategory: 'SHOES', discountPercent: 10 }, 'Please select a valid category'],
    [{ promoCode: 'DROP TABLE', promoPercent: 10 }, 'A promo code is 1 to 40 letters, digits, dashes or underscores'],
    [{ promoCode: 'OK', promoPercent: 0 }, 'The promo code must take a whole percent between 1 and 100'],
    [{ freeShippingThreshold: -100 }, 'The free-shipping threshold must be between 0 and 1,000,000 EGP'],
    [{ freeShippingThreshold: 1e9 }, 'The free-shipping threshold must be between 0 and 1,000,000 EGP'],
    [{ codFee: 12.345 }, 'The COD fee must be an amount in EGP'],
    [{ codFee: 20000 }, 'The COD fee must be between 0 and 10,000 EGP'],
    [{ from: '2026-11-10T00:00:00Z', to: '2026-11-01T00:00:00Z' }, 'The period must start before it ends'],
    [{ from: 'yesterday' }, 'The period needs valid dates'],
    [{ from: '2000-01-01T00:00:00Z' }, 'The period may span at most 1830 days'],
    [{ from: '2999-01-01T00:00:00Z', to: '2999-02-01T00:00:00Z' }, 'The period starts in the future: no orders to replay yet'],
    [{ discountPercent: 10, discountStartsOn: '2026-12-08', discountEndsOn: '2026-12-07' }, 'discountEndsOn: The end must not be before the start'],
    [{ discountPercent: 10, discountStartsOn: 20261208 }, 'discountStartsOn: Enter the start as a date (YYYY-MM-DD)'],
    [{ promoCode: 'OK', promoPercent: 10, promoUsageLimit: -3 }, 'promoUsageLimit: Enter a whole number of uses from 1 to 1000000, or leave it empty for no limit'],
    [{ promoCode: 'OK', promoPercent: 10, promoCategory: 'SHOES' }, 'promoCategory: Please select a valid category'],
    [{ promoCode: 'OK', promoPercent: 10, promoMinimumSubtotal: -1 }, 'promoMinimumSubtotal: enter an amount in EGP from 0 to 10000000'],
    [{ promoCode: 'OK', promoPercent: 10, promoOncePerCustomer: 'yes' }, 'promoOncePerCustomer: Once per customer must be true or false'],
  ])('refuses %j with a 400 naming the problem', async (body, message) => {
    const res = await t.request().post('/api/admin/what-if').set(auth()).send(body).expect(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 404 for a job that is not a what-if', async () => {
    const exp = await t.request().post('/api/admin/exports').set(auth()).send({ kind: 'newsletter' }).expect(202);
    await t.request().get(`/api/admin/what-if/${exp.body.jobId}`).set(auth()).expect(404);
    await t.request().get('/api/admin/what-if/no-such-job').set(auth()).expect(404);
  });
});

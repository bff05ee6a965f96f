import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { orderStream } from '#domain/streams.js';
import { checkoutEventIds, orderIdForCart } from '#domain/checkout/order-number.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { VALID_CHECKOUT, changePosterPrices, deactivatePromo, seedPoster, seedProduct, seedPromo } from '../testing/seed-catalogue.js';

describe('checkout (HTTP, real PostgreSQL event store)', () => {
  let t: TestApp;
  let poster: Awaited<ReturnType<typeof seedPoster>>;
  beforeAll(async () => {
    t = await createTestApp({ projector: false });
    poster = await seedPoster(t.store, { prices: { SIZE_20x30: 20000, SIZE_30x40: 30000 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function cartWith(quantity: number, size = 'SIZE_20x30'): Promise<string> {
    const res = await t.request().post('/api/user/cart').send({ posterId: poster.posterId, size, quantity }).expect(200);
    return res.body.cartId;
  }

  it('places an order priced from the catalogue and answers its number', async () => {
    const cartId = await cartWith(2);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, total: 1, subtotal: 1 }).expect(200);
    expect(res.body.orderNumber).toMatch(/^PS-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(res.body.orderId).toBe(orderIdForCart(cartId));
    // A shopper gets a sealed read-your-writes token, never the raw log position.
    expect(res.headers['x-event-position']).toMatch(/^rw1\.[\w-]+$/);
    const [placed] = await t.store.readStream(orderStream(res.body.orderId));
    expect(placed.type).toBe('OrderPlaced');
    const data = placed.data as { totals: { subtotal: number; shippingCost: number; codFee: number; total: number }; customer: { phone: string } };
    // 2 × 200 EGP, Cairo shipping 60, COD 20
    expect(data.totals).toMatchObject({ subtotal: 40000, shippingCost: 6000, codFee: 2000, total: 48000 });
    // The answer carries the breakdown the order recorded, for the confirmation page to explain the total.
    expect(res.body.totals).toEqual({ subtotal: 400, discountFromPromotions: 0, promoCode: null, discountFromPromoCode: 0, shippingCost: 60, codFee: 20, taxAmount: expect.any(Number), total: 480 });
    expect(placed.metadata.correlationId).toBe(res.headers['x-request-id']);
    expect(placed.metadata.actor).toEqual({ kind: 'shopper', id: cartId });
    // the checked-out cart is finished: the next cart call starts a new one
    const next = await t.request().get('/api/user/cart').set('X-Cart-Id', cartId).expect(200);
    expect(next.body.cartId).not.toBe(cartId);
    expect(next.body.cart.items).toEqual([]);
  });

  it('refuses an empty cart with "Your cart is empty" and appends only the funnel\'s CheckoutRejected', async () => {
    const empty = (await t.request().get('/api/user/cart').expect(200)).body.cartId;
    const before = await t.eventCount();
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', empty).send(VALID_CHECKOUT).expect(400);
    expect(res.body.message).toBe('Your cart is empty');
    expect(await t.eventCount()).toBe(before + 1);
    const [rejected] = await t.store.readStream(`checkoutrejection-${empty}`);
    expect(rejected).toMatchObject({ type: 'CheckoutRejected', data: { cartId: empty, reason: 'CART_EMPTY', governorate: 'CAIRO' } });
    expect(JSON.stringify(rejected.data)).not.toContain(VALID_CHECKOUT.phone);
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: undefined }, 'Last name is required'],
    [{ phone: '' }, 'Phone number is required'],
    [{ phone: '0123' }, 'Please enter a valid Egyptian phone number.'],
    [{ addressLine: ' ' }, 'Address line is required'],
    [{ building: '' }, 'Building is required'],
    [{ apartment: '' }, 'Apartment is required'],
    [{ city: '' }, 'City is required'],
    [{ governorate: '' }, 'Governorate is required'],
    [{ paymentMethod: '' }, 'Payment method is required'],
  ])('refuses %j with the spec message and appends nothing but a bad phone\'s CheckoutRejected', async (change, message) => {
    const cartId = await cartWith(2);
    const before = await t.eventCount();
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, ...change }).expect(400);
    expect(res.body.message).toBe(message);
    // Missing fields are malformed input (not recorded); a number that is not Egyptian is the funnel's BAD_PHONE.
    const recorded = message === 'Please enter a valid Egyptian phone number.' ? 1 : 0;
    expect(await t.eventCount()).toBe(before + recorded);
  });

  it.each([
    [{ latitude: 'abc' }, 'Latitude must be a number from -90 to 90'],
    [{ latitude: 'NaN' }, 'Latitude must be a number from -90 to 90'],
    [{ latitude: '1e309' }, 'Latitude must be a number from -90 to 90'],
    [{ latitude: 90.01 }, 'Latitude must be a number from -90 to 90'],
    [{ longitude: '0x10' }, 'Longitude must be a number from -180 to 180'],
    [{ longitude: -181 }, 'Longitude must be a number from -180 to 180'],
    [{ longitude: true }, 'Longitude must be a number from -180 to 180'],
  ])('refuses the coordinate %j with a 400 naming it, appending nothing (never Cairo\'s instead)', async (change, message) => {
    const cartId = await cartWith(2);
    const before = await t.eventCount();
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, ...change }).expect(400);
    expect(res.body.message).toBe(message);
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses a JSON coordinate that overflows to Infinity, and keeps a valid one as sent', async () => {
    const cartId = await cartWith(2);
    const overflow = JSON.stringify({ ...VALID_CHECKOUT, longitude: 31 }).replace('"longitude":31', '"longitude":1e309');
    const refused = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).set('Content-Type', 'application/json').send(overflow).expect(400);
    expect(refused.body.message).toBe('Longitude must be a number from -180 to 180');
    const placed = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, latitude: '-12.5', longitude: 179.9 }).expect(200);
    const [order] = await t.store.readStream(orderStream(placed.body.orderId));
    expect(order.data).toMatchObject({ customer: { latitude: -12.5, longitude: 179.9 } });
  });

  it("stores no map pin when none is sent or the form's default pair is, and the order reads as having none", async () => {
    for (const pin of [{}, { latitude: 30.0444, longitude: 31.2357 }, { latitude: '30.0444', longitude: '31.2357' }]) {
      const cartId = await cartWith(2);
      const placed = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, latitude: undefined, longitude: undefined, ...pin }).expect(200);
      const [order] = await t.store.readStream(orderStream(placed.body.orderId));
      expect(order.data).toMatchObject({ customer: { latitude: null, longitude: null } });
    }
  });

  it('enforces the minimum of 2 posters outside the exempt governorates (add-ons do not count)', async () => {
    const cartId = await cartWith(1);
    const { productId } = await seedProduct(t.store);
    await t.request().post('/api/user/cart').set('X-Cart-Id', cartId).send({ productId, quantity: 3 }).expect(200);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, governorate: 'ALEXANDRIA' }).expect(400);
    expect(res.body.message).toBe('Minimum order for ALEXANDRIA is 2 posters');
    await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, governorate: 'GIZA' }).expect(200);
  });

  it('makes exactly one order from 20 concurrent checkouts of one cart, and all get its number', async () => {
    const cartId = await cartWith(3);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send(VALID_CHECKOUT)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const numbers = new Set(answers.map((a) => a.body.orderNumber));
    expect(numbers.size).toBe(1);
    const events = await t.store.readStream(orderStream(orderIdForCart(cartId)));
    expect(events.filter((e) => e.type === 'OrderPlaced')).toHaveLength(1);
    const cartEvents = await t.store.readStream(`cart-${cartId}`);
    expect(cartEvents.filter((e) => e.type === 'CartCheckedOut')).toHaveLength(1);
  });

  it('answers a retry with the same Idempotency-Key with the same order', async () => {
    const cartId = await cartWith(2);
    const a = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).set('Idempotency-Key', 'key-1').send(VALID_CHECKOUT).expect(200);
    const b = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).set('Idempotency-Key', 'key-1').send(VALID_CHECKOUT).expect(200);
    expect(b.body.orderNumber).toBe(a.body.orderNumber);
  });

  it('scopes an Idempotency-Key to its cart: another cart with the same key gets its own order', async () => {
    const a = await cartWith(2);
    const b = await cartWith(3);
    const first = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', a).set('Idempotency-Key', 'shared-key').send(VALID_CHECKOUT).expect(200);
    const second = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', b).set('Idempotency-Key', 'shared-key').send(VALID_CHECKOUT).expect(200);
    expect(second.body).toMatchObject({ cartId: b, orderId: orderIdForCart(b), total: 680 });
    expect(second.body.orderNumber).not.toBe(first.body.orderNumber);
    const [placed] = await t.store.readStream(orderStream(orderIdForCart(b)));
    expect(placed.data).toMatchObject({ cartId: b, orderNumber: second.body.orderNumber });
  });

  it('refuses the same Idempotency-Key on the same cart with another body (422), appending nothing', async () => {
    const cartId = await cartWith(2);
    await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).set('Idempotency-Key', 'key-422').send(VALID_CHECKOUT).expect(200);
    const before = await t.eventCount();
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).set('Idempotency-Key', 'key-422')
      .send({ ...VALID_CHECKOUT, firstName: 'Someone' }).expect(422);
    expect(res.body.message).toBe('This Idempotency-Key was already used for a checkout with a different request body. Use a new key for a new request.');
    expect(await t.eventCount()).toBe(before);
  });

  it('answers the same key and body with the original answer after a restart (nothing kept in memory)', async () => {
    await seedPromo(t.store, 'GONE5', 5);
    const cartId = await cartWith(2);
    await t.request().post('/api/user/cart/promocode/apply?code=GONE5').set('X-Cart-Id', cartId).expect(200);
    await deactivatePromo(t.store, 'GONE5');
    const first = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).set('Idempotency-Key', 'key-restart').send(VALID_CHECKOUT).expect(200);
    const restarted = await createTestApp({ projector: false, sameDatabaseAs: t });
    try {
      const again = await restarted.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).set('Idempotency-Key', 'key-restart').send(VALID_CHECKOUT).expect(200);
      expect(again.body).toEqual(first.body);
      expect(first.body.promoMessage).toBe('Promo code GONE5 is no longer active');
    } finally {
      await restarted.close();
    }
  });

  it('answers a retry with another body (and no key) with the order first placed, never a rebuilt one', async () => {
    const cartId = await cartWith(2);
    const first = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send(VALID_CHECKOUT).expect(200);
    const retry = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId)
      .send({ ...VALID_CHECKOUT, firstName: 'Renamed', governorate: 'ASWAN', paymentMethod: 'ONLINE' }).expect(200);
    expect(retry.body).toEqual(first.body);
    const events = await t.store.readStream(orderStream(first.body.orderId));
    expect(events).toHaveLength(1);
    expect((events[0].data as { customer: { firstName: string } }).customer.firstName).toBe(VALID_CHECKOUT.firstName);
  });

  it('records the decided order in CartCheckedOut, and OrderPlaced is exactly that order', async () => {
    const cartId = await cartWith(2);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).set('Idempotency-Key', 'key-record').send(VALID_CHECKOUT).expect(200);
    const checkedOut = (await t.store.readStream(`cart-${cartId}`)).find((e) => e.type === 'CartCheckedOut')!;
    const [placed] = await t.store.readStream(orderStream(res.body.orderId));
    const data = checkedOut.data as { order: unknown; request: { idempotencyKey: string; bodyHash: string } };
    expect(data.order).toEqual(placed.data);
    expect(data.request).toMatchObject({ idempotencyKey: 'key-record', bodyHash: expect.stringMatching(/^[\w-]{43}$/) });
    expect(placed.id).toBe(checkoutEventIds(cartId).orderPlaced);
    expect(placed.metadata).toEqual({ ...checkedOut.metadata, causationId: checkedOut.id });
  });

  it('still completes a schema-1 CartCheckedOut (order not recorded) on a retry, with the reserved number', async () => {
    const cartId = await cartWith(2);
    const orderId = orderIdForCart(cartId);
    const metadata = { correlationId: 'old-release', actor: { kind: 'shopper' as const, id: cartId }, occurredAt: new Date().toISOString() };
    await t.store.append(`cart-${cartId}`, [{ id: randomUUID(), type: 'CartCheckedOut', data: { orderId, orderNumber: 'PS-2345-6789' }, metadata }], { expectedRevision: 'stream_exists' });
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send(VALID_CHECKOUT).expect(200);
    expect(res.body).toMatchObject({ orderNumber: 'PS-2345-6789', orderId, total: 480, totals: { subtotal: 400, shippingCost: 60, codFee: 20, total: 480 } });
    const again = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, firstName: 'Renamed' }).expect(200);
    expect(again.body).toEqual(res.body);
    expect(await t.store.readStream(orderStream(orderId))).toHaveLength(1);
  });

  it('counts checkouts in the command metrics: placed once, answered again as a no-op, refused', async () => {
    const counts = async () => {
      const text = (await t.request().get('/api/metrics').set('Authorization', `Bearer ${t.adminToken()}`).expect(200)).text;
      const count = (outcome: string) => Number(new RegExp(`^api_commands_total\\{[^}]*command="CheckOutCart",outcome="${outcome}"[^}]*\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
      return { appended: count('appended'), noop: count('noop'), rejected: count('rejected') };
    };
    const cartId = await cartWith(2);
    const before = await counts();
    await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send({ ...VALID_CHECKOUT, city: '' }).expect(400);
    await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send(VALID_CHECKOUT).expect(200);
    await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send(VALID_CHECKOUT).expect(200);
    const after = await counts();
    expect({ appended: after.appended - before.appended, noop: after.noop - before.noop, rejected: after.rejected - before.rejected }).toEqual({ appended: 1, noop: 1, rejected: 1 });
  });

  it('charges the price of checkout time when the catalogue changed after add-to-cart', async () => {
    const cartId = await cartWith(2, 'SIZE_30x40');
    await changePosterPrices(t.store, poster.posterId, poster.variants.map((v) => ({ ...v, price: v.size === 'SIZE_30x40' ? 45000 : v.price })));
    const cart = await t.request().get('/api/user/cart?governorate=CAIRO').set('X-Cart-Id', cartId).expect(200);
    expect(cart.body.cart.items[0].price).toBe(450);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send(VALID_CHECKOUT).expect(200);
    const [placed] = await t.store.readStream(orderStream(res.body.orderId));
    const data = placed.data as { items: Array<{ unitPrice: number }>; totals: { subtotal: number } };
    expect(data.items[0].unitPrice).toBe(45000);
    expect(data.totals.subtotal).toBe(90000);
    expect(res.body.total).toBe(cart.body.cart.total);
  });

  it('applies a promo code, and drops it at checkout once deactivated, with a message', async () => {
    await seedPromo(t.store, 'FOLLOW10', 10);
    const cartId = await cartWith(2);
    const bad = await t.request().post('/api/user/cart/promocode/apply?code=NOPE').set('X-Cart-Id', cartId).expect(400);
    expect(bad.body.message).toBe('Invalid promo code');
    const ok = await t.request().post('/api/user/cart/promocode/apply?code=follow10').set('X-Cart-Id', cartId).expect(200);
    expect(ok.body).toMatchObject({ promoCode: 'FOLLOW10', message: 'Promo code FOLLOW10 applied successfully!' });
    expect(ok.body.cart).toMatchObject({ promoDiscount: 10, discountFromPromoCode: 40 });
    expect((await t.request().get('/api/user/cart/promocode').set('X-Cart-Id', cartId).expect(200)).body.promoCode).toBe('FOLLOW10');
    await deactivatePromo(t.store, 'FOLLOW10');
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cartId).send(VALID_CHECKOUT).expect(200);
    expect(res.body.promoMessage).toBe('Promo code FOLLOW10 is no longer active');
    expect(res.body.total).toBe(480);
  });

  it('sets the payment method: ONLINE has no COD fee; a bad method is a 400', async () => {
    const cartId = await cartWith(2);
    const res = await t.request().post('/api/user/cart/payment-method?method=ONLINE').set('X-Cart-Id', cartId).expect(200);
    expect(res.body.cart).toMatchObject({ paymentMethod: 'ONLINE', codFee: 0 });
    const bad = await t.request().post('/api/user/cart/payment-method?method=CASH').set('X-Cart-Id', cartId).expect(400);
    expect(bad.body.message).toBe('Payment method must be COD or ONLINE');
  });

  it('estimates shipping by governorate, free for a cart past the threshold', async () => {
    expect((await t.request().get('/api/user/shipping/estimate?governorate=ALEXANDRIA').expect(200)).body).toBe(70);
    const big = await cartWith(8); // 8 × 200 = 1,600 ≥ 1,499
    expect((await t.request().get('/api/user/shipping/estimate?governorate=ASWAN').set('X-Cart-Id', big).expect(200)).body).toBe(0);
    expect((await t.request().get('/api/user/shipping/estimate?governorate=ATLANTIS').expect(400)).body.message).toBe('Please select a valid governorate');
  });

  it('prices a custom poster size', async () => {
    expect((await t.request().get('/api/user/calculate?size=SIZE_30x40').expect(200)).body).toEqual({ size: 'SIZE_30x40', price: 220 });
    expect((await t.request().get('/api/user/calculate?size=SIZE_1x1').expect(400)).body.message).toBe('Please select a valid size');
  });
});

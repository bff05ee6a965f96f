import { randomUUID } from 'node:crypto';
import type { NewEvent } from '#event-store/event-store.port.js';
import { PROJECTION_NAMES } from '#read-models/projection-names.js';
import { ProjectorRunner } from '../runner/runner.js';
import { createProjectorTestDb, type TestDb, projectUnits } from '../testing/projector-test-kit.js';
import { ALL_PROJECTIONS } from '#read-models/projections/all-projections.js';

const admin = { kind: 'admin' as const, id: 'boss' };
const shopper = { kind: 'shopper' as const, id: 'cart-1' };
let clock = Date.parse('2026-03-31T21:30:00Z'); // 23:30 in Cairo: o1 and o2 land on March 31 there, o3 after midnight (still March 31 in UTC)
function ev(type: string, data: unknown, actor: { kind: 'admin' | 'shopper' | 'system'; id: string } = admin): NewEvent {
  clock += 60_000;
  return { id: randomUUID(), type, data, metadata: { correlationId: 'corr-1', actor, occurredAt: new Date(clock).toISOString(), schemaVersion: 1 } };
}

const P1 = 'p1';
const P2 = 'p2';
const variants1 = [{ variantId: 'v1', size: 'SIZE_20x30', price: 20000 }, { variantId: 'v2', size: 'SIZE_30x40', price: 30000 }];

function order(orderId: string, phone: string, email: string | null, items: Array<{ posterId: string; quantity: number; unitPrice: number; size: string }>, pin = { latitude: 30.1, longitude: 31.2 }) {
  const subtotal = items.reduce((s, i) => s + i.unitPrice * i.quantity, 0);
  return ev('OrderPlaced', {
    orderId, orderNumber: `PS-${orderId.toUpperCase()}`, cartId: `cart-${orderId}`, placedAt: new Date(clock + 60_000).toISOString(),
    customer: { firstName: 'Mona', lastName: 'Ali', phone, email, addressLine: '1 Nile St', building: '2', apartment: '3', city: 'Cairo', governorate: 'CAIRO', ...pin, notes: null },
    paymentMethod: 'COD', promoCode: 'WELCOME10', promoPercent: 10,
    items: items.map((i, k) => ({ itemId: `${orderId}-i${k}`, kind: 'poster', posterId: i.posterId, productId: null, variantId: 'v1', name: 'Lions', category: 'FOOTBALL', imageUrl: 'x.jpg', customImagePath: null, size: i.size, quantity: i.quantity, unitPrice: i.unitPrice, originalUnitPrice: i.unitPrice, discountPercentage: 0, lineTotal: i.unitPrice * i.quantity })),
    totals: { subtotal, discountFromPromotions: 0, discountFromPromoCode: 1000, shippingCost: 6000, codFee: 1000, taxAmount: 100, total: subtotal - 1000 + 7000 },
  }, shopper);
}

describe('projections build every read model from given events', () => {
  let db: TestDb;
  let runner: ProjectorRunner;
  const q = async (sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows;

  beforeAll(async () => {
    db = await createProjectorTestDb('rm');
    const units: Array<[string, NewEvent[]]> = [
      ['discounts', [ev('DiscountCreated', { discountId: 1, category: 'FOOTBALL', percentage: 10, active: true }), ev('DiscountCreated', { discountId: 2, category: null, percentage: 5, active: true })]],
      [`poster-${P1}`, [ev('PosterCreated', { posterId: P1, name: 'Lions', description: 'Red', category: 'FOOTBALL', imageUrl: 'p1.jpg', visible: true, variants: variants1 })]],
      [`poster-${P2}`, [ev('PosterCreated', { posterId: P2, name: 'Cars', description: 'Fast', category: 'CARS', imageUrl: 'p2.jpg', visible: true, variants: [{ variantId: 'w1', size: 'SIZE_50x70', price: 50000 }] })]],
      [`poster-${P2}`, [ev('PosterDetailsChanged', { posterId: P2, name: 'Fast cars' }), ev('PosterVisibilityChanged', { posterId: P2, visible: false })]],
      ['discounts', [ev('DiscountChanged', { discountId: 1, percentage: 20, active: true })]],
      ['product-a1', [ev('ProductCreated', { productId: 'a1', name: 'Frame', description: 'Black', price: 5000, imageUrl: null }), ev('ProductUpdated', { productId: 'a1', name: 'Frame', description: 'Black wood', price: 5500, imageUrl: 'f.jpg' })]],
      ['product-a2', [ev('ProductCreated', { productId: 'a2', name: 'Sticker', description: 'Small', price: 1000, imageUrl: null }), ev('ProductDeleted', { productId: 'a2' })]],
      ['custompricing', [ev('CustomPriceSet', { size: 'SIZE_20x30', price: 25000 }), ev('CustomPriceSet', { size: 'SIZE_20x30', price: 26000 })]],
      ['promo-WELCOME10', [ev('PromoCodeCreated', { code: 'WELCOME10', percentOff: 10, active: true }), ev('PromoCodeDeactivated', { code: 'WELCOME10' }), ev('PromoCodePercentChanged', { code: 'WELCOME10', percentOff: 15 })]],
      ['promo-GONE', [ev('PromoCodeCreated', { code: 'GONE', percentOff: 10, active: true }), ev('PromoCodeDeleted', { code: 'GONE' })]],
      ['announcement', [ev('AnnouncementChanged', { text: 'Hello' }), ev('AnnouncementChanged', { text: 'Sale!' })]],
      ['gallery', [ev('GalleryImageAdded', { imageId: 'g1', imageUrl: 'g1.jpg' }), ev('GalleryImageAdded', { imageId: 'g2', imageUrl: 'g2.jpg' }), ev('GalleryImageRemoved', { imageId: 'g1' })]],
      ['newsletter', [ev('NewsletterSubscribed', { subscriberId: 's1', email: 'a@x.com' }, shopper), ev('NewsletterSubscribed', { subscriberId: 's2', email: 'b@x.com' }, shopper), ev('NewsletterUnsubscribed', { subscriberId: 's1', email: 'a@x.com' }, shopper)]],
      ['cart-1', [ev('ItemAddedToCart', { itemId: 'i1', kind: 'poster', posterId: P1, variantId: 'v1', productId: null, size: 'SIZE_20x30', quantity: 2, customImagePath: null }, shopper)]],
      ['order-o1', [order('o1', '01000000001', 'mona@x.com', [{ posterId: P1, quantity: 2, unitPrice: 16000, size: 'SIZE_20x30' }, { posterId: P2, quantity: 1, unitPrice: 50000, size: 'SIZE_50x70' }])]],
      // Placed before checkout stored no pin as none: the form's default pair.
      ['order-o2', [order('o2', '01000000001', null, [{ posterId: P1, quantity: 3, unitPrice: 16000, size: 'SIZE_20x30' }], { latitude: 30.0444, longitude: 31.2357 })]],
      ['order-o3', [order('o3', '01000000002', null, [{ posterId: P2, quantity: 4, unitPrice: 50000, size: 'SIZE_50x70' }])]],
      ['order-o1', [ev('OrderStatusChanged', { orderId: 'o1', orderNumber: 'PS-O1', from: 'PLACED', to: 'SHIPPED', reason: null })]],
      ['order-o3', [ev('OrderStatusChanged', { orderId: 'o3', orderNumber: 'PS-O3', from: 'PLACED', to: 'CANCELED', reason: 'changed mind' })]],
      // Last, so the orders' Cairo days above keep their clock. A window the projector cannot see
      // open or close: stored, never priced into the rows (docs/adr/020).
      ['discounts', [ev('DiscountCreated', { discountId: 3, category: 'CARS', percentage: 50, active: true, startsOn: '2026-01-01', endsOn: '2026-01-31' })]],
    ];
    runner = await projectUnits(db, units, ALL_PROJECTIONS, 7);
  });
  afterAll(async () => {
    await runner?.stop();
    await db?.close();
  });

  it('posters carry the best active discount of their category, re-priced when a discount changes', async () => {
    const [p1] = await q(`SELECT * FROM read.posters WHERE id = $1`, [P1]);
    expect(p1).toMatchObject({ name: 'Lions', category: 'FOOTBALL', visible: true, deleted: false, has_discount: true, discount_percentage: 20, min_price: 20000, max_price: 30000, min_discounted_price: 16000 });
    expect(p1.variants).toEqual([
      { id: 'v1', variantId: 'v1', size: 'SIZE_20x30', price: 20000, originalPrice: 20000, discountedPrice: 16000, hasDiscount: true, discountPercentage: 20, weightGrams: 0 },
      { id: 'v2', variantId: 'v2', size: 'SIZE_30x40', price: 30000, originalPrice: 30000, discountedPrice: 24000, hasDiscount: true, discountPercentage: 20, weightGrams: 0 },
    ]);
    expect([p1.original_price_sample, p1.discounted_price_sample]).toEqual([30000, 24000]);
    const [p2] = await q(`SELECT * FROM read.posters WHERE id = $1`, [P2]);
    expect(p2).toMatchObject({ name: 'Fast cars', visible: false, discount_percentage: 5, discounted_price_sample: 47500 });
  });

  it('categories count the posters the shop shows', async () => {
    expect(await q(`SELECT name, poster_count, total_count FROM read.categories ORDER BY name`)).toEqual([
      { name: 'CARS', poster_count: 0, total_count: 1 },
      { name: 'FOOTBALL', poster_count: 1, total_count: 1 },
    ]);
  });

  it('products, custom prices, promo codes, discounts, announcement, gallery, newsletter', async () => {
    expect(await q(`SELECT id, description, price, image_url, deleted FROM read.products ORDER BY id`)).toEqual([
      { id: 'a1', description: 'Black wood', price: 5500, image_url: 'f.jpg', deleted: false },
      { id: 'a2', description: 'Small', price: 1000, image_url: null, deleted: true },
    ]);
    expect(await q(`SELECT size, price FROM read.custom_prices`)).toEqual([{ size: 'SIZE_20x30', price: 26000 }]);
    expect(await q(`SELECT code, percent_off, active FROM read.promo_codes WHERE NOT deleted`)).toEqual([{ code: 'WELCOME10', percent_off: 15, active: false }]);
    expect(await q(`SELECT code, deleted FROM read.promo_codes WHERE deleted`)).toEqual([{ code: 'GONE', deleted: true }]);
    expect(await q(`SELECT id, category, percentage, active, starts_on, ends_on FROM read.discounts ORDER BY id`)).toEqual([
      { id: 1, category: 'FOOTBALL', percentage: 20, active: true, starts_on: null, ends_on: null },
      { id: 2, category: null, percentage: 5, active: true, starts_on: null, ends_on: null },
      { id: 3, category: 'CARS', percentage: 50, active: true, starts_on: '2026-01-01', ends_on: '2026-01-31' },
    ]);
    expect(await q(`SELECT id, text, updated_by FROM read.announcements`)).toEqual([{ id: 1, text: 'Sale!', updated_by: 'boss' }]);
    expect(await q(`SELECT id, image_url FROM read.gallery_images`)).toEqual([{ id: 'g2', image_url: 'g2.jpg' }]);
    expect(await q(`SELECT id, email FROM read.newsletter_subscribers`)).toEqual([{ id: 's2', email: 'b@x.com' }]);
    // Two subscribed, one left: the count kept beside the table says 1.
    expect(await q(`SELECT id, n FROM read.newsletter_subscriber_counts`)).toEqual([{ id: 1, n: 1 }]);
  });

  it('orders with items and their current status', async () => {
    const orders = await q(`SELECT id, status, status_reason, subtotal, total, item_count, phone, promo_code, discount_from_promo_code FROM read.orders ORDER BY id`);
    expect(orders).toEqual([
      { id: 'o1', status: 'SHIPPED', status_reason: null, subtotal: 82000, total: 88000, item_count: 3, phone: '01000000001', promo_code: 'WELCOME10', discount_from_promo_code: 1000 },
      { id: 'o2', status: 'PLACED', status_reason: null, subtotal: 48000, total: 54000, item_count: 3, phone: '01000000001', promo_code: 'WELCOME10', discount_from_promo_code: 1000 },
      { id: 'o3', status: 'CANCELED', status_reason: 'changed mind', subtotal: 200000, total: 206000, item_count: 4, phone: '01000000002', promo_code: 'WELCOME10', discount_from_promo_code: 1000 },
    ]);
    expect(await q(`SELECT order_id, line_no, poster_id, quantity, unit_price, line_total, size FROM read.order_items WHERE order_id = 'o1' ORDER BY line_no`)).toEqual([
      { order_id: 'o1', line_no: 0, poster_id: P1, quantity: 2, unit_price: 16000, line_total: 32000, size: 'SIZE_20x30' },
      { order_id: 'o1', line_no: 1, poster_id: P2, quantity: 1, unit_price: 50000, line_total: 50000, size: 'SIZE_50x70' },
    ]);
    expect(await q(`SELECT id, n FROM read.order_counts`)).toEqual([{ id: 1, n: 3 }]);
  });

  it("an order placed with the checkout form's default map position reads as no pin", async () => {
    expect(await q(`SELECT id, latitude, longitude FROM read.orders WHERE id IN ('o1', 'o2') ORDER BY id`)).toEqual([
      { id: 'o1', latitude: 30.1, longitude: 31.2 },
      { id: 'o2', latitude: null, longitude: null },
    ]);
  });

  it('order history: every order event with actor and what changed', async () => {
    const rows = await q(`SELECT order_id, type, actor_kind, actor_id, changes, correlation_id FROM read.order_history WHERE order_id = 'o3' ORDER BY commit_position, prepare_position`);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ type: 'OrderPlaced', actor_kind: 'shopper', actor_id: 'cart-1', correlation_id: 'corr-1' });
    expect(rows[0].changes).toMatchObject({ status: { from: null, to: 'PLACED' }, total: 206000, itemCount: 4 });
    expect(rows[1]).toMatchObject({ type: 'OrderStatusChanged', actor_kind: 'admin', actor_id: 'boss', changes: { status: { from: 'PLACED', to: 'CANCELED' }, reason: 'changed mind' } });
  });

  it('customers by phone with their latest address, e-mail kept, order count', async () => {
    expect(await q(`SELECT phone, email, order_count, last_order_id FROM read.customers ORDER BY phone`)).toEqual([
      { phone: '01000000001', email: 'mona@x.com', order_count: 2, last_order_id: 'o2' },
      { phone: '01000000002', email: null, order_count: 1, last_order_id: 'o3' },
    ]);
    expect(await q(`SELECT id, n FROM read.customer_counts`)).toEqual([{ id: 1, n: 2 }]);
  });

  it('bestsellers exclude canceled orders', async () => {
    expect(await q(`SELECT poster_id, total_ordered FROM read.bestsellers ORDER BY poster_id`)).toEqual([
      { poster_id: P1, total_ordered: 5 },
      { poster_id: P2, total_ordered: 1 },
    ]);
  });

  it('dashboard: per Cairo day, sales of SHIPPED orders only, active = PLACED', async () => {
    // A sold order's total is its net sales and delivery fees (money/figures.ts).
    const money = `coalesce((money->>'grossSales')::int, 0) AS gross_sales, coalesce((money->>'netSales')::int + (money->>'deliveryFees')::int, 0) AS sold_total`;
    const days = await q(`SELECT day::text AS day, orders_count, placed_count, shipped_count, canceled_count, ${money} FROM read.daily_sales ORDER BY day`);
    expect(days).toEqual([
      { day: '2026-03-31', orders_count: 2, placed_count: 1, shipped_count: 1, canceled_count: 0, sold_total: 88000, gross_sales: 82000 },
      { day: '2026-04-01', orders_count: 1, placed_count: 0, shipped_count: 0, canceled_count: 1, sold_total: 0, gross_sales: 0 },
    ]);
    // Governorates: orders not CANCELED, the money of the SHIPPED ones, kept as deltas.
    expect(await q(`SELECT governorate, orders_count, ${money} FROM read.governorate_sales`)).toEqual([{ governorate: 'CAIRO', orders_count: 2, sold_total: 88000, gross_sales: 82000 }]);
  });

  it('checkpoints: every projection live at its version, running, owned by the replica', async () => {
    const rows = await q(`SELECT projection, status, owner, version FROM projector.checkpoints WHERE slot = 'live' ORDER BY projection`);
    expect(rows.map((r) => r.projection).sort()).toEqual([...PROJECTION_NAMES].sort());
    const versions = new Map(ALL_PROJECTIONS.map((p) => [p.name, p.version]));
    expect(rows.map((r) => `${r.projection}: ${r.status}/${r.owner}/${r.version}`)).toEqual(rows.map((r) => `${r.projection}: running/r1/${versions.get(r.projection)}`));
  });
});

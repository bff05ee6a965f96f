import pg from 'pg';
import { PostgresEventStore } from '#event-store/postgres/postgres-event-store.js';
import { countStoredEvents, createTestDatabase } from '#platform/testing/test-database.js';
import { buildReadModels } from './build-read-models.js';
import { seedScale, type SeedScaleResult } from './seed-scale.js';

/** The kinds of history the issue asks the log to hold. */
const EXPECTED_TYPES = [
  'PosterCreated', 'PosterDetailsChanged', 'PosterVariantsChanged', 'PosterVisibilityChanged', 'ProductCreated', 'CustomPriceSet',
  'DiscountCreated', 'DiscountChanged', 'PromoCodeCreated', 'PromoCodeActivated', 'PromoCodeDeactivated',
  'ItemAddedToCart', 'ItemRemovedFromCart', 'CartItemQuantityChanged', 'PromoCodeApplied', 'PaymentMethodChosen',
  'OrderNumberReserved', 'CartCheckedOut', 'OrderPlaced', 'OrderStatusChanged', 'NewsletterSubscribed', 'AnnouncementChanged', 'GalleryImageAdded',
];

describe('seed:scale on real PostgreSQL', () => {
  let db: { url: string; drop: () => Promise<void> };
  let store: PostgresEventStore;
  let pool: pg.Pool;
  let seeded: SeedScaleResult;
  const one = async <T>(sql: string) => (await pool.query(sql)).rows[0] as T;

  beforeAll(async () => {
    db = await createTestDatabase('seedscale');
    store = await PostgresEventStore.connect({ connectionString: db.url });
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => undefined);
    seeded = await seedScale({ store, orders: 200, seed: 5, posters: 60 });
    await buildReadModels({ store, databaseUrl: db.url, until: seeded.lastPosition });
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  it('writes every decided event, about ten an order', async () => {
    expect(seeded.written).toBe(seeded.events);
    expect(await countStoredEvents(db.url)).toBe(seeded.events);
    expect(seeded.events).toBeGreaterThanOrEqual(200 * 10);
    const { n } = await one<{ n: number }>(`SELECT count(*)::int AS n FROM event_store.events WHERE event_type = 'OrderPlaced'`);
    expect(n).toBe(200);
  });

  it('writes every kind of history the shop has', async () => {
    const { rows } = await pool.query<{ event_type: string }>('SELECT DISTINCT event_type FROM event_store.events');
    expect(rows.map((r) => r.event_type)).toEqual(expect.arrayContaining(EXPECTED_TYPES));
  });

  it('builds the read models: one order row per OrderPlaced, one customer per phone, the subscribers left', async () => {
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM read.orders')).n).toBe(200);
    const phones = await one<{ n: number }>(`SELECT count(DISTINCT data->'customer'->>'phone')::int AS n FROM event_store.events WHERE event_type = 'OrderPlaced'`);
    expect(phones.n).toBe(seeded.distinctPhones);
    expect(seeded.distinctPhones).toBeLessThan(200); // some customers came back
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM read.customers')).n).toBe(seeded.distinctPhones);
    const subscribers = (seeded.eventsByType.NewsletterSubscribed ?? 0) - (seeded.eventsByType.NewsletterUnsubscribed ?? 0);
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM read.newsletter_subscribers')).n).toBe(subscribers);
  });

  it('moves orders through their statuses, with the totals the deciders priced', async () => {
    const statuses = await pool.query<{ status: string }>('SELECT DISTINCT status FROM read.orders');
    expect(statuses.rows.map((r) => r.status)).toEqual(expect.arrayContaining(['SHIPPED', 'CANCELED']));
    const totals = await one<{ n: number }>(`
      SELECT count(*)::int AS n FROM event_store.events
       WHERE event_type = 'OrderPlaced'
         AND (data->'totals'->>'total')::int = (data->'totals'->>'subtotal')::int - (data->'totals'->>'discountFromPromotions')::int
             - (data->'totals'->>'discountFromPromoCode')::int + (data->'totals'->>'shippingCost')::int + (data->'totals'->>'codFee')::int`);
    expect(totals.n).toBe(200);
  });

  it('refuses to write into a log that already has events', async () => {
    await expect(seedScale({ store, orders: 1, seed: 5 })).rejects.toThrow('empty event store');
  });
});

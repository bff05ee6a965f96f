import pg from 'pg';
import { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
import { PostgresKeyStore } from '#event-store/personal-data/key-store.js';
import { migrateEventStoreSchema } from '#event-store/postgres/postgres-schema.migration.js';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { prepareBareDatabase, startBareCheckout } from './bare-checkout.server.js';

const POSTER_ID = '11111111-2222-4333-8444-555555555555';
const PHONE = '01012345678';
const FORM = { firstName: 'Bench', lastName: 'Mark', phone: PHONE, addressLine: '1 Test St', building: '1', apartment: '1', city: 'Cairo', governorate: 'CAIRO', paymentMethod: 'COD' };

describe('the bare checkout (bench:api floor) on real PostgreSQL', () => {
  let catalogue: { url: string; drop: () => Promise<void> };
  let bare: { url: string; drop: () => Promise<void> };
  let app: Awaited<ReturnType<typeof startBareCheckout>>;
  let pool: pg.Pool;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`http://127.0.0.1:${app.port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const cart = async () => String((await post('/api/user/cart', { posterId: POSTER_ID, size: 'SIZE_30x40', quantity: 2 })).body.cartId);

  beforeAll(async () => {
    catalogue = await createTestDatabase('barecat');
    bare = await createTestDatabase('bare');
    const seed = new pg.Pool({ connectionString: catalogue.url, max: 1 });
    await migrateEventStoreSchema(seed);
    const variants = [{ variantId: 'v30', size: 'SIZE_30x40', price: 25_000 }];
    const data = { posterId: POSTER_ID, name: 'P', description: 'D', category: 'ART', imageUrl: 'https://example.com/p.jpg', visible: true, variants };
    const metadata = { correlationId: 'c', actor: { kind: 'admin', id: 'a' }, occurredAt: new Date().toISOString() };
    await seed.query('INSERT INTO event_store.events (event_id, stream_name, stream_revision, event_type, data, metadata) VALUES (gen_random_uuid(), $1, 0, $2, $3, $4)', [
      `poster-${POSTER_ID}`,
      'PosterCreated',
      JSON.stringify(data),
      JSON.stringify(metadata),
    ]);
    await seed.end();
    await prepareBareDatabase(bare.url, catalogue.url);
    app = await startBareCheckout(bare.url, 0, 4);
    pool = new pg.Pool({ connectionString: bare.url, max: 2 });
  });

  afterAll(async () => {
    await app?.close();
    await pool?.end();
    await bare?.drop();
    await catalogue?.drop();
  });

  it('places a COD order: number reserved, cart checked out at its next revision, order placed, priced from the poster stream', async () => {
    const cartId = await cart();
    const placed = await post('/api/user/cart/checkout', FORM, { 'x-cart-id': cartId });
    expect(placed.status).toBe(201);
    // 2 × 250 EGP and Cairo's 60 EGP shipping.
    expect(placed.body.total).toBe(560);
    const { rows } = await pool.query<{ stream_name: string; stream_revision: string; event_type: string }>(
      'SELECT stream_name, stream_revision::text, event_type FROM event_store.events WHERE stream_name NOT LIKE $1 ORDER BY global_position',
      ['poster-%'],
    );
    expect(rows).toEqual([
      { stream_name: `cart-${cartId}`, stream_revision: '0', event_type: 'ItemAddedToCart' },
      { stream_name: `ordernumber-${placed.body.orderNumber}`, stream_revision: '0', event_type: 'OrderNumberReserved' },
      { stream_name: `cart-${cartId}`, stream_revision: '1', event_type: 'CartCheckedOut' },
      { stream_name: `order-${placed.body.orderId}`, stream_revision: '0', event_type: 'OrderPlaced' },
    ]);
  });

  it('seals the personal fields with the product cipher: no phone or name in plain text, and they open with the subject key', async () => {
    const cartId = await cart();
    const placed = await post('/api/user/cart/checkout', FORM, { 'x-cart-id': cartId });
    const { rows } = await pool.query('SELECT event_id AS id, stream_name AS "streamId", event_type AS type, data, metadata, data::text AS text FROM event_store.events WHERE stream_name = $1', [`order-${placed.body.orderId}`]);
    expect(rows[0].text).not.toContain(PHONE);
    expect(rows[0].text).not.toContain('Bench');
    expect(rows[0].data.personal.v).toBe(1);
    const keys = await PostgresKeyStore.connect({ connectionString: bare.url, poolSize: 1 });
    try {
      const [opened] = await new PersonalDataCipher(keys).open(rows);
      expect((opened.data as { customer: { phone: string; firstName: string } }).customer).toMatchObject({ phone: PHONE, firstName: 'Bench' });
    } finally {
      await keys.close();
    }
  });

  it('refuses a second checkout of the cart (its expected revision is taken) and hostile input with a 4xx naming the field', async () => {
    const cartId = await cart();
    expect((await post('/api/user/cart/checkout', FORM, { 'x-cart-id': cartId })).status).toBe(201);
    expect(await post('/api/user/cart/checkout', FORM, { 'x-cart-id': cartId })).toMatchObject({ status: 409, body: { field: 'x-cart-id' } });
    expect(await post('/api/user/cart/checkout', { ...FORM, phone: '<script>' }, { 'x-cart-id': await cart() })).toMatchObject({ status: 400, body: { field: 'phone' } });
    expect(await post('/api/user/cart', { posterId: POSTER_ID, size: 'SIZE_30x40', quantity: 1e9 })).toMatchObject({ status: 400, body: { field: 'quantity' } });
    expect(await post('/api/user/cart', { posterId: 'nope', size: 'SIZE_30x40', quantity: 1 })).toMatchObject({ status: 404, body: { field: 'posterId' } });
  });
});

/**
 * The reasons staff write about a person (a refusal, a return, an edit) are personal: the log
 * holds them sealed under the order's subject, and once the person is erased no read model, no
 * export and no order history shows them. A reason written before reasons were sealed (stored in
 * clear, as an older shop's log holds it) is still applied, and erased from the read models too.
 * Confirming an erased customer's order is refused, naming why.
 */
import { createEventStore } from '#event-store/create-event-store.js';
import { orderStream } from '#domain/streams.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../../testing/seed-catalogue.js';

const A = { ...VALID_CHECKOUT, firstName: 'Zumurruda', lastName: 'Qadrawi', phone: '01012345678', email: 'zumurruda@example.com' };
const B = { ...VALID_CHECKOUT, firstName: 'Karim', lastName: 'Abdelsalam', phone: '01198765432', email: 'karim@example.com' };
const REFUSAL = 'Zumurruda shouted at the courier';
const RETURN = 'Zumurruda says the frame arrived cracked';
const EDIT = 'Zumurruda moved to her sister in Heliopolis';
const CORRECTION = 'Zumurruda swore she never took the parcel';
/** Written in clear, as a log from before sealing holds it. */
const OLD = 'Zumurruda asked by phone to cancel';
const SEALED_REASONS = [REFUSAL, RETURN, EDIT, CORRECTION];
/** B's reason: kept, since B is not erased. */
const B_REFUSAL = 'Karim was not home twice';

describe('reasons staff write about a person, erased with them (HTTP, real stack)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  let posterId: string;
  const orders: Record<'refused' | 'returned' | 'old' | 'open' | 'b', string> = { refused: '', returned: '', old: '', open: '', b: '' };

  async function placeOrder(customer: Record<string, unknown>): Promise<string> {
    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
    return (await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send(customer).expect(200)).body.orderId as string;
  }
  const move = (orderId: string, body: Record<string, unknown>) => t.request().post(`/api/admin/orders/${orderId}/status-changes`).set(auth()).send(body);
  async function exported(kind: 'orders' | 'events'): Promise<string> {
    const { body } = await t.request().post('/api/admin/exports').set(auth()).send({ kind }).expect(202);
    for (let i = 0; i < 800; i++) {
      const job = await t.request().get(`/api/admin/jobs/${body.jobId}`).set(auth()).expect(200);
      if (job.body.state === 'failed') throw new Error(job.body.error);
      if (job.body.state === 'completed') {
        const file = await t.request().get(`/api/admin/jobs/${body.jobId}/download`).set(auth()).buffer(true).parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
        return file.status === 200 ? (file.body as Buffer).toString('utf8') : '';
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`export ${kind} did not finish`);
  }
  /** Every row of every table of the read models (the log and the key store aside), as text: which holds `text`. */
  async function readModelRowsHolding(text: string): Promise<string[]> {
    const tables: Array<{ schema: string; name: string }> = await t.dataSource.query(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema', 'event_store', 'keystore')`,
    );
    const found: string[] = [];
    for (const { schema, name } of tables) {
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM "${schema}"."${name}" r WHERE strpos(lower(r::text), lower($1)) > 0`, [text]);
      if (n > 0) found.push(`${schema}.${name}`);
    }
    return found;
  }
  const history = async (orderId: string) => JSON.stringify((await t.request().get(`/api/admin/orders/${orderId}/history`).set(auth()).expect(200)).body);

  beforeAll(async () => {
    t = await createTestApp();
    ({ posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } }));

    // Edited while placed, then shipped, refused at the door and back on the shelf.
    orders.refused = await placeOrder(A);
    expect(await t.waitForProjections()).toBe(true);
    const placed = (await t.request().get(`/api/admin/orders/${orders.refused}`).set(auth()).expect(200)).body;
    await t.request().post(`/api/admin/orders/${orders.refused}/edits`).set(auth()).send({ city: 'Heliopolis', reason: EDIT, expectedRevision: placed.revision }).expect(200);
    await move(orders.refused, { status: 'SHIPPED' }).expect(200);
    await move(orders.refused, { status: 'REFUSED', reason: REFUSAL }).expect(200);
    await move(orders.refused, { status: 'RETURNED' }).expect(200);

    // Delivered, a line returned with its refund, then the delivery corrected to a refusal and the parcel back.
    orders.returned = await placeOrder(A);
    for (const status of ['SHIPPED', 'DELIVERED']) await move(orders.returned, { status }).expect(200);
    expect(await t.waitForProjections()).toBe(true);
    const delivered = (await t.request().get(`/api/admin/orders/${orders.returned}`).set(auth()).expect(200)).body;
    await t.request().post(`/api/admin/orders/${orders.returned}/returns`).set(auth()).send({ lines: [{ itemId: delivered.items[0].itemId, quantity: 1 }], reason: RETURN, refund: 200 }).expect(200);
    await move(orders.returned, { status: 'REFUSED', correction: true, reason: CORRECTION }).expect(200);
    await move(orders.returned, { status: 'RETURNED' }).expect(200);

    // Canceled by a reason an older shop wrote in clear (no phone on the event, nothing sealed).
    orders.old = await placeOrder(A);
    const plain = await createEventStore({ kind: 'postgres', connectionString: t.config.databaseUrl, keyStore: 'off' });
    try {
      const [first] = await plain.readStream(orderStream(orders.old));
      await plain.append(orderStream(orders.old), [{
        id: crypto.randomUUID(), type: 'OrderStatusChanged',
        data: { orderId: orders.old, orderNumber: (first.data as { orderNumber: string }).orderNumber, from: 'PLACED', to: 'CANCELED', reason: OLD, by: { username: 'admin', role: 'owner' }, courier: null, trackingNumber: null },
        metadata: { correlationId: crypto.randomUUID(), actor: { kind: 'admin', id: 'admin' }, occurredAt: new Date().toISOString() },
      }], { expectedRevision: first.revision });
    } finally {
      await plain.close();
    }

    orders.b = await placeOrder(B);
    await move(orders.b, { status: 'SHIPPED' }).expect(200);
    await move(orders.b, { status: 'REFUSED', reason: B_REFUSAL }).expect(200);
    expect(await t.waitForProjections()).toBe(true);
  });
  afterAll(() => t?.close());

  it('seals the reasons in the log, shows them to staff while the person is known, and applies one written in clear', async () => {
    const stored: Array<{ data: string }> = await t.dataSource.query(`SELECT data::text AS data FROM event_store.events WHERE event_type IN ('OrderStatusChanged', 'OrderReturned', 'OrderEdited')`);
    for (const reason of SEALED_REASONS) expect(stored.filter((e) => e.data.includes(reason))).toEqual([]);
    expect(stored.filter((e) => e.data.includes(OLD))).toHaveLength(1);

    expect(await history(orders.refused)).toEqual(expect.stringContaining(REFUSAL));
    expect(await history(orders.refused)).toEqual(expect.stringContaining(EDIT));
    expect(await history(orders.returned)).toEqual(expect.stringContaining(RETURN));
    const old = (await t.request().get(`/api/admin/orders/${orders.old}`).set(auth()).expect(200)).body;
    expect(old).toMatchObject({ status: 'CANCELED', statusReason: OLD });
    expect(await readModelRowsHolding(OLD)).not.toEqual([]);
  });

  it('erases every reason about the person from the read models, the exports and the order history; another person\'s stays', async () => {
    const subjectA = ((await t.request().get('/api/admin/customers').set(auth()).expect(200)).body.data as Array<{ subjectId: string; phone: string }>).find((c) => c.phone === A.phone)!.subjectId;
    await t.request().post(`/api/admin/customers/${subjectA}/erasure`).set(auth()).send({ phone: A.phone, reason: 'SUBJECT_REQUEST' }).expect(200);
    expect(await t.waitForProjections()).toBe(true);

    for (const reason of [...SEALED_REASONS, OLD]) {
      expect({ reason, rows: await readModelRowsHolding(reason) }).toEqual({ reason, rows: [] });
      for (const orderId of [orders.refused, orders.returned, orders.old]) expect(await history(orderId)).not.toContain(reason);
    }
    const ordersCsv = await exported('orders');
    const events = await exported('events');
    expect(ordersCsv).toContain(B.lastName);
    for (const reason of [...SEALED_REASONS, OLD]) expect(ordersCsv).not.toContain(reason);
    for (const reason of SEALED_REASONS) expect(events).not.toContain(reason);

    // The orders stay what they were, their money and statuses untouched; B's reason stays.
    const returned = (await t.request().get(`/api/admin/orders/${orders.returned}`).set(auth()).expect(200)).body;
    expect(returned).toMatchObject({ status: 'RETURNED', statusReason: null, returned: 200, refunded: 200 });
    expect(await history(orders.b)).toContain(B_REFUSAL);
    expect(await readModelRowsHolding(B_REFUSAL)).not.toEqual([]);
  });

  it('refuses to confirm an order whose customer was erased, naming why', async () => {
    // Placed, then erased with it canceled; moved back to PLACED as a mistake undone: it cannot be confirmed.
    const C = { ...VALID_CHECKOUT, firstName: 'Laila', lastName: 'Sharkawi', phone: '01255555555', email: null };
    orders.open = await placeOrder(C);
    expect(await t.waitForProjections()).toBe(true);
    const subjectC = ((await t.request().get('/api/admin/customers').set(auth()).expect(200)).body.data as Array<{ subjectId: string; phone: string }>).find((c) => c.phone === C.phone)!.subjectId;
    await t.request().post(`/api/admin/customers/${subjectC}/erasure`).set(auth()).send({ phone: C.phone, reason: 'SUBJECT_REQUEST', openOrders: 'cancel' }).expect(200);
    await move(orders.open, { status: 'PLACED' }).expect(200);
    const refused = await move(orders.open, { status: 'CONFIRMED' }).expect(409);
    expect(refused.body).toMatchObject({ code: 'CUSTOMER_ERASED' });
    expect(JSON.stringify(refused.body)).toContain('erased');
    await t.request().patch(`/api/admin/orders/${orders.open}/status`).set(auth()).send({ status: 'CONFIRMED' }).expect(409);
  });
});

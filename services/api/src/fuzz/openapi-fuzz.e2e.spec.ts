import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { PROJECTION_NAMES } from '#read-models/projection-names.js';
import { createTestApp, REFUSAL_RECORDS, TEST_ADMIN, type TestApp } from '../testing/test-app.js';
import { seedDiscount, seedPoster, seedProduct, seedPromo, VALID_CHECKOUT } from '../testing/seed-catalogue.js';
import { COMMAND_METHODS, filterValue, operationsOf, UNDECLARED_QUERY, requestArbitrary, type FuzzContext, type FuzzRequest, type Identity, type OpenApiDocument, type Operation } from './openapi-operations.js';

/**
 * Every path and method of the app's own OpenAPI document, fuzzed anonymously and as admin with
 * schema-shaped and hostile requests: no answer is a 5xx, and a refused command appends nothing.
 * Deterministic: one fixed seed per route and identity (printed with any failure), requests sent
 * one at a time so the event count around each command is exact.
 */
/** FUZZ_SEED explores other inputs; the suite itself always runs the fixed one. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 150);
const MIN_REQUESTS = 20_000;
const CONCURRENCY = 4;
/** Routes whose success ends every session of the admin. */
const ENDS_SESSIONS = /\/(logout|password)$/;
const REQUEST_TIMEOUT_MS = 15_000;
/** argon2 per attempt and a per-IP limit: a long run there only measures 429s. */
const RUNS_BY_ROUTE: Record<string, number> = {
  'POST /api/admin/auth/login': 15,
  'POST /api/admin/login': 15,
  'POST /api/user/upload': 100,
  'POST /api/gallery/upload': 100,
};

interface Failure {
  route: string;
  seed: number;
  problem: string;
  request: string;
  answer: string;
}

describe('every OpenAPI route under hostile input (fast-check)', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let ctx: FuzzContext;
  const failures: Failure[] = [];
  const sent = new Map<string, number>();
  const statuses = new Map<number, number>();
  const elapsed = new Map<string, number>();

  beforeAll(async () => {
    // A far-future X-Wait-For-Position would otherwise hold a read for the default 15 s.
    t = await createTestApp({ env: { WAIT_FOR_POSITION_MS: '30' } });
    // One listening socket for the whole run instead of supertest's listen-per-request.
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    expect((server.address() as AddressInfo).port).toBeGreaterThan(0);
    doc = (await t.request().get('/api/docs-json').expect(200)).body;
    adminSession.token = t.adminToken();
    ctx = await seedShop(t, doc, () => adminSession.token);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  /**
   * The same count as t.commandEventCount() (a refused checkout may leave its one funnel record),
   * on the app's pool on PostgreSQL: that helper opens a connection per call, which at one count
   * per command would be most of the run time.
   */
  const eventCount = async (): Promise<number> =>
    t.config.eventStore.kind === 'postgres'
      ? (await t.dataSource.query('SELECT count(*)::int AS n FROM event_store.events WHERE NOT (event_type = ANY($1::text[]))', [REFUSAL_RECORDS]))[0].n
      : t.commandEventCount();

  /**
   * The admin identity's token. A fuzzed logout (or password change) really ends every session
   * of the admin, so the identity takes a token of the new session (as signing in again would;
   * the fuzzed logins have used up this client's login attempts); otherwise every later admin
   * request would only test the 401.
   */
  const adminSession = {
    token: '',
    async renew() {
      this.token = await t.currentAdminToken();
    },
  };

  async function send(req: FuzzRequest) {
    // A response left open is a failure too; without a timeout it would stall the whole run.
    let r = t.request()[req.method](req.url).timeout(REQUEST_TIMEOUT_MS);
    for (const [name, value] of Object.entries(req.headers)) r = r.set(name, value);
    if (req.body !== undefined) r = r.send(req.body);
    return r.buffer(true).parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });
  }

  async function answer(req: FuzzRequest): Promise<{ status: number; text: string }> {
    try {
      const res = await send(req);
      return { status: res.status, text: String(res.body ?? '').slice(0, 300) };
    } catch (e) {
      return { status: 0, text: `no answer: ${(e as Error).message}` };
    }
  }

  /**
   * Runs one route as one identity; returns the number of requests sent. Commands go one at a
   * time so the event count around each is exact; queries append nothing and go CONCURRENCY at a
   * time, which keeps the database busy while this process builds the next requests.
   */
  async function fuzz(op: Operation, identity: Identity, seed: number): Promise<number> {
    const route = `${op.method.toUpperCase()} ${op.path}`;
    const numRuns = RUNS_BY_ROUTE[route] ?? RUNS_PER_ROUTE;
    const requests = fc.sample(requestArbitrary(op, identity, ctx), { seed, numRuns });
    const started = performance.now();
    const record = (req: FuzzRequest, status: number, text: string, problem = `status ${status}`) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500 || status === 0) failures.push({ route: `${route} (${identity})`, seed, problem, request: req.describe, answer: text });
    };
    if (COMMAND_METHODS.has(op.method)) {
      let before = await eventCount();
      for (const req of requests) {
        const { status, text } = await answer(req);
        record(req, status, text);
        if (identity === 'admin' && status < 300 && ENDS_SESSIONS.test(op.path)) await adminSession.renew();
        const after = await eventCount();
        if (status >= 400 && after !== before) {
          failures.push({ route: `${route} (${identity})`, seed, problem: `refused with ${status} but ${after - before} event(s) appended`, request: req.describe, answer: text });
        }
        before = after;
      }
    } else {
      for (let i = 0; i < requests.length; i += CONCURRENCY) {
        const wave = requests.slice(i, i + CONCURRENCY);
        const answers = await Promise.all(wave.map(answer));
        wave.forEach((req, j) => record(req, answers[j].status, answers[j].text));
      }
    }
    sent.set(route, (sent.get(route) ?? 0) + requests.length);
    elapsed.set(route, (elapsed.get(route) ?? 0) + performance.now() - started);
    return requests.length;
  }

  it(`sends at least ${MIN_REQUESTS} requests over every route: no 5xx, refused commands append nothing, no projection fails`, async () => {
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThanOrEqual(70);
    let total = 0;
    for (const [i, op] of ops.entries()) {
      for (const identity of ['anonymous', 'admin'] as const) total += await fuzz(op, identity, SEED + i * 2 + (identity === 'admin' ? 1 : 0));
    }

    // Every event the run appended reaches every projection without one failing on it.
    expect(await t.waitForProjections(undefined, 60_000)).toBe(true);
    const failed: Array<{ projection: string; last_error: string }> = await t.dataSource.query(
      `SELECT projection, last_error FROM projector.checkpoints WHERE status = 'failed'`,
    );

    const byStatus = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    console.log(`openapi fuzz: ${total} requests over ${ops.length} routes, seed ${SEED}; statuses ${JSON.stringify(byStatus)}`);
    const slowest = [...elapsed].sort(([, a], [, b]) => b - a).slice(0, 80).map(([r, ms]) => `${r} ${(ms / 1000).toFixed(1)}s`);
    console.log(`slowest routes: ${slowest.join('; ')}`);
    expect(failed).toEqual([]);
    expect(report(failures)).toBe('');
    if (t.config.eventStore.kind === 'postgres') {
      // The refusals it recorded for the funnel: one per cart and reason however often it was sent.
      const repeated = await t.dataSource.query(
        `SELECT stream_name, data->>'reason' AS reason FROM event_store.events WHERE event_type = ANY($1::text[]) GROUP BY 1, 2 HAVING count(*) > 1`,
        [REFUSAL_RECORDS],
      );
      expect(repeated).toEqual([]);
    }
    expect([...sent.keys()].sort()).toEqual(ops.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort());
    expect(total).toBeGreaterThanOrEqual(MIN_REQUESTS);
  }, 600_000);
});

/** One line per distinct problem (route, problem, first line of the answer), with its first request. */
function report(failures: Failure[]): string {
  const seen = new Map<string, { f: Failure; n: number }>();
  for (const f of failures) {
    const key = `${f.route} ${f.problem} ${f.answer.slice(0, 120)}`;
    const entry = seen.get(key);
    if (entry) entry.n++;
    else seen.set(key, { f, n: 1 });
  }
  return [...seen.values()]
    .map(({ f, n }) => `${f.route}: ${f.problem} ×${n} (seed ${f.seed})\n  request: ${f.request}\n  answer: ${f.answer}`)
    .join('\n');
}

/**
 * Real objects for the requests to name: posters, a product, a promo code, a discount, carts with
 * lines, a placed order, a subscriber, an export job. Without them most requests stop at "not found".
 */
async function seedShop(t: TestApp, doc: OpenApiDocument, adminToken: () => string): Promise<FuzzContext> {
  const posters = await Promise.all([
    seedPoster(t.store, { category: 'ART', prices: { SIZE_20x30: 20000, SIZE_30x40: 30000, SIZE_40x50: 40000, SIZE_50x70: 50000 } }),
    seedPoster(t.store, { category: 'ANIME' }),
    seedPoster(t.store, { category: 'MOVIES', visible: false }),
  ]);
  const { productId } = await seedProduct(t.store);
  await seedPromo(t.store, 'WELCOME10', 10);
  await seedDiscount(t.store, 'ART', 15);
  await seedDiscount(t.store, null, 5);
  const [poster] = posters;

  const carts: string[] = [];
  const lines: string[] = [];
  for (let i = 0; i < 3; i++) {
    const first = await t.request().post('/api/user/cart').send({ posterId: poster.posterId, size: 'SIZE_20x30', quantity: 1 }).expect(200);
    const cartId: string = first.body.cartId;
    const second = await t.request().post('/api/user/cart').set('X-Cart-Id', cartId).send({ productId, quantity: 2 }).expect(200);
    carts.push(cartId);
    for (const item of second.body.cart?.items ?? []) lines.push(String(item.id ?? item.lineId ?? item.itemId));
  }
  const ordered = (await t.request().post('/api/user/cart').send({ posterId: posters[1].posterId, size: 'SIZE_30x40', quantity: 1 }).expect(200)).body.cartId;
  const order = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', ordered).send(VALID_CHECKOUT);
  expect(order.status).toBe(200);
  const orderId: string = order.body.orderId;
  const subscriber = (await t.request().post('/api/public/newsletter').send({ email: 'fan@example.com' }).expect(201)).body.id;
  const auth = `Bearer ${t.adminToken()}`;
  const job = await t.request().post('/api/admin/exports').set('Authorization', auth).send({ kind: 'orders' });
  const jobIds = job.status === 202 ? [String(job.body.jobId)] : [];
  // Another member's real sessions, for the session routes to name (ending the admin's own would only leave 401s).
  await t.request().post('/api/admin/staff').set('Authorization', auth).send({ username: 'fuzz.agent', role: 'agent', password: 'fuzz-one-time' }).expect(201);
  for (let i = 0; i < 2; i++) await t.request().post('/api/admin/auth/login').send({ username: 'fuzz.agent', password: 'fuzz-one-time' }).expect(200);
  const agentSessions = ((await t.request().get('/api/admin/staff-sessions').set('Authorization', auth).expect(200)).body as { sessionId: string; username: string }[])
    .filter((s) => s.username === 'fuzz.agent')
    .map((s) => s.sessionId);
  expect(agentSessions).toHaveLength(2);
  expect(await t.waitForProjections()).toBe(true);

  const posterIds = posters.map((p) => p.posterId);
  const variantIds = posters.flatMap((p) => p.variants.map((v) => v.variantId));
  const sizes = ['SIZE_20x30', 'SIZE_30x40', 'SIZE_40x50', 'SIZE_50x70'];
  const byField: Record<string, string[]> = {
    posterId: posterIds,
    variantId: variantIds,
    productId: [productId],
    size: sizes,
    category: ['ART', 'ANIME', 'MOVIES'],
    categories: ['ART,ANIME', 'ART'],
    exclude: posterIds,
    code: ['WELCOME10', 'welcome10'],
    method: ['COD', 'ONLINE', 'cod'],
    governorate: ['CAIRO', 'GIZA', 'ALEXANDRIA'],
    'x-cart-id': [...carts, ordered],
    'X-Cart-Id': [...carts, ordered],
    'Idempotency-Key': ['00000000-0000-4000-8000-000000000001', 'retry-1'],
    email: ['fan@example.com', 'new@example.com'],
    phone: ['01012345678'],
    status: ['PLACED', 'SHIPPED', 'CANCELED'],
    kind: ['orders', 'newsletter', 'events'],
    page: ['1', '2'],
    limit: ['10', '100'],
    order: ['asc', 'desc'],
    staff: [TEST_ADMIN.username, 'nobody.here'],
  };
  const byPath: Array<[RegExp, string[]]> = [
    [/\/orders\/\{id\}/, [orderId]],
    [/\/promocodes\/\{id\}/, ['WELCOME10', 'welcome10']],
    [/\/discounts\/\{id\}/, ['1', '2']],
    [/\/newsletter\/\{id\}/, [subscriber, 'fan@example.com']],
    [/\/products\/\{id\}/, [productId]],
    [/\/projections\/\{name\}/, [...PROJECTION_NAMES]],
    [/\/jobs\/\{id\}/, jobIds],
    [/\/cart\/items\/\{itemId\}/, lines],
    [/\/pricing\/\{size\}/, sizes],
    [/sessions\/\{sessionId\}/, agentSessions],
    [/\/staff\/\{username\}\/two-factor/, ['fuzz.agent', 'admin']],
    [/poster|\{posterId\}/, posterIds],
  ];
  const schemas = doc.components?.schemas ?? {};
  return {
    resolve: (ref) => schemas[ref.replace('#/components/schemas/', '')],
    known: (field) => byField[field] ?? [],
    filterKeys: UNDECLARED_QUERY,
    filterValue,
    knownPathValues: (path) => byPath.find(([re]) => re.test(path))?.[1] ?? [...posterIds, orderId],
    adminToken,
    expiredAdminToken: () => t.expiredAdminToken(),
  };
}

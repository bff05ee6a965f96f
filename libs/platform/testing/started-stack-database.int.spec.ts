/**
 * The shop as `npm start` runs it (start.mjs: its own embedded PostgreSQL, migrations as the owner,
 * the API and the projector as their own roles), on the two promises about its database:
 * - the log is append-only by privilege: the API's and the projector's own connections cannot
 *   rewrite events, and the API cannot write the read models;
 * - no request waits forever: with PostgreSQL frozen (SIGSTOP) every API answer comes within 6 s
 *   (a 503 with Retry-After where it needs the database), the projector's /health within 1 s,
 *   and after the thaw nothing is lost or duplicated.
 * The freeze here is 8 s with request timeouts of 1 s, so a bound missed is a wait on the frozen
 * server, not a slow machine: the bounds are the issue's, far above the configured timeouts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, openSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { orderIdForCart } from '#domain/checkout/order-number.js';
import { cartStream, orderStream } from '#domain/streams.js';
// @ts-expect-error: plain-Node launcher module without type declarations
import { freePort } from '../bin/local-servers.mjs';
import { freezePostgres, type FrozenPostgres } from '../src/testing/freeze-postgres.js';
import { shopRoleUrls } from '../src/testing/shop-role-urls.js';
import { rowsAs, sqlStateAs, stackLogFile, stackLogTail, stopStartedStack } from '../src/testing/started-stack.js';
import { until } from '../src/testing/until.js';

const root = path.resolve(import.meta.dirname, '../../..');
const CHECKOUT = { firstName: 'Mona', lastName: 'Hassan', phone: '01012345678', addressLine: '12 Tahrir St', building: '4', apartment: '7', city: 'Cairo', governorate: 'CAIRO', paymentMethod: 'COD' };
const FREEZE_MS = 8_000;
const API_BOUND_MS = 6_000;
const PROJECTOR_HEALTH_BOUND_MS = 1_000;



interface Answer {
  what: string;
  status: number | 'no answer';
  ms: number;
  retryAfter: string | null;
  body: unknown;
}

describe('the database of the started stack', () => {
  let stack: ChildProcess;
  let dataDir: string;
  let base: string;
  let projectorBase: string;
  let frozen: FrozenPostgres | undefined;
  const logFile = () => stackLogFile(dataDir);
  const logTail = () => stackLogTail(dataDir);

  async function ask(what: string, url: string, init: RequestInit = {}): Promise<Answer> {
    const started = Date.now();
    try {
      // Far above every bound: a request still waiting then counts as not answered.
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { what, status: res.status, ms: Date.now() - started, retryAfter: res.headers.get('retry-after'), body };
    } catch {
      return { what, status: 'no answer', ms: Date.now() - started, retryAfter: null, body: null };
    }
  }

  const json = (body: unknown, cartId?: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cartId ? { 'x-cart-id': cartId } : {}) },
    body: JSON.stringify(body),
  });

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
    const port = await freePort();
    const projectorPort = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'poster-shop-db-'));
    chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      PROJECTOR_PORT: String(projectorPort),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'frozen-admin-password',
      LOG_LEVEL: 'warn',
      // Short request timeouts, so an 8 s freeze shows whether anything waits on the server.
      DB_STATEMENT_TIMEOUT_MS: '1000',
      DB_CONNECT_TIMEOUT_MS: '1000',
    };
    // Like a bare `npm start`: its own embedded PostgreSQL (which this suite freezes), not the shared test server.
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'PG_PORT', 'npm_lifecycle_event']) delete env[key];
    const out = openSync(logFile(), 'a');
    stack = spawn(process.execPath, ['libs/platform/bin/start.mjs'], { cwd: root, env, stdio: ['ignore', out, out], detached: true });
    base = `http://127.0.0.1:${port}`;
    projectorBase = `http://127.0.0.1:${projectorPort}`;
    await until('/api/health', async () => (await fetch(`${base}/api/health`)).status === 200 || undefined, { timeoutMs: 90_000, child: stack, context: logTail });
    await until('projector /health ok', async () => (await fetch(`${projectorBase}/health`)).status === 200 || undefined, { timeoutMs: 30_000, child: stack, context: logTail });
  }, 150_000);

  afterAll(async () => {
    // Never leave a stopped server behind, whatever failed.
    frozen?.thaw();
    await stopStartedStack(stack, dataDir);
  }, 30_000);

  it('keeps its passwords readable by their owner only, and the services connect as their own roles', async () => {
    expect(statSync(path.join(dataDir, 'database-roles.json')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dataDir, 'postgres', 'superuser-password')).mode & 0o777).toBe(0o600);
    const urls = await shopRoleUrls(dataDir);
    const users = await rowsAs<{ usename: string }>(
      urls.superuser,
      `SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    // The projector's key connection (shop_key_reader) closes when idle, as on a quiet shop: allowed, not required.
    expect(users.map((u) => u.usename).filter((u) => u !== 'shop_key_reader').sort()).toEqual(['shop_api', 'shop_log_writer', 'shop_projector']);
    expect(users.map((u) => u.usename).filter((u) => !['shop_api', 'shop_key_reader', 'shop_log_writer', 'shop_projector'].includes(u))).toEqual([]);
  });

  it("refuses to rewrite the log from the API's and the projector's connections, and read-model writes from the API's", async () => {
    const urls = await shopRoleUrls(dataDir);
    // 42501: insufficient_privilege ("permission denied for table events").
    expect({
      apiUpdate: await sqlStateAs(urls.api, `UPDATE event_store.events SET data = '{}'`),
      apiDelete: await sqlStateAs(urls.api, `DELETE FROM event_store.events`),
      apiTruncate: await sqlStateAs(urls.api, `TRUNCATE event_store.events`),
      projectorInsert: await sqlStateAs(urls.projector, `INSERT INTO event_store.events (event_id, stream_name, stream_revision, event_type, data, metadata) VALUES (gen_random_uuid(), 'x-1', 0, 'X', '{}', '{}')`),
      projectorUpdate: await sqlStateAs(urls.projector, `UPDATE event_store.events SET data = '{}'`),
      projectorDelete: await sqlStateAs(urls.projector, `DELETE FROM event_store.events`),
      // The projector's log connection (its reactors append) cannot rewrite either, nor touch the read models.
      logWriterUpdate: await sqlStateAs(urls.logWriter, `UPDATE event_store.events SET data = '{}'`),
      logWriterDelete: await sqlStateAs(urls.logWriter, `DELETE FROM event_store.events`),
      logWriterReadModels: await sqlStateAs(urls.logWriter, `SELECT count(*) FROM read.orders`),
      logWriterKeys: await sqlStateAs(urls.logWriter, `SELECT count(*) FROM keystore.subjects`),
      apiReadModelInsert: await sqlStateAs(urls.api, `INSERT INTO read.funnel_carts (cart_id, created_at, last_activity_at) VALUES ('x', now(), now())`),
      apiReadModelDelete: await sqlStateAs(urls.api, `DELETE FROM read.orders`),
      // The owner may change the schema, but the trigger still refuses a rewrite.
      ownerUpdate: await sqlStateAs(urls.owner, `UPDATE event_store.events SET data = '{}'`),
    }).toEqual({
      apiUpdate: '42501',
      apiDelete: '42501',
      apiTruncate: '42501',
      projectorInsert: '42501',
      projectorUpdate: '42501',
      projectorDelete: '42501',
      logWriterUpdate: '42501',
      logWriterDelete: '42501',
      logWriterReadModels: '42501',
      logWriterKeys: '42501',
      apiReadModelInsert: '42501',
      apiReadModelDelete: '42501',
      ownerUpdate: '42501',
    });
  });

  it('answers every request within 6 s and the projector health within 1 s while PostgreSQL is frozen, and loses or duplicates nothing', async () => {
    const posters = (await (await fetch(`${base}/api/public/posters?page=1&limit=1`)).json()) as { posters: { id: string }[] };
    const posterId = posters.posters[0].id;
    const line = { posterId, size: 'SIZE_30x40', quantity: 1 };
    const toCheckOut = ((await (await fetch(`${base}/api/user/cart`, json(line))).json()) as { cartId: string }).cartId;
    const toAddTo = ((await (await fetch(`${base}/api/user/cart`, json(line))).json()) as { cartId: string }).cartId;
    const urls = await shopRoleUrls(dataDir);
    const eventsBefore = Number((await rowsAs<{ n: string }>(urls.superuser, 'SELECT count(*) AS n FROM event_store.events'))[0].n);

    const round = (n: number) => [
      ask(`listing ${n}`, `${base}/api/public/posters?page=1&limit=12`),
      ask(`search ${n}`, `${base}/api/public/posters?page=1&limit=12&search=frozen${n}`),
      ask(`add to cart ${n}`, `${base}/api/user/cart`, json({ ...line, quantity: 1 }, toAddTo)),
      ask(`new cart ${n}`, `${base}/api/user/cart`, json(line)),
      ask(`checkout ${n}`, `${base}/api/user/cart/checkout`, json(CHECKOUT, toCheckOut)),
      ask(`health ${n}`, `${base}/api/health`),
      ask(`projector health ${n}`, `${projectorBase}/health`),
    ];

    frozen = freezePostgres(path.join(dataDir, 'postgres'));
    const frozenAt = Date.now();
    let answers: Answer[];
    try {
      // One round at once, one after the request timeouts fired (the pools' connections stuck).
      const first = round(1);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const second = round(2);
      answers = await Promise.all([...first, ...second]);
      const left = FREEZE_MS - (Date.now() - frozenAt);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    } finally {
      frozen.thaw();
    }
    const summary = answers.map((a) => ({ what: a.what, status: a.status, ms: a.ms }));

    const api = answers.filter((a) => !a.what.startsWith('projector'));
    const projector = answers.filter((a) => a.what.startsWith('projector'));
    expect({ summary, slow: api.filter((a) => a.status === 'no answer' || a.ms > API_BOUND_MS).map((a) => a.what) }).toEqual({ summary, slow: [] });
    expect({ summary, slow: projector.filter((a) => a.status === 'no answer' || a.ms > PROJECTOR_HEALTH_BOUND_MS).map((a) => a.what) }).toEqual({ summary, slow: [] });
    // Never a 500: served (a cached page) or 503 with Retry-After.
    for (const a of answers) {
      expect({ what: a.what, served: a.status === 200 || a.status === 503 }).toEqual({ what: a.what, served: true });
      if (a.status === 503) expect({ what: a.what, retryAfter: a.retryAfter }).toEqual({ what: a.what, retryAfter: expect.stringMatching(/^\d+$/) });
    }
    // The database could not have answered these: the projector said so from what it knew.
    expect(projector.every((a) => (a.body as { status?: string }).status === 'down')).toBe(true);

    // After the thaw: the checkout retried on the same cart is placed exactly once, whatever the
    // frozen attempts did (their appends' outcome was unknown to them).
    await until('/api/health after the thaw', async () => (await fetch(`${base}/api/health`)).status === 200 || undefined, { timeoutMs: 30_000, context: logTail });
    const retry = await fetch(`${base}/api/user/cart/checkout`, json(CHECKOUT, toCheckOut));
    expect(retry.status).toBe(200);
    const { orderId } = (await retry.json()) as { orderId: string };
    expect(orderId).toBe(orderIdForCart(toCheckOut));
    const eventsOf = async (stream: string) => rowsAs<{ event_type: string }>(urls.superuser, 'SELECT event_type FROM event_store.events WHERE stream_name = $1 ORDER BY stream_revision', [stream]);
    const placed = await until('the order placed', async () => {
      const types = (await eventsOf(orderStream(orderId))).map((e) => e.event_type);
      return types.includes('OrderPlaced') ? types : undefined;
    }, { timeoutMs: 30_000, context: logTail });
    expect(placed.filter((t) => t === 'OrderPlaced')).toHaveLength(1);
    expect((await eventsOf(cartStream(toCheckOut))).filter((e) => e.event_type === 'CartCheckedOut')).toHaveLength(1);

    // Nothing lost: an add-to-cart answered 200 during the freeze is in the cart now.
    const addsAnswered = answers.filter((a) => a.what.startsWith('add to cart') && a.status === 200).length;
    const cart = (await (await fetch(`${base}/api/user/cart`, { headers: { 'x-cart-id': toAddTo } })).json()) as { cart: { items: { quantity: number }[] } };
    const added = cart.cart.items.reduce((sum, item) => sum + item.quantity, 0);
    expect(added).toBeGreaterThanOrEqual(1 + addsAnswered);
    expect(added).toBeLessThanOrEqual(3); // the first add, and at most one per frozen attempt
    // Every stream's revision is its last event's: no append half-applied.
    const torn = await rowsAs(urls.superuser, `
      SELECT s.stream_name FROM event_store.streams s
        JOIN (SELECT stream_name, max(stream_revision) AS last FROM event_store.events GROUP BY stream_name) e USING (stream_name)
       WHERE s.revision <> e.last`);
    expect(torn).toEqual([]);
    expect(Number((await rowsAs<{ n: string }>(urls.superuser, 'SELECT count(*) AS n FROM event_store.events'))[0].n)).toBeGreaterThan(eventsBefore);
    // The projector carries on from where it stood.
    await until('projector /health ok after the thaw', async () => ((await (await fetch(`${projectorBase}/health`)).json()) as { status: string }).status === 'ok' || undefined, { timeoutMs: 30_000, context: logTail });
  }, 120_000);
});

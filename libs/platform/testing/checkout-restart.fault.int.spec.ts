/**
 * A checkout half-placed by a fault completes by itself, on the shop as `npm start` runs it (each
 * process as its own database role: the projector decrypts and seals as the key reader). One
 * checkout is half-placed for certain (its OrderPlaced refused by a trigger for a moment), then a
 * burst of checkouts runs with PostgreSQL restarted in the middle (`pg_ctl restart -m fast`). With
 * no shopper retrying: 10 s after PostgreSQL answers again no CartCheckedOut is left without its
 * OrderPlaced, the completion's orders are screened, it placed none that the API was still placing,
 * and /api/health is 200 again. bench:abuse runs the full-size burst five times.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { orderIdForCart } from '#domain/checkout/order-number.js';
import { cartStream, orderStream } from '#domain/streams.js';
// @ts-expect-error: plain-Node launcher module without type declarations
import { freePort } from '../bin/local-servers.mjs';
import { checkoutBurstWithRestart, type RestartBurstOutcome } from '../src/testing/checkout-restart-burst.js';
import { stopPostmaster } from '../src/testing/restart-postgres.js';
import { shopRoleUrls } from '../src/testing/shop-role-urls.js';
import { rowsAs, stackLogFile, stackLogTail, stopStartedStack } from '../src/testing/started-stack.js';
import { UNBOUNDED_BUDGETS } from '../src/testing/unbounded-budgets.js';
import { until } from '../src/testing/until.js';

const root = path.resolve(import.meta.dirname, '../../..');
const CHECKOUT = { firstName: 'Mona', lastName: 'Hassan', phone: '01012345678', addressLine: '12 Tahrir St', building: '4', apartment: '7', city: 'Cairo', governorate: 'CAIRO', paymentMethod: 'COD' };

describe('a checkout half-placed by a fault completes by itself (started stack, PostgreSQL restarted)', () => {
  let stack: ChildProcess;
  let dataDir: string;
  let base: string;
  const logTail = () => stackLogTail(dataDir);
  const post = (url: string, body: unknown, cartId?: string) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cartId ? { 'x-cart-id': cartId } : {}) }, body: JSON.stringify(body) });

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
    const port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'poster-shop-restart-'));
    chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      PROJECTOR_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'restart-admin-password',
      LOG_LEVEL: 'warn',
      // One address plays every shopper: the budgets are not what is under test.
      ...UNBOUNDED_BUDGETS,
    };
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'PG_PORT', 'PERSONAL_DATA_ENCRYPTION', 'npm_lifecycle_event']) delete env[key];
    const out = openSync(stackLogFile(dataDir), 'a');
    stack = spawn(process.execPath, ['libs/platform/bin/start.mjs'], { cwd: root, env, stdio: ['ignore', out, out], detached: true });
    base = `http://127.0.0.1:${port}`;
    await until('/api/health', async () => (await fetch(`${base}/api/health`)).status === 200 || undefined, { timeoutMs: 90_000, child: stack, context: logTail });
  }, 120_000);

  afterAll(async () => {
    // pg_ctl's restarted server is no child of the stack: stopped after it.
    const pid = dataDir ? Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]) : 0;
    await stopStartedStack(stack, undefined);
    if (pid > 0) await stopPostmaster(pid);
    await stopStartedStack(undefined, dataDir);
  }, 40_000);

  it('leaves no CartCheckedOut without its OrderPlaced 10 s after PostgreSQL is back, each screened, none raced, health 200', async () => {
    const { superuser } = await shopRoleUrls(dataDir);
    // One checkout half-placed for certain: its OrderPlaced refused by the database for a moment.
    const posters = (await (await fetch(`${base}/api/public/posters?page=1&limit=1`)).json()) as { posters: { id: string }[] };
    const cartId = ((await (await post('/api/user/cart', { posterId: posters.posters[0].id, size: 'SIZE_30x40', quantity: 2 })).json()) as { cartId: string }).cartId;
    const order = orderStream(orderIdForCart(cartId));
    await rowsAs(superuser, `CREATE FUNCTION public.refuse_for_test() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await rowsAs(superuser, `CREATE TRIGGER refuse_for_test BEFORE INSERT ON event_store.events FOR EACH ROW WHEN (NEW.stream_name = '${order}') EXECUTE FUNCTION public.refuse_for_test()`);
    const refused = await post('/api/user/cart/checkout', CHECKOUT, cartId);
    await rowsAs(superuser, 'DROP TRIGGER refuse_for_test ON event_store.events; DROP FUNCTION public.refuse_for_test()');
    expect(refused.status).not.toBe(200);
    const typesOf = async (stream: string) => (await rowsAs<{ event_type: string }>(superuser, 'SELECT event_type FROM event_store.events WHERE stream_name = $1 ORDER BY stream_revision', [stream])).map((r) => r.event_type);
    expect({ cart: (await typesOf(cartStream(cartId))).at(-1), order: await typesOf(order) }).toEqual({ cart: 'CartCheckedOut', order: [] });

    const burst: RestartBurstOutcome = await checkoutBurstWithRestart({ url: base, dataDir }, { checkouts: 100, restartAfterAnswers: 30, burst: 1 });
    process.stderr.write(`[restart burst] ${JSON.stringify(burst)}\n`);
    if (burst.halfPlacedAfter10s > 0 || burst.healthyAfterMs === null) process.stderr.write(`${logTail()}\n${JSON.stringify(await (await fetch(`${base}/api/health`)).json())}\n`);

    expect({ halfPlacedAfter10s: burst.halfPlacedAfter10s, raced: burst.raced, healthy: burst.healthyAfterMs !== null }).toEqual({ halfPlacedAfter10s: 0, raced: 0, healthy: true });
    // The certain one: placed once, by the completion, and screened like any other order.
    const placed = await until('the refused checkout placed by the completion', async () => ((await typesOf(order)).length > 0 ? typesOf(order) : undefined), { timeoutMs: 10_000, child: stack, context: logTail });
    expect(placed).toEqual(['OrderPlaced']);
    const screened = await rowsAs<{ by: string }>(
      superuser,
      `SELECT metadata->'actor'->>'id' AS by FROM event_store.events WHERE event_type = 'OrderScreened' AND data->>'orderId' = $1`,
      [orderIdForCart(cartId)],
    );
    expect(screened).toEqual([{ by: 'checkout-completion' }]);
    // npm start supervises the server pg_ctl restarted rather than starting a second one beside it.
    const stackLog = () => readFileSync(stackLogFile(dataDir), 'utf8');
    await until('the stack supervising the restarted server', async () => stackLog().includes('serves this data directory: supervising it') || undefined, { timeoutMs: 10_000, child: stack, context: logTail });
    expect(stackLog()).not.toMatch(/postgres.*(giving up|lock file)/);
  }, 120_000);
});

/**
 * `npm run bench:scale [-- --small 1000 --large 100000 --seed 1]`: the back office at two sizes
 * in one run. One PostgreSQL server (embedded, in a temporary directory) holds a database per
 * size; each is seeded with seed:scale's two-year history and its read models built by the
 * projector from position 0 (the replay figure), then each gets our real projector and API
 * (dist/). Every figure is measured at both sizes, small then large, before the next figure.
 * stdout: one JSON line per figure (scale-line.ts): both sizes, ratio = large / small, targets.
 * Progress on stderr. BENCH_DURATION (seconds of load per latency figure, default 5),
 * BENCH_CONNECTIONS (default 4), --no-durable (a faster, non-durable server for development).
 */
import { mkdtempSync, chmodSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createEventStore } from '#event-store/create-event-store.js';
import { durableRequested } from '../lib/durability.js';
import { listedPostersWithSizes } from '../lib/listed-posters.js';
import { runLoad, type Step } from '../lib/load.js';
import { rssMb } from '../lib/shop-processes.js';
import { returningPhones } from '../lib/shopper-phones.js';
import { round } from '../lib/stats.js';
import { buildReadModels } from './build-read-models.js';
import { readLoop } from './read-loop.js';
import { LATENCY_RATIO, LIST_P99, scaleLine, type SizeValue, type Target } from './scale-line.js';
import { DEFAULT_END } from './scale-log.js';
import { seedScale } from './seed-scale.js';
import { startShopStack, type ShopStack } from './shop-stack.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const log = (msg: string) => process.stderr.write(`[bench:scale] ${new Date().toISOString().slice(11, 19)} ${msg}\n`);

interface Size {
  orders: number;
  databaseUrl: string;
  events: number;
  replayEventsPerSecond: number;
  replaySeconds: number;
  /** Recorded (wall-clock) milliseconds the seeder took per simulated day: the log's density. */
  recordedMsPerDay: number;
  stack?: ShopStack;
  /** Query strings of the figures, read from this size's own data. */
  params?: Record<string, string>;
}

function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${text}"`);
  return n;
}

async function getJson(stack: ShopStack, route: string): Promise<any> {
  const res = await fetch(`${stack.url}${route}`, { headers: { authorization: `Bearer ${stack.token}` } });
  const body = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${res.status} GET ${route}: ${JSON.stringify(body)}`);
  return body;
}

async function seedSize(adminUrl: string, orders: number, seed: number): Promise<Size> {
  const name = `scale_${orders}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const store = await createEventStore({ kind: 'postgres', connectionString: databaseUrl, poolSize: 8 });
  try {
    log(`${orders} orders: seeding`);
    const seeded = await seedScale({
      store, orders, seed,
      onProgress: (p) => log(`${orders} orders: ${p.events} events in ${p.seconds.toFixed(0)} s`),
      progressEveryMs: 15_000,
    });
    log(`${orders} orders: ${seeded.written} events in ${seeded.seconds.toFixed(1)} s; replaying every projection from 0`);
    const built = await buildReadModels({ store, databaseUrl, until: seeded.lastPosition });
    log(`${orders} orders: replayed in ${built.seconds.toFixed(1)} s`);
    // After a bulk load, as pg_restore's users do: autovacuum would get to it only minutes later
    // (in the middle of the figures), and until then the planner has no statistics (e.g. walks the
    // whole log for one correlation id) and the trigram indexes' GIN pending lists are unmerged
    // (a search by a name fragment reads every row instead).
    const analyze = new pg.Client({ connectionString: databaseUrl });
    await analyze.connect();
    await analyze.query('VACUUM (ANALYZE)');
    await analyze.end();
    const days = (Date.parse(seeded.to) - Date.parse(seeded.from)) / 86_400_000;
    return { orders, databaseUrl, events: seeded.written, recordedMsPerDay: (seeded.seconds * 1000) / days, replaySeconds: round(built.seconds, 1), replayEventsPerSecond: Math.round(seeded.written / built.seconds) };
  } finally {
    await store.close();
  }
}

/** Search terms and pages of this size's own data, the same way at both sizes. */
async function figureParams(stack: ShopStack, recordedMsPerDay: number): Promise<Record<string, string>> {
  const first = await getJson(stack, '/api/admin/orders?size=20');
  const order = first.data[0];
  const deepPage = Math.max(1, Math.ceil(first.totalPages / 2));
  // A fragment inside a surname (not its start), as someone half-remembering a name types it.
  const surname = String(order.customerName).trim().split(/\s+/).pop()!;
  const fragment = surname.length > 4 ? surname.slice(1, 5) : surname;
  const history = await getJson(stack, `/api/admin/orders/${order.id}/history`);
  const correlationId = history.events.find((e: { correlationId: string | null }) => e.correlationId)?.correlationId;
  if (!correlationId) throw new Error(`order ${order.id} has no event with a correlation id`);
  const traced = (await getJson(stack, `/api/admin/events?limit=1&correlationId=${encodeURIComponent(correlationId)}`)).data[0];
  // Events are recorded when seeded, two years squeezed into a minute or so: the window is one
  // simulated day's worth of recorded time around one of them, so it holds what a day of the
  // shop holds (a window of fixed wall time would hold months at the large size and hours at the small).
  const recorded = new Date(traced.recordedAt).getTime();
  const halfDay = Math.max(1, Math.round(recordedMsPerDay / 2));
  const window = (ms: number) => new Date(recorded + ms).toISOString();
  const end = DEFAULT_END.toISOString().slice(0, 10);
  const monthBefore = new Date(DEFAULT_END.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    'orders page 1': '/api/admin/orders?size=20',
    'orders deep page': `/api/admin/orders?size=20&page=${deepPage}`,
    'orders search by phone': `/api/admin/orders?size=20&search=${encodeURIComponent(order.phone)}`,
    'orders search by name fragment': `/api/admin/orders?size=20&search=${encodeURIComponent(fragment)}`,
    'orders status + date filter': `/api/admin/orders?size=20&status=SHIPPED&dateFrom=${monthBefore}&dateTo=${end}`,
    'customers page 1': '/api/admin/customers?size=20',
    dashboard: '/api/admin/dashboard',
    'event browser by correlation id': `/api/admin/events?limit=50&correlationId=${encodeURIComponent(correlationId)}`,
    'event browser by type': '/api/admin/events?limit=50&type=OrderStatusChanged',
    'event browser by stream': `/api/admin/events?limit=50&stream=${encodeURIComponent(traced.stream)}`,
    'event browser by time range (a day of events)': `/api/admin/events?limit=50&from=${window(-halfDay)}&to=${window(halfDay)}`,
  };
}

/** How much the figure's query answers (a page's rows, and its total when the list gives one), so an empty result cannot pass for a fast one. */
async function answered(size: Size, route: string): Promise<Record<string, number>> {
  const body = await getJson(size.stack!, route);
  const rows = Array.isArray(body?.data) ? body.data.length : undefined;
  return { ...(rows !== undefined ? { rows } : {}), ...(typeof body?.totalItems === 'number' ? { totalItems: body.totalItems } : {}) };
}

async function latency(size: Size, steps: Step[]): Promise<SizeValue> {
  const stack = size.stack!;
  const cpu = { api: () => undefined };
  await runLoad({ url: stack.url, connections: CONNECTIONS, durationSec: 1, steps, cpu }); // warm-up
  const r = await runLoad({ url: stack.url, connections: CONNECTIONS, durationSec: DURATION, steps, cpu });
  return { orders: size.orders, value: r.p99, p50: r.p50, reqPerSec: r.reqPerSec, errors: r.errors };
}

function adminGet(stack: ShopStack, route: string): Step[] {
  return [{ path: route, build: () => ({ headers: { authorization: `Bearer ${stack.token}` } }) }];
}

async function checkoutSteps(stack: ShopStack): Promise<Step[]> {
  const buyable = (await listedPostersWithSizes(stack.url, 20)).filter((p) => p.sizes.length > 0);
  let n = 0;
  const phone = returningPhones();
  return [
    {
      method: 'POST',
      path: '/api/user/cart',
      build: () => {
        const poster = buyable[n++ % buyable.length];
        return { body: JSON.stringify({ posterId: poster.id, size: poster.sizes[0], quantity: 1 }) };
      },
      check: (body, _headers, flow) => typeof (flow.cartId = JSON.parse(body).cartId) === 'string',
    },
    {
      method: 'POST',
      path: '/api/user/cart/checkout',
      build: (flow) => ({
        headers: { 'x-cart-id': String(flow.cartId) },
        body: JSON.stringify({ firstName: 'Scale', lastName: 'Bench', phone: phone(), addressLine: '1 Test St', building: '1', apartment: '1', city: 'Cairo', governorate: 'CAIRO', paymentMethod: 'COD' }),
      }),
      check: (body) => typeof JSON.parse(body).orderId === 'string',
    },
  ];
}

/** The whole orders export through the job API, the API's resident memory sampled meanwhile. */
async function exportOrders(size: Size): Promise<{ rowsPerSecond: SizeValue; rss: SizeValue }> {
  const stack = size.stack!;
  const baseline = rssMb(stack.apiPid) ?? 0;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(stack.apiPid) ?? 0)), 20);
  const started = performance.now();
  const res = await fetch(`${stack.url}/api/admin/exports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.token}` },
    body: JSON.stringify({ kind: 'orders', filters: {} }),
  });
  if (res.status !== 202) throw new Error(`export request: ${res.status} ${await res.text()}`);
  const { jobId } = (await res.json()) as { jobId: string };
  const progress: number[] = [];
  let job: { state: string; rows?: number; error?: string | null; progress?: number };
  for (;;) {
    job = await getJson(stack, `/api/admin/jobs/${jobId}`);
    if (typeof job.progress === 'number' && job.progress !== progress.at(-1)) progress.push(job.progress);
    if (job.state === 'completed' || job.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (job.state !== 'completed') throw new Error(`export failed: ${job.error}`);
  const rows = job.rows ?? 0;
  return {
    rowsPerSecond: { orders: size.orders, value: Math.round(rows / seconds), rows, seconds: round(seconds, 2), progressReadings: progress.length },
    rss: { orders: size.orders, value: round(peak - baseline, 1), baselineMb: baseline, peakMb: peak },
  };
}

/** p99 of the orders list before and while `orders` is rebuilt blue/green by the projector. */
async function rebuildUnderTraffic(size: Size): Promise<{ before: SizeValue; during: SizeValue; ratio: SizeValue }> {
  const stack = size.stack!;
  const url = `${stack.url}/api/admin/orders?size=20`;
  const beforeEnd = performance.now() + DURATION * 1000;
  const before = await readLoop({ url, token: stack.token, clients: CONNECTIONS, until: () => performance.now() > beforeEnd });
  const res = await fetch(`${stack.url}/api/admin/projections/orders/rebuild`, { method: 'POST', headers: { authorization: `Bearer ${stack.token}` } });
  if (res.status !== 202) throw new Error(`rebuild request: ${res.status} ${await res.text()}`);
  const { requestId } = (await res.json()) as { requestId: string };
  let done = false;
  let failed: string | undefined;
  const watcher = (async () => {
    while (!done) {
      await new Promise((r) => setTimeout(r, 200));
      const orders = ((await getJson(stack, '/api/admin/projections')) as Array<{ name: string; lastRebuildRequest: { id: string; status: string } | null; rebuild: { state: string } | null }>).find((p) => p.name === 'orders');
      const request = orders?.lastRebuildRequest;
      if (request?.id === requestId && request.status === 'done') done = true;
      if (orders?.rebuild?.state === 'failed') (failed = 'the rebuild failed'), (done = true);
    }
  })();
  const during = await readLoop({ url, token: stack.token, clients: CONNECTIONS, until: () => done });
  await watcher;
  if (failed) throw new Error(`${size.orders} orders: ${failed}`);
  return {
    before: { orders: size.orders, value: before.p99, p50: before.p50, requests: before.requests, errors: before.errors },
    during: { orders: size.orders, value: during.p99, p50: during.p50, requests: during.requests, errors: during.errors, rebuildSeconds: during.seconds },
    ratio: { orders: size.orders, value: before.p99 && during.p99 !== null ? round(during.p99 / before.p99, 2) : null },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { small: { type: 'string' }, large: { type: 'string' }, seed: { type: 'string' }, 'no-durable': { type: 'boolean' } } });
  const small = positiveInt('small', values.small, 1_000);
  const large = positiveInt('large', values.large, 100_000);
  if (large <= small) throw new Error('--large must be more orders than --small');
  const seed = positiveInt('seed', values.seed, 1);
  const servers = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-scale-pg-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const server = await servers.startPostgres({ dir, database: 'scale', durable: durableRequested() });
  const sizes: Size[] = [];
  const print = (figure: string, unit: string, pick: (s: Size) => SizeValue, targets: readonly Target[]) =>
    console.log(JSON.stringify(scaleLine(figure, unit, pick(sizes[0]), pick(sizes[1]), targets)));
  const both = async <T>(measure: (s: Size) => Promise<T>): Promise<[T, T]> => [await measure(sizes[0]), await measure(sizes[1])];
  try {
    for (const orders of [small, large]) sizes.push(await seedSize(server.adminUrl, orders, seed));
    for (const size of sizes) {
      size.stack = await startShopStack(size.databaseUrl);
      size.params = await figureParams(size.stack, size.recordedMsPerDay);
      log(`${size.orders} orders: shop up at ${size.stack.url}`);
    }

    print('replay of every projection', 'events/s', (s) => ({ orders: s.orders, value: s.replayEventsPerSecond, events: s.events, seconds: s.replaySeconds }), [{ kind: 'minLarge', min: 30_000 }]);

    for (const figure of Object.keys(sizes[0].params!)) {
      log(figure);
      const [a, b] = await both(async (s) => ({ ...(await latency(s, adminGet(s.stack!, s.params![figure]))), ...(await answered(s, s.params![figure])) }));
      console.log(JSON.stringify(scaleLine(figure, 'ms', a, b, [LATENCY_RATIO, LIST_P99])));
    }

    log('checkout');
    const checkout = await both(async (s) => latency(s, await checkoutSteps(s.stack!)));
    console.log(JSON.stringify(scaleLine('checkout p99', 'ms', checkout[0], checkout[1], [LATENCY_RATIO])));
    const p50 = (v: SizeValue): SizeValue => ({ orders: v.orders, value: v.p50 as number | null });
    console.log(JSON.stringify(scaleLine('checkout p50', 'ms', p50(checkout[0]), p50(checkout[1]), [LATENCY_RATIO])));

    log('export');
    const exports = await both(exportOrders);
    console.log(JSON.stringify(scaleLine('orders CSV export', 'rows/s', exports[0].rowsPerSecond, exports[1].rowsPerSecond, [{ kind: 'minLarge', min: 20_000 }])));
    console.log(JSON.stringify(scaleLine('orders CSV export: API peak RSS growth', 'MB', exports[0].rss, exports[1].rss, [{ kind: 'maxLarge', max: 100 }])));

    log('rebuild of orders under traffic');
    const rebuild = await both(rebuildUnderTraffic);
    console.log(JSON.stringify(scaleLine('orders page 1 p99 before the rebuild', 'ms', rebuild[0].before, rebuild[1].before, [LATENCY_RATIO, LIST_P99])));
    console.log(JSON.stringify(scaleLine('orders page 1 p99 during the rebuild', 'ms', rebuild[0].during, rebuild[1].during, [LIST_P99])));
    console.log(JSON.stringify(scaleLine('rebuild p99 during / before', 'x', rebuild[0].ratio, rebuild[1].ratio, [{ kind: 'maxLarge', max: 2 }])));
  } finally {
    for (const s of sizes) await s.stack?.stop();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});

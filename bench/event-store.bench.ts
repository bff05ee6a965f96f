/**
 * Event store benchmark: our PostgreSQL adapter against the peer (Emmett 0.42 PostgreSQL) on
 * ONE PostgreSQL server in one run, each store in its own database, same workloads.
 * The single-event append lines also carry the bare limit of that server (`limit`: one INSERT
 * and its COMMIT per event, see bench/lib/bare-insert-limit.ts) and `ofLimit`, ours / limit
 * (the median of the per-round ratios, each round measuring both back to back).
 * Each figure is one JSON line on stdout; logs go to stderr.
 *
 *   npm run build && npm run bench:event-store      (DATABASE_URL, else a durable local server)
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDatabaseOn } from '#platform/testing/test-database.js';
import { bareInsertLimit } from './lib/bare-insert-limit.js';
import { emmettStore, ourStore, type BenchStore } from './lib/bench-stores.js';
import { durableRequested, serverIsDurable } from './lib/durability.js';

const log = (...args: unknown[]) => console.error('[bench]', ...args);
/** Whether the server measured commits durably: set once it is known, carried on every line. */
let durable: boolean | null = null;
const emit = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ ...line, durable })}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number) => Math.round(n);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ratio = (ours: number, theirs: number) => (theirs > 0 ? Math.round((ours / theirs) * 100) / 100 : null);

const APPEND_SECONDS = Number(process.env.BENCH_APPEND_SECONDS ?? 2.5);
/** Single-event appends: each side runs this many short rounds, taking turns; lines give medians. */
const APPEND_ROUNDS = Number(process.env.BENCH_APPEND_ROUNDS ?? 10);
const APPEND_ROUND_SECONDS = Number(process.env.BENCH_APPEND_ROUND_SECONDS ?? 0.5);
const LIVE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 10);
const DRAIN_EVENTS = Number(process.env.BENCH_DRAIN_EVENTS ?? 100_000);
const POOL_SIZE = 32;
const DRAIN_TIMEOUT_MS = 20_000;

// Dropping a workload's database (WITH FORCE) ends the peer's internal pools' idle connections;
// their 'error' events are expected then, and must not end the run.
process.on('uncaughtException', (e: Error & { code?: string }) => {
  if (e?.code === '57P01') return log('(a pool lost its connection to a dropped database)');
  log('failed:', e);
  process.exit(1);
});

async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  log(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

interface Server {
  url: string;
  stop: () => Promise<void>;
}

async function postgresServer(): Promise<Server> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  // Plain .mjs outside the build: load it from the project root.
  const servers = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
  const durable = durableRequested();
  const pgServer = await servers.startPostgres({ dir: path.resolve('.bench-data', 'event-store-pg'), database: 'bench', durable });
  log(`started ${durable ? 'durable' : 'non-durable'} PostgreSQL on port ${pgServer.port}`);
  return { url: pgServer.url, stop: pgServer.stop };
}

/** `writers` loops appending for `seconds`; returns events/s. Each writer owns its streams. */
async function appendLoad(store: Pick<BenchStore, 'append'>, writers: number, seconds: number, eventsPerAppend: number, oneStreamPerWriter: boolean, tag: string): Promise<{ rate: number; events: number }> {
  let events = 0;
  const stopAt = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      let n = 0;
      let revision: bigint | 'new' = 'new';
      const own = `${tag}-w${w}-${randomBytes(4).toString('hex')}`;
      while (Date.now() < stopAt) {
        if (oneStreamPerWriter) {
          await store.append(own, eventsPerAppend, revision);
          revision = (revision === 'new' ? -1n : revision) + BigInt(eventsPerAppend);
        } else {
          await store.append(`${own}-${n}`, eventsPerAppend, 'new');
        }
        events += eventsPerAppend;
        n++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { rate: events / elapsed, events };
}

async function readStreamLoad(store: BenchStore, seconds: number): Promise<number> {
  const stream = `read-${randomBytes(4).toString('hex')}`;
  for (let r = 0n; r < 1000n; r += 100n) await store.append(stream, 100, r === 0n ? 'new' : r - 1n);
  let reads = 0;
  const stopAt = Date.now() + seconds * 1000;
  const started = performance.now();
  while (Date.now() < stopAt) {
    const n = await store.readStreamCount(stream);
    if (n !== 1000) throw new Error(`${store.name}: read ${n} events of 1000`);
    reads++;
  }
  return reads / ((performance.now() - started) / 1000);
}

/** In a fresh log: pre-writes `total` events (100-event appends, 8 writers), then times a subscriber from the start. */
async function drain(store: BenchStore, total: number, timeoutMs: number): Promise<{ rate: number; delivered: number; written: number; perCpuSecond: number }> {
  const prefix = 'drain';
  const batches = Math.ceil(total / 100);
  let next = 0;
  let written = 0;
  const writeStarted = Date.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < batches) {
        const b = next++;
        await store.append(`${prefix}-${b}`, 100, 'new');
        written += 100;
      }
    }),
  );
  log(`${store.name}: pre-wrote ${written} events in ${((Date.now() - writeStarted) / 1000).toFixed(1)} s; draining`);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const sub = await store.subscribe();
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  let stalledSince = Date.now();
  while (sub.delivered() < written && Date.now() < deadline) {
    await sleep(5);
    if (sub.delivered() !== last) {
      last = sub.delivered();
      stalledSince = Date.now();
    } else if (Date.now() - stalledSince > 3_000) break; // it stopped delivering: count what it gave
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const delivered = sub.delivered();
  await sub.stop();
  // Events per CPU-second of this process: the drain is CPU-bound in Node, and on a shared
  // machine this says more about capacity than the wall-clock rate.
  const perCpuSecond = delivered / ((cpu.user + cpu.system) / 1e6);
  return { rate: delivered / elapsed, delivered, written, perCpuSecond };
}

/** In a fresh log: a live subscriber while 32 writers append single events to new streams for `seconds`. */
async function live(store: BenchStore, seconds: number): Promise<{ appendRate: number; delivered: number; written: number; catchUpMs: number }> {
  const prefix = 'live';
  const sub = await store.subscribe();
  await sleep(300); // let the subscriber reach the head before writing
  const { rate, events } = await appendLoad(store, 32, seconds, 1, false, prefix);
  const stoppedAt = performance.now();
  // Wait until it has everything, or has delivered nothing new for 3 s (then what is missing is
  // missing, not late), or 15 s passed.
  const deadline = Date.now() + 15_000;
  let last = -1;
  let quietSince = Date.now();
  while (sub.delivered() < events && Date.now() < deadline && Date.now() - quietSince < 3_000) {
    await sleep(5);
    if (sub.delivered() !== last) {
      last = sub.delivered();
      quietSince = Date.now();
    }
  }
  const catchUpMs = performance.now() - stoppedAt;
  await sleep(200); // duplicates would show up as delivered > written
  const delivered = sub.delivered();
  await sub.stop();
  return { appendRate: rate, delivered, written: events, catchUpMs };
}

type Kind = 'ours' | 'emmett';

/** A store on its own fresh database, dropped after `work`. */
async function inFreshDatabase<T>(serverUrl: string, kind: Kind, work: (store: BenchStore) => Promise<T>): Promise<T> {
  const db = await createDatabaseOn(serverUrl, `bench_${kind}_${randomBytes(4).toString('hex')}`);
  const store = kind === 'ours' ? await ourStore(db.url, POOL_SIZE) : await emmettStore(db.url, POOL_SIZE);
  try {
    return await work(store);
  } finally {
    await store.close().catch((e) => log(`closing ${kind}:`, e));
    await db.drop().catch((e) => log(`dropping ${kind}:`, e));
  }
}

async function main() {
  const benchStarted = Date.now();
  const server = await postgresServer();
  durable = await serverIsDurable(server.url);
  const suffix = randomBytes(4).toString('hex');
  const oursDb = await createDatabaseOn(server.url, `bench_ours_${suffix}`);
  const theirsDb = await createDatabaseOn(server.url, `bench_emmett_${suffix}`);
  const ours = await ourStore(oursDb.url, POOL_SIZE);
  const theirs = await emmettStore(theirsDb.url, POOL_SIZE);
  const limit = await bareInsertLimit(oursDb.url, POOL_SIZE);
  const opened = [ours, theirs, limit] as const;
  try {
    for (const writers of [1, 8, 32]) {
      // Two cores and one disk shared with other work (fsync times here swing tenfold within
      // seconds): the sides take turns in short rounds and the line gives medians. Ours and the
      // limit run back to back in every round, each first every other round, and `ofLimit` is the
      // median of those rounds' own ratios, so a burst of outside load lands on both sides of a
      // ratio or on neither.
      const sides = { ours, limit, theirs };
      const rates = { ours: [] as number[], limit: [] as number[], theirs: [] as number[] };
      for (let r = 0; r < APPEND_ROUNDS; r++) {
        const order = r % 2 === 0 ? (['ours', 'limit', 'theirs'] as const) : (['theirs', 'limit', 'ours'] as const);
        for (const side of order) {
          const { rate } = await appendLoad(sides[side], writers, APPEND_ROUND_SECONDS, 1, false, 'new');
          log(`${sides[side].name} append x${writers} round ${r + 1}: ${round(rate)} events/s`);
          rates[side].push(rate);
        }
      }
      const [a, l, b] = [median(rates.ours), median(rates.limit), median(rates.theirs)];
      const ofLimit = median(rates.ours.map((o, r) => o / rates.limit[r]));
      emit({
        bench: 'append',
        writers,
        eventsPerAppend: 1,
        streams: 'new',
        unit: 'events/s',
        rounds: APPEND_ROUNDS,
        ours: round(a),
        peer: 'emmett',
        theirs: round(b),
        ratio: ratio(a, b),
        limit: round(l),
        ofLimit: Math.round(ofLimit * 100) / 100,
      });
    }
    {
      const a = await phase('ours append 10-event', () => appendLoad(ours, 8, APPEND_SECONDS, 10, true, 'batch'));
      const b = await phase('emmett append 10-event', () => appendLoad(theirs, 8, APPEND_SECONDS, 10, true, 'batch'));
      emit({ bench: 'append', writers: 8, eventsPerAppend: 10, streams: 'one per writer', unit: 'events/s', ours: round(a.rate), peer: 'emmett', theirs: round(b.rate), ratio: ratio(a.rate, b.rate) });
    }
    {
      const a = await phase('ours read stream', () => readStreamLoad(ours, 2));
      const b = await phase('emmett read stream', () => readStreamLoad(theirs, 2));
      emit({ bench: 'read-stream', events: 1000, unit: 'reads/s', ours: round(a), peer: 'emmett', theirs: round(b), ratio: ratio(a, b) });
    }
    {
      const a = await phase('ours drain', () => inFreshDatabase(server.url, 'ours', (s) => drain(s, DRAIN_EVENTS, DRAIN_TIMEOUT_MS)));
      const b = await phase('emmett drain', () => inFreshDatabase(server.url, 'emmett', (s) => drain(s, DRAIN_EVENTS, DRAIN_TIMEOUT_MS)));
      emit({ bench: 'drain', unit: 'events/s', ours: round(a.rate), peer: 'emmett', theirs: round(b.rate), ratio: ratio(a.rate, b.rate), delivered: a.delivered, written: a.written, theirsDelivered: b.delivered, theirsWritten: b.written, oursPerCpuSecond: round(a.perCpuSecond), theirsPerCpuSecond: round(b.perCpuSecond) });
    }
    {
      const a = await phase('ours live', () => inFreshDatabase(server.url, 'ours', (s) => live(s, LIVE_SECONDS)));
      const b = await phase('emmett live', () => inFreshDatabase(server.url, 'emmett', (s) => live(s, LIVE_SECONDS)));
      emit({
        bench: 'live',
        writers: 32,
        seconds: LIVE_SECONDS,
        unit: 'events/s',
        ours: round(a.appendRate),
        peer: 'emmett',
        theirs: round(b.appendRate),
        ratio: ratio(a.appendRate, b.appendRate),
        delivered: a.delivered,
        written: a.written,
        theirsDelivered: b.delivered,
        theirsWritten: b.written,
        catchUpMs: round(a.catchUpMs),
        theirsCatchUpMs: round(b.catchUpMs),
      });
    }
  } finally {
    for (const s of opened) await s.close().catch((e) => log(`closing ${s.name}:`, e));
    await oursDb.drop().catch((e) => log('drop ours:', e));
    await theirsDb.drop().catch((e) => log('drop emmett:', e));
    await server.stop();
    log(`done in ${Math.round((Date.now() - benchStarted) / 1000)} s`);
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    log('failed:', e);
    process.exit(1);
  },
);

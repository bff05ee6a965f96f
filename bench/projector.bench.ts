// Projector benchmark: 200,000 realistic events (catalogue, carts, checkouts, status changes)
// in the PostgreSQL event store, then
//   {"bench":"replay","unit":"events/s","ours":N,"cpuMicrosPerEvent":{"node":…,"postgres":…}}  every projection from 0 to the head
//     (PostgreSQL CPU only for the embedded server: a DATABASE_URL server is not ours to read)
//   {"bench":"replay-decryption","unit":"events/s","encrypted":N,"plain":M,"costPercent":…,"cpuCostPercent":…}
//     the same events written and replayed with personal data encrypted (as the shop runs) and, in a
//     second database on the same server, stored as written (PERSONAL_DATA_ENCRYPTION=off): the cost
//     of decryption on replay (target at most 15%). Replays alternate E P P E (BENCH_REPLAY_ROUNDS
//     each); a rate is over all of a side's replays.
//   {"bench":"live-lag","unit":"ms","p50":…,"p99":…,"rate":500}  append → every checkpoint past it
// Uses DATABASE_URL when set (a fresh database is created on that server), else starts an
// embedded PostgreSQL in a temporary directory. BENCH_EVENTS / BENCH_LIVE_SECONDS shorten it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { comparePositions, type EventStore, type Position } from '#event-store/event-store.port.js';
import { createEventStore, type KeyStoreConfig } from '#event-store/create-event-store.js';
import { PROJECTOR_SCHEMA, READ_SCHEMA } from '#read-models/column-types.js';
import { runReadModelMigrations } from '#read-models/data-source.js';
import { ALL_PROJECTIONS } from '#read-models/projections/all-projections.js';
import { ProjectorRunner } from '../services/projector/src/runner/runner.js';
import { appendUnits } from '../services/projector/src/testing/projector-test-kit.js';
import { generateShopEvents, type AppendUnit } from '../services/projector/src/testing/shop-event-generator.js';
import { durableRequested, serverIsDurable } from './lib/durability.js';
import { processTreeCpuMs } from './lib/process-cpu.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const LIVE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 15);
const RATE = 500;
/** Replays per side (BENCH_REPLAY_ROUNDS, default 2), alternating. */
const REPLAY_ROUNDS = Math.max(1, Number(process.env.BENCH_REPLAY_ROUNDS ?? 2));

const log = (msg: string) => process.stderr.write(`[bench:projector] ${msg}\n`);

/** A second database on the bench's server (same machine, same settings), dropped by stop(). */
async function siblingDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const sibling = new URL(url);
  sibling.pathname = `/${name}`;
  return sibling.toString();
}

interface Replay {
  runner: ProjectorRunner;
  seconds: number;
  nodeMs: number;
  postgresMs: number | undefined;
  /** What the live phase moves: the position every projection must pass, and a hook on each commit. */
  hooks: { target: Position; onAdvance: () => void };
  allPast: (p: Position) => boolean;
}

/** Every projection from position 0 to the store's head, timed, with the CPU it took. */
async function replayToHead(store: EventStore, pool: pg.Pool, url: string, postgresCpuMs?: () => number | undefined): Promise<Replay> {
  const positions = new Map<string, Position>();
  const hooks = { target: await store.headPosition(), onAdvance: () => {} };
  let caughtUp: () => void = () => {};
  let failed: (e: Error) => void = () => {};
  const allPast = (p: Position) => positions.size === ALL_PROJECTIONS.length && [...positions.values()].every((q) => comparePositions(q, p) >= 0);
  const runner = new ProjectorRunner({
    store, pool, databaseUrl: url, projections: ALL_PROJECTIONS, replicaId: 'bench',
    onCommitted: (name, slot, position) => {
      if (slot !== 'live') return;
      positions.set(name, position);
      if (allPast(hooks.target)) caughtUp();
      hooks.onAdvance();
    },
    onFailed: (name, _slot, eventId, failure) => failed(new Error(`projection ${name} stopped on event ${eventId} (${failure.eventType}): ${failure.error}`)),
  });
  const done = new Promise<void>((resolve, reject) => { caughtUp = resolve; failed = reject; });
  const t = Date.now();
  const nodeCpu = process.cpuUsage();
  const postgresCpu = postgresCpuMs?.();
  await runner.start();
  await done;
  const seconds = (Date.now() - t) / 1000;
  const { user, system } = process.cpuUsage(nodeCpu);
  const postgresMs = postgresCpu === undefined ? undefined : (postgresCpuMs?.() ?? postgresCpu) - postgresCpu;
  return { runner, seconds, nodeMs: (user + system) / 1000, postgresMs, hooks, allPast };
}

/** Every projection's tables emptied and its checkpoint gone: the next runner replays from position 0. */
async function resetProjections(pool: pg.Pool): Promise<void> {
  await pool.query(`TRUNCATE ${ALL_PROJECTIONS.flatMap((p) => p.tables.map((t) => `${READ_SCHEMA}.${t}`)).join(', ')}`);
  await pool.query(`DELETE FROM ${PROJECTOR_SCHEMA}.checkpoints`);
}

/** The database at `url` migrated, `units` appended through a store keeping keys as `keyStore` says, and a reader alike. */
async function loadedLog(url: string, keyStore: KeyStoreConfig, units: AppendUnit[]): Promise<{ writer: EventStore; reader: EventStore; pool: pg.Pool }> {
  await runReadModelMigrations(url);
  // As the shop opens them: the reader upcasts older event schemas (and decrypts), as the projector's does.
  const writer = await createEventStore({ kind: 'postgres', connectionString: url, poolSize: 8, keyStore });
  const reader = await createEventStore({ kind: 'postgres', connectionString: url, poolSize: 4, keyStore });
  const pool = new pg.Pool({ connectionString: url, max: ALL_PROJECTIONS.length + 4 });
  // Dropping the bench database at the end ends idle sessions: not an error worth a crash.
  pool.on('error', () => undefined);
  const t = Date.now();
  await appendUnits(writer, units, 8);
  log(`appended ${units.reduce((n, u) => n + u.events.length, 0)} events (personal data ${keyStore === 'off' ? 'as written' : 'encrypted'}) in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return { writer, reader, pool };
}

/** The bench's database; postgresCpuMs only when the server is the bench's own (embedded) one. */
async function database(): Promise<{ url: string; stop: () => Promise<void>; postgresCpuMs?: () => number | undefined }> {
  const name = `bench_projector_${process.pid}`;
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      stop: async () => {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-projector-'));
  // @ts-expect-error plain ESM helper without types
  const { startPostgres } = await import('../../libs/platform/bin/local-servers.mjs');
  const server = await startPostgres({ dir, database: name, durable: durableRequested() });
  const postmaster = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url: server.url,
    stop: async () => { await server.stop(); rmSync(dir, { recursive: true, force: true }); },
    postgresCpuMs: () => processTreeCpuMs(postmaster),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const db = await database();
  const durable = await serverIsDurable(db.url);
  try {
    const units = [...generateShopEvents({ events: EVENTS, seed: 7, posters: 300, products: 12 })];
    const total = units.reduce((n, u) => n + u.events.length, 0);
    const perEvent = (ms: number | undefined) => (ms === undefined ? undefined : Number(((ms * 1000) / total).toFixed(1)));

    // The same events in two logs on one server: stored as written (decryption's baseline) and
    // encrypted as the shop runs. Replays alternate E P P E… so neither side always runs on a
    // colder or a busier machine; the encrypted side goes last and its runner stays for the live phase.
    const plainName = `bench_projector_plain_${process.pid}`;
    const plainUrl = await siblingDatabase(db.url, plainName);
    const plainLog = await loadedLog(plainUrl, 'off', units);
    const { writer, reader, pool } = await loadedLog(db.url, { connectionString: db.url }, units);
    const sides = {
      encrypted: { reader, pool, url: db.url, runs: [] as Replay[] },
      plain: { reader: plainLog.reader, pool: plainLog.pool, url: plainUrl, runs: [] as Replay[] },
    };
    const order = Array.from({ length: REPLAY_ROUNDS }, () => ['encrypted', 'plain', 'plain', 'encrypted'] as const).flat().slice(-2 * REPLAY_ROUNDS);
    let replay: Replay | undefined;
    for (const name of order) {
      const side = sides[name];
      await replay?.runner.stop();
      if (side.runs.length > 0) await resetProjections(side.pool);
      replay = await replayToHead(side.reader, side.pool, side.url, db.postgresCpuMs);
      side.runs.push(replay);
      log(`replayed ${total} events (${name}) in ${replay.seconds.toFixed(2)} s (load ${readFileSync('/proc/loadavg', 'utf8').trim()})`);
    }
    await Promise.all([plainLog.writer.close(), plainLog.reader.close(), plainLog.pool.end()]);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${plainName} WITH (FORCE)`);
    await admin.end();

    const { runner, hooks, allPast } = replay!;
    const summary = (runs: Replay[]) => {
      const seconds = runs.reduce((n, r) => n + r.seconds, 0);
      const nodeMs = runs.reduce((n, r) => n + r.nodeMs, 0);
      const postgresMs = runs.every((r) => r.postgresMs !== undefined) ? runs.reduce((n, r) => n + r.postgresMs!, 0) : undefined;
      return {
        rate: Math.round((total * runs.length) / seconds),
        rounds: runs.map((r) => Math.round(total / r.seconds)),
        cpu: { node: perEvent(nodeMs / runs.length), postgres: perEvent(postgresMs === undefined ? undefined : postgresMs / runs.length) },
        cpuMs: nodeMs + (postgresMs ?? 0),
      };
    };
    const encrypted = summary(sides.encrypted.runs);
    const plain = summary(sides.plain.runs);
    console.log(JSON.stringify({
      bench: 'replay', durable, unit: 'events/s', ours: encrypted.rate, events: total, rounds: encrypted.rounds,
      // CPU per event beside the rate: the machine is shared, so the rate alone says little.
      cpuMicrosPerEvent: encrypted.cpu,
    }));
    console.log(JSON.stringify({
      bench: 'replay-decryption', durable, unit: 'events/s', encrypted: encrypted.rate, plain: plain.rate, events: total,
      rounds: { encrypted: encrypted.rounds, plain: plain.rounds },
      costPercent: Number((100 * (1 - encrypted.rate / plain.rate)).toFixed(1)), targetCostPercent: 15,
      // The same cost in CPU (this process and PostgreSQL): what the rate says on a quiet machine.
      cpuCostPercent: Number((100 * (encrypted.cpuMs / plain.cpuMs - 1)).toFixed(1)),
      cpuMicrosPerEvent: { encrypted: encrypted.cpu, plain: plain.cpu },
    }));

    // Live: a steady 500 events/s of the same mix; lag = append acknowledged → every checkpoint past it.
    const pending: Array<{ position: Position; at: number }> = [];
    const lags: number[] = [];
    const onAdvance = () => {
      while (pending.length && allPast(pending[0].position)) {
        const p = pending.shift()!;
        lags.push(Date.now() - p.at);
      }
    };
    hooks.onAdvance = onAdvance;
    hooks.target = { commit: BigInt(Number.MAX_SAFE_INTEGER), prepare: 0n };
    const live = generateShopEvents({ events: RATE * LIVE_SECONDS * 2, seed: 99, posters: 50, start: new Date('2026-06-01T00:00:00Z') });
    const started = Date.now();
    let sent = 0;
    const inflight = new Set<Promise<void>>();
    while (Date.now() - started < LIVE_SECONDS * 1000) {
      const due = ((Date.now() - started) / 1000) * RATE;
      while (sent < due) {
        const next = live.next();
        if (next.done) break;
        const unit: AppendUnit = next.value;
        sent += unit.events.length;
        const p = writer.append(unit.stream, unit.events).then((r) => {
          pending.push({ position: r.position, at: Date.now() });
          pending.sort((a, b) => comparePositions(a.position, b.position));
          onAdvance();
        });
        inflight.add(p);
        void p.finally(() => inflight.delete(p));
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(inflight);
    const deadline = Date.now() + 10_000;
    while (pending.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    const sorted = lags.sort((a, b) => a - b);
    const rate = Math.round(sent / LIVE_SECONDS);
    log(`live: ${sent} events in ${LIVE_SECONDS} s, ${sorted.length} appends measured, ${pending.length} never seen`);
    console.log(JSON.stringify({ bench: 'live-lag', durable, unit: 'ms', p50: percentile(sorted, 50), p99: percentile(sorted, 99), rate: RATE, measuredRate: rate, samples: sorted.length }));

    await runner.stop();
    await writer.close();
    await reader.close();
    await pool.end();
  } finally {
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

// Projector benchmark: 200,000 realistic events (catalogue, carts, checkouts, status changes)
// in the PostgreSQL event store, then
//   {"bench":"replay","unit":"events/s","ours":N,"cpuMicrosPerEvent":{"node":…,"postgres":…}}  every projection from 0 to the head
//     (PostgreSQL CPU only for the embedded server: a DATABASE_URL server is not ours to read)
//   {"bench":"live-lag","unit":"ms","p50":…,"p99":…,"rate":500}  append → every checkpoint past it
// Uses DATABASE_URL when set (a fresh database is created on that server), else starts an
// embedded PostgreSQL in a temporary directory. BENCH_EVENTS / BENCH_LIVE_SECONDS shorten it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { comparePositions, type Position } from '#event-store/event-store.port.js';
import { createEventStore } from '#event-store/create-event-store.js';
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

const log = (msg: string) => process.stderr.write(`[bench:projector] ${msg}\n`);

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
    await runReadModelMigrations(db.url);
    // As the shop opens them: the reader upcasts older event schemas, as the projector's does.
    const writer = await createEventStore({ kind: 'postgres', connectionString: db.url, poolSize: 8 });
    const reader = await createEventStore({ kind: 'postgres', connectionString: db.url, poolSize: 4 });
    const pool = new pg.Pool({ connectionString: db.url, max: ALL_PROJECTIONS.length + 4 });
    // Dropping the bench database at the end ends idle sessions: not an error worth a crash.
    pool.on('error', () => undefined);

    let t = Date.now();
    const units = [...generateShopEvents({ events: EVENTS, seed: 7, posters: 300, products: 12 })];
    const total = units.reduce((n, u) => n + u.events.length, 0);
    await appendUnits(writer, units, 8);
    log(`appended ${total} events in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const head = await reader.headPosition();

    // Replay: every projection from position 0 to the head.
    const positions = new Map<string, Position>();
    let caughtUp: () => void = () => {};
    let target = head;
    const allPast = (p: Position) => positions.size === ALL_PROJECTIONS.length && [...positions.values()].every((q) => comparePositions(q, p) >= 0);
    let onAdvance: () => void = () => {};
    let failed: (e: Error) => void = () => {};
    const runner = new ProjectorRunner({
      store: reader, pool, databaseUrl: db.url, projections: ALL_PROJECTIONS, replicaId: 'bench',
      onCommitted: (name, slot, position) => {
        if (slot !== 'live') return;
        positions.set(name, position);
        if (allPast(target)) caughtUp();
        onAdvance();
      },
      onFailed: (name, _slot, eventId, failure) => failed(new Error(`projection ${name} stopped on event ${eventId} (${failure.eventType}): ${failure.error}`)),
    });
    const done = new Promise<void>((resolve, reject) => { caughtUp = resolve; failed = reject; });
    t = Date.now();
    const nodeCpu = process.cpuUsage();
    const postgresCpu = db.postgresCpuMs?.();
    await runner.start();
    await done;
    const replaySeconds = (Date.now() - t) / 1000;
    // CPU per event beside the rate: the machine is shared, so the rate alone says little.
    const { user, system } = process.cpuUsage(nodeCpu);
    const perEvent = (ms: number | undefined) => (ms === undefined ? undefined : Number(((ms * 1000) / total).toFixed(1)));
    const postgresMs = postgresCpu === undefined ? undefined : (db.postgresCpuMs?.() ?? postgresCpu) - postgresCpu;
    log(`replayed ${total} events in ${replaySeconds.toFixed(2)} s (load ${readFileSync('/proc/loadavg', 'utf8').trim()})`);
    console.log(JSON.stringify({
      bench: 'replay', durable, unit: 'events/s', ours: Math.round(total / replaySeconds), events: total, seconds: Number(replaySeconds.toFixed(2)),
      cpuMicrosPerEvent: { node: perEvent((user + system) / 1000), postgres: perEvent(postgresMs) },
    }));

    // Live: a steady 500 events/s of the same mix; lag = append acknowledged → every checkpoint past it.
    const pending: Array<{ position: Position; at: number }> = [];
    const lags: number[] = [];
    onAdvance = () => {
      while (pending.length && allPast(pending[0].position)) {
        const p = pending.shift()!;
        lags.push(Date.now() - p.at);
      }
    };
    target = { commit: BigInt(Number.MAX_SAFE_INTEGER), prepare: 0n };
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

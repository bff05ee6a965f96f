/**
 * `npm run bench:replay-by-projection [-- --orders 20000 --seed 1]`: where a fresh build
 * of the read models spends its time. Seeds seed:scale's history into a throwaway PostgreSQL, then
 * builds every projection from position 0 together (as a new deployment does) and prints one JSON
 * line per projection, slowest first: the milliseconds spent in its handler and the events it was
 * given. Projections share each batch (the runner waits for all of them before the next), so
 * the slowest sets the pace of the whole build.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createEventStore } from '#event-store/create-event-store.js';
import { ALL_PROJECTIONS } from '#read-models/projections/all-projections.js';
import type { Projection } from '#read-models/projections/projection.js';
import { durableRequested } from '../lib/durability.js';
import { buildReadModels } from './build-read-models.js';
import { seedScale } from './seed-scale.js';

const log = (msg: string) => process.stderr.write(`[replay-by-projection] ${msg}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { orders: { type: 'string' }, seed: { type: 'string' } } });
  const orders = Number(values.orders ?? 20_000);
  const seed = Number(values.seed ?? 1);
  const servers = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-replay-pg-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const server = await servers.startPostgres({ dir, database: 'replay', durable: durableRequested() });
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE replay_by_projection');
  await admin.end();
  const url = new URL(server.adminUrl);
  url.pathname = '/replay_by_projection';
  const store = await createEventStore({ kind: 'postgres', connectionString: url.toString(), poolSize: 8 });
  try {
    log(`seeding ${orders} orders`);
    const seeded = await seedScale({ store, orders, seed });
    const spent = new Map<string, { ms: number; events: number }>();
    const timed: Projection[] = ALL_PROJECTIONS.map((p) => ({
      ...p,
      handle: async (events, ctx) => {
        const started = performance.now();
        try {
          await p.handle(events, ctx);
        } finally {
          const s = spent.get(p.name) ?? { ms: 0, events: 0 };
          spent.set(p.name, { ms: s.ms + performance.now() - started, events: s.events + events.length });
        }
      },
    }));
    log(`${seeded.written} events; building ${timed.length} projections from 0`);
    const built = await buildReadModels({ store, databaseUrl: url.toString(), until: seeded.lastPosition, projections: timed });
    log(`built in ${built.seconds.toFixed(1)} s (${Math.round(seeded.written / built.seconds)} events/s)`);
    for (const [name, s] of [...spent].sort((a, b) => b[1].ms - a[1].ms)) console.log(JSON.stringify({ bench: 'replay-by-projection', projection: name, ms: Math.round(s.ms), events: s.events, orders }));
  } finally {
    await store.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});

// `npm run seed:scale -- --orders 100000 [--seed 1] [--posters 200] [--no-durable]`: two years of
// the shop (≥ 10 events an order) written through the deciders and the event store's append,
// then every read model built by the projector from the log. Progress on stderr; on stdout one
// JSON line for the seeding and one for the read-model build. Writer knobs: --in-flight N,
// --window N, --no-coalesce (one append per request, as the API writes them); see seed-scale.ts.
// The npm script gives Node a 64 MB young generation: seeding allocates fast and short-lived, and
// the default one made garbage collection cost more than twice as much.
// DATABASE_URL: that database is seeded (its event log must be empty). Otherwise an embedded
// PostgreSQL is started in a temporary directory and removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createEventStore } from '#event-store/create-event-store.js';
import { durableRequested, serverIsDurable } from '../lib/durability.js';
import { buildReadModels } from './build-read-models.js';
import { seedScale } from './seed-scale.js';

const log = (msg: string) => process.stderr.write(`[seed:scale] ${msg}\n`);
const count = (n: number) => n.toLocaleString('en-US');

function positiveInt(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${text}"`);
  return n;
}

async function database(durable: boolean): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const dir = mkdtempSync(path.join(tmpdir(), 'seed-scale-'));
  // Plain .mjs outside the build: load it from the project root (npm runs scripts there).
  const { startPostgres } = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
  const server = await startPostgres({ dir, database: 'seed_scale', durable });
  log(`started ${durable ? 'durable' : 'non-durable'} PostgreSQL on port ${server.port} in ${dir}`);
  return { url: server.url, stop: async () => { await server.stop(); rmSync(dir, { recursive: true, force: true }); } };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string' }, seed: { type: 'string' }, posters: { type: 'string' },
      'in-flight': { type: 'string' }, window: { type: 'string' }, 'no-durable': { type: 'boolean' }, 'no-coalesce': { type: 'boolean' },
    },
  });
  const orders = positiveInt('orders', values.orders) ?? 100_000;
  const seed = positiveInt('seed', values.seed) ?? 1;
  const db = await database(durableRequested());
  try {
    const durable = await serverIsDurable(db.url);
    const store = await createEventStore({ kind: 'postgres', connectionString: db.url, poolSize: 8 });
    try {
      log(`seeding ${count(orders)} orders (seed ${seed})`);
      const seeded = await seedScale({
        store, orders, seed,
        posters: positiveInt('posters', values.posters),
        inFlight: positiveInt('in-flight', values['in-flight']),
        window: positiveInt('window', values.window),
        coalesce: !values['no-coalesce'],
        onProgress: (p) => log(`${count(p.events)} events in ${p.seconds.toFixed(0)} s (${count(Math.round(p.events / p.seconds))}/s), simulated up to ${p.simulatedTime.slice(0, 10)}`),
      });
      log(`refused commands: ${JSON.stringify(seeded.refusals)}`);
      log(`events by type: ${JSON.stringify(seeded.eventsByType)}`);
      console.log(JSON.stringify({
        bench: 'seed-scale', durable, coalesce: !values['no-coalesce'], orders: seeded.orders, seed, events: seeded.written, appends: seeded.appends, seconds: Number(seeded.seconds.toFixed(1)),
        unit: 'events/s', eventsPerSecond: seeded.eventsPerSecond, cpuMicrosPerEvent: seeded.cpuMicrosPerEvent, carts: seeded.carts, abandonedCarts: seeded.abandonedCarts,
        distinctPhones: seeded.distinctPhones, governorates: seeded.governorates, posters: seeded.posters, from: seeded.from, to: seeded.to,
      }));
      log('building every read model from the log');
      const built = await buildReadModels({
        store, databaseUrl: db.url, until: seeded.lastPosition,
        onProgress: (p) => log(`read models: ${p.done}/${p.projections} at the head, slowest at ${p.slowest} of ${p.head}, ${p.seconds.toFixed(0)} s`),
      });
      console.log(JSON.stringify({
        bench: 'seed-scale-read-models', durable, events: seeded.written, projections: built.projections, seconds: Number(built.seconds.toFixed(1)),
        unit: 'events/s', eventsPerSecond: Math.round(seeded.written / built.seconds),
      }));
    } finally {
      await store.close();
    }
  } finally {
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

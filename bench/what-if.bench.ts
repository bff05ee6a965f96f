/**
 * What-if promotions over 100,000 orders (target: under 30 s): seeds two years of the shop
 * through bench/scale's seedScale (about ten events an order, so the job reads OrderPlaced out of
 * a log of a million events), then runs the what-if job through the in-process job queue, as
 * the API runs it without Redis: once with no draft (every order must reproduce its recorded
 * totals) and once with a draft of every kind. One JSON line per run.
 *
 *   npm run build && npm run bench:what-if        (-- --orders N, --no-durable; DATABASE_URL: an empty database)
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_SHOP_RULES } from '#domain/shop-config.js';
import type { PromotionDraft } from '#domain/what-if/promotion-draft.js';
import { createEventStore } from '#event-store/create-event-store.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { InProcessJobQueue } from '#platform/jobs/in-process-job-queue.js';
import { WHAT_IF_JOB, whatIfProcessor, type WhatIfJobData, type WhatIfJobResult } from '../services/api/src/admin/what-if/what-if-job.js';
import { durableRequested, serverIsDurable } from './lib/durability.js';
import { seedScale } from './scale/seed-scale.js';

const log = (msg: string) => process.stderr.write(`[bench:what-if] ${msg}\n`);
const TARGET_SECONDS = 30;
const DRAFT: PromotionDraft = {
  categoryDiscount: { category: 'ANIME', percentage: 20 },
  promoCode: { code: 'FOLLOW10', percentOff: 10 },
  freeShippingThreshold: 99_900,
  codFee: 1_500,
};

async function startDatabase(durable: boolean): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-what-if-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const servers = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
  const server = await servers.startPostgres({ dir: path.join(dir, 'pg'), database: 'what_if', durable });
  return { url: server.url, stop: async () => { await server.stop(); rmSync(dir, { recursive: true, force: true }); } };
}

async function runJob(store: EventStore, data: WhatIfJobData): Promise<{ result: WhatIfJobResult; seconds: number; progressReports: number }> {
  const queue = new InProcessJobQueue();
  const replay = whatIfProcessor({ store, rules: DEFAULT_SHOP_RULES });
  let progressReports = 0;
  queue.register<WhatIfJobData, WhatIfJobResult>(WHAT_IF_JOB, (d, ctx) => replay(d, { reportProgress: (p) => (progressReports++, ctx.reportProgress(p)) }));
  await queue.start();
  const started = performance.now();
  const id = await queue.enqueue(WHAT_IF_JOB, data);
  const job = await queue.waitFor<WhatIfJobResult>(id, 600_000);
  const seconds = (performance.now() - started) / 1000;
  await queue.close();
  if (job?.state !== 'completed' || !job.result) throw new Error(`what-if job ${job?.state}: ${job?.failedReason}`);
  return { result: job.result, seconds, progressReports };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { orders: { type: 'string' }, 'no-durable': { type: 'boolean' } } });
  const orders = Number(values.orders ?? 100_000);
  if (!Number.isInteger(orders) || orders < 1) throw new Error(`--orders must be a positive integer, got "${values.orders}"`);
  const db = await startDatabase(durableRequested());
  try {
    const durable = await serverIsDurable(db.url);
    const store = await createEventStore({ kind: 'postgres', connectionString: db.url, poolSize: 8 });
    try {
      log(`seeding ${orders.toLocaleString('en-US')} orders with seedScale`);
      const seeded = await seedScale({ store, orders, seed: 1, onProgress: (p) => log(`${p.events.toLocaleString('en-US')} events, ${p.seconds.toFixed(0)} s`) });
      log(`seeded ${seeded.written.toLocaleString('en-US')} events in ${seeded.seconds.toFixed(0)} s (${seeded.from} to ${seeded.to})`);
      // The whole simulated history is the period: every order is replayed.
      const period = { from: seeded.from, to: new Date(Date.parse(seeded.to) + 1).toISOString() };
      for (const [name, draft] of [['no draft', {}], ['draft', DRAFT]] as const) {
        const { result, seconds, progressReports } = await runJob(store, { draft, ...period, requestedBy: 'bench' });
        console.log(JSON.stringify({
          bench: 'what-if', run: name, durable, events: seeded.written, ordersScanned: result.ordersScanned, orders: result.orders,
          seconds: Number(seconds.toFixed(2)), unit: 'orders/s', ordersPerSecond: Math.round(result.orders / seconds), targetSeconds: TARGET_SECONDS,
          withinTarget: seconds < TARGET_SECONDS, progressReports, ordersAffected: result.ordersAffected, ordersNotReproduced: result.ordersNotReproduced,
          netSalesBefore: result.moneyBefore.netSales, netSalesAfter: result.moneyAfter.netSales, discountGiven: result.discountGiven,
          ordersCrossingFreeShipping: result.ordersCrossingFreeShipping, ordersLosingFreeShipping: result.ordersLosingFreeShipping,
        }));
      }
    } finally {
      await store.close();
    }
  } finally {
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});

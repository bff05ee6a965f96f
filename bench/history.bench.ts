/**
 * Checkout latency on a new shop beside a shop whose log holds a million events
 * (docs/adr/007-bounded-streams.md): there the streams a checkout reads (the poster, the
 * discounts, the promo code) each have tens of thousands of edits, and other streams fill the
 * rest. Two API processes on one PostgreSQL server, a database each; checkouts run one at a time,
 * alternating between the shops, so the figures are the cost of one checkout (not throughput)
 * under the same machine load. One JSON line per shop.
 *
 *   npm run build && npm run bench:history        (BENCH_HISTORY_EVENTS, BENCH_HISTORY_CHECKOUTS)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { posterDecider } from '#domain/catalog/poster.decider.js';
import { discountsDecider } from '#domain/promotion/discounts.decider.js';
import { promoCodeDecider } from '#domain/promotion/promo-code.decider.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import { discountsStream, posterStream, promoStream } from '#domain/streams.js';
import { createEventStore } from '#event-store/create-event-store.js';
import type { EventStore, NewEvent } from '#event-store/event-store.port.js';
import { countStoredEvents } from '#platform/testing/test-database.js';
import { executeDecider } from '../services/api/src/common/execute-decider.js';
import { durableRequested, serverIsDurable } from './lib/durability.js';
import { percentile, round } from './lib/stats.js';

const log = (msg: string) => process.stderr.write(`[bench:history] ${msg}\n`);
const EVENTS = Number(process.env.BENCH_HISTORY_EVENTS ?? 1_000_000);
const CHECKOUTS = Number(process.env.BENCH_HISTORY_CHECKOUTS ?? 300);
const WARM_UP = 30;
/** Edits appended to each stream every checkout reads; the rest of EVENTS is other carts. */
const EDITS_PER_HOT_STREAM = Math.floor(EVENTS / 20);
const PROMO = 'HISTORY10';
const CHECKOUT = {
  firstName: 'Mona', lastName: 'Hassan', phone: '01012345678', addressLine: '12 Tahrir St', building: '4', apartment: '7',
  city: 'Cairo', governorate: 'CAIRO', paymentMethod: 'COD',
};
const metadata = { correlationId: 'bench-history', actor: { kind: 'system' as const, id: 'bench' }, occurredAt: new Date().toISOString() };

async function json(res: Response): Promise<any> {
  const body = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${res.status} ${res.url}: ${JSON.stringify(body)}`);
  return body;
}

/** A poster, a 10% discount on every category and a promo code, through the deciders. */
async function seedShop(store: EventStore): Promise<string> {
  const posterId = randomUUID();
  const variants = [{ variantId: uuidFromName(`${posterId}:SIZE_30x40`), size: 'SIZE_30x40', price: 30000 }];
  await executeDecider(store, {
    stream: posterStream(posterId),
    decider: posterDecider,
    command: { type: 'CreatePoster', data: { posterId, name: 'History', description: 'A poster', category: 'ART', imageUrl: '/uploads/posters/x.jpg', visible: true, variants } },
  });
  await executeDecider(store, { stream: discountsStream(), decider: discountsDecider, command: { type: 'CreateDiscount', data: { category: null, percentage: 10, active: true } } });
  await executeDecider(store, { stream: promoStream(PROMO), decider: promoCodeDecider, command: { type: 'CreatePromoCode', data: { code: PROMO, percentOff: 10, active: true } } });
  return posterId;
}

/** `n` events from make(i), appended in pages of 1,000 (each page one statement). */
async function append(store: EventStore, stream: (i: number) => string, n: number, make: (i: number) => Pick<NewEvent, 'type' | 'data'>): Promise<void> {
  for (let from = 0; from < n; from += 1000) {
    const page = Array.from({ length: Math.min(1000, n - from) }, (_, k) => ({ id: randomUUID(), ...make(from + k), metadata }));
    await store.append(stream(from), page);
  }
}

/** Years of edits to the streams a checkout reads (each ends as it began), then other streams of 1,000 events up to EVENTS. */
async function growHistory(store: EventStore, posterId: string): Promise<void> {
  const even = (n: number) => n - (n % 2);
  const edits = even(EDITS_PER_HOT_STREAM);
  await append(store, () => posterStream(posterId), edits, (i) => ({ type: 'PosterVisibilityChanged', data: { posterId, visible: i % 2 === 1 } }));
  await append(store, () => discountsStream(), edits, (i) => ({ type: 'DiscountChanged', data: { discountId: 1, percentage: 10, active: i % 2 === 1 } }));
  await append(store, () => promoStream(PROMO), edits, (i) => ({ type: 'PromoCodePercentChanged', data: { code: PROMO, percentOff: i % 2 === 0 ? 15 : 10 } }));
  const rest = EVENTS - 3 * edits;
  await append(store, () => `cart-${randomUUID()}`, rest, (i) => ({ type: 'PaymentMethodChosen', data: { method: i % 2 === 0 ? 'ONLINE' : 'COD' } }));
}

/** One shopper's flow on one shop: add, apply the promo code, then the checkout, timed. */
async function checkout(shop: Shop): Promise<number> {
  const cart = await json(await fetch(`${shop.url}/api/user/cart`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ posterId: shop.posterId, size: 'SIZE_30x40', quantity: 2 }) }));
  await json(await fetch(`${shop.url}/api/user/cart/promocode/apply?code=${PROMO}`, { method: 'POST', headers: { 'x-cart-id': cart.cartId } }));
  const started = performance.now();
  const placed = await json(await fetch(`${shop.url}/api/user/cart/checkout`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-cart-id': cart.cartId }, body: JSON.stringify(CHECKOUT) }));
  const ms = performance.now() - started;
  if (typeof placed.orderId !== 'string' || typeof placed.total !== 'number') throw new Error(`unexpected checkout answer ${JSON.stringify(placed)}`);
  shop.totals.add(placed.total);
  return ms;
}

interface Shop {
  name: string;
  url: string;
  dbUrl: string;
  posterId: string;
  api?: ChildProcess;
  totals: Set<number>;
  times: number[];
  first?: number;
}

/** Both shops' checkouts alternate (which goes first alternates too), so the machine's other load falls on both alike. */
async function measure(shops: readonly Shop[]): Promise<void> {
  for (let i = 0; i < WARM_UP + CHECKOUTS; i++) {
    for (const shop of i % 2 === 0 ? shops : [...shops].reverse()) {
      const ms = await checkout(shop);
      shop.first ??= ms;
      if (i >= WARM_UP) shop.times.push(ms);
    }
  }
  for (const shop of shops) {
    const t = [...shop.times].sort((a, b) => a - b);
    const mean = t.reduce((sum, x) => sum + x, 0) / t.length;
    process.stdout.write(
      `${JSON.stringify({ bench: 'history', shop: shop.name, events: await countStoredEvents(shop.dbUrl), checkouts: t.length, firstMs: round(shop.first!), p50Ms: round(percentile(t, 50)!), p90Ms: round(percentile(t, 90)!), p99Ms: round(percentile(t, 99)!), meanMs: round(mean), totals: [...shop.totals], durable })}\n`,
    );
  }
  if (new Set(shops.flatMap((s) => [...s.totals])).size !== 1) throw new Error('the shops priced the same checkout differently');
}

let durable: boolean | null = null;

async function startApi(shop: Shop, dir: string, port: number): Promise<void> {
  // The API alone: checkout never reads a read model, and a projector catching up on a million events would share the CPU.
  shop.api = spawn(process.execPath, ['dist/services/api/src/main.js'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: shop.dbUrl, EVENT_STORE: 'postgres', PORT: String(port), JWT_SECRET: 'bench', ADMIN_USERNAME: '', ADMIN_PASSWORD: '', UPLOADS_DIR: path.join(dir, shop.name, 'uploads'), REDIS_URL: '', SEED_DEMO: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const deadline = Date.now() + 60_000; ; ) {
    if (shop.api.exitCode !== null) throw new Error(`${shop.name}: the API exited (${shop.api.exitCode})`);
    if (await fetch(`${shop.url}/api/health`).then((r) => r.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`${shop.name}: the API did not become healthy in 60 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function main(): Promise<void> {
  const servers = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-history-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  // One PostgreSQL server, a database per shop: the new shop and the one with a million events.
  const pg = await servers.startPostgres({ dir: path.join(dir, 'pg'), database: 'grown', durable: durableRequested() });
  durable = await serverIsDurable(pg.url);
  const { default: pgClient } = await import('pg');
  const admin = new pgClient.Client({ connectionString: pg.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE fresh');
  await admin.end();
  const shops: Shop[] = [];
  for (const [name, dbUrl] of [['new shop', pg.url.replace(/\/grown$/, '/fresh')], ['after a million events', pg.url]] as const) {
    const port = await servers.freePort();
    shops.push({ name, url: `http://127.0.0.1:${port}`, dbUrl, posterId: '', totals: new Set(), times: [] });
  }
  try {
    for (const shop of shops) {
      const store = await createEventStore({ kind: 'postgres', connectionString: shop.dbUrl });
      try {
        shop.posterId = await seedShop(store);
        if (shop.dbUrl === pg.url) {
          log(`growing the log by ${EVENTS} events (${EDITS_PER_HOT_STREAM} edits to each stream a checkout reads)…`);
          const started = Date.now();
          await growHistory(store, shop.posterId);
          log(`grown in ${round((Date.now() - started) / 1000)} s`);
        }
      } finally {
        await store.close();
      }
      await startApi(shop, dir, Number(new URL(shop.url).port));
    }
    await measure(shops);
  } finally {
    for (const shop of shops) {
      if (shop.api && shop.api.exitCode === null) {
        const exited = new Promise((r) => shop.api!.once('exit', r));
        shop.api.kill('SIGTERM');
        await exited;
      }
    }
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  log(String(e?.stack ?? e));
  process.exit(1);
});

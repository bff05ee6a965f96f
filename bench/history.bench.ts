/**
 * Checkout latency on a new shop and on the same shop after its log has grown to a million
 * events (docs/adr/007-bounded-streams.md): the streams a checkout reads (the poster, the
 * discounts, the promo code) each get tens of thousands of edits, and the rest of the log fills
 * with other shoppers' carts. Checkouts run one at a time against the real API process, so the
 * figures are the cost of one checkout, not the machine's throughput. One JSON line per phase.
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

/** One shopper's flow, one at a time: add, apply the promo code, check out (timed). */
async function measure(url: string, posterId: string, phase: string, events: number): Promise<{ total: number }> {
  const times: number[] = [];
  let first: number | undefined;
  let total = 0;
  for (let i = 0; i < WARM_UP + CHECKOUTS; i++) {
    const cart = await json(await fetch(`${url}/api/user/cart`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ posterId, size: 'SIZE_30x40', quantity: 2 }) }));
    await json(await fetch(`${url}/api/user/cart/promocode/apply?code=${PROMO}`, { method: 'POST', headers: { 'x-cart-id': cart.cartId } }));
    const started = performance.now();
    const placed = await json(await fetch(`${url}/api/user/cart/checkout`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-cart-id': cart.cartId }, body: JSON.stringify(CHECKOUT) }));
    const ms = performance.now() - started;
    if (typeof placed.orderId !== 'string' || typeof placed.total !== 'number') throw new Error(`unexpected checkout answer ${JSON.stringify(placed)}`);
    total = placed.total;
    first ??= ms;
    if (i >= WARM_UP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  process.stdout.write(
    `${JSON.stringify({ bench: 'history', phase, events, checkouts: times.length, firstMs: round(first!), p50Ms: round(percentile(times, 50)!), p90Ms: round(percentile(times, 90)!), p99Ms: round(percentile(times, 99)!), meanMs: round(mean), total, durable })}\n`,
  );
  return { total };
}

let durable: boolean | null = null;

async function main(): Promise<void> {
  const servers = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-history-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const pg = await servers.startPostgres({ dir: path.join(dir, 'pg'), database: 'history', durable: durableRequested() });
  durable = await serverIsDurable(pg.url);
  const store = await createEventStore({ kind: 'postgres', connectionString: pg.url });
  let api: ChildProcess | undefined;
  try {
    const posterId = await seedShop(store);
    const port = await servers.freePort();
    // The API alone: checkout never reads a read model, and a projector catching up on a million events would share the CPU.
    api = spawn(process.execPath, ['dist/services/api/src/main.js'], {
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: pg.url, EVENT_STORE: 'postgres', PORT: String(port), JWT_SECRET: 'bench', ADMIN_USERNAME: '', ADMIN_PASSWORD: '', UPLOADS_DIR: path.join(dir, 'uploads'), REDIS_URL: '', SEED_DEMO: '0' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 60_000; ; ) {
      if (api.exitCode !== null) throw new Error(`the API exited (${api.exitCode})`);
      if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error('the API did not become healthy in 60 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    const count = () => storedEvents(pg.url);
    const fresh = await measure(url, posterId, 'new shop', await count());
    log(`growing the log by ${EVENTS} events (${EDITS_PER_HOT_STREAM} edits to each stream a checkout reads)…`);
    const started = Date.now();
    await growHistory(store, posterId);
    log(`grown in ${round((Date.now() - started) / 1000)} s`);
    const grown = await measure(url, posterId, 'after history', await count());
    if (grown.total !== fresh.total) throw new Error(`the grown shop priced the checkout ${grown.total}, the new one ${fresh.total}`);
  } finally {
    if (api && api.exitCode === null) {
      const exited = new Promise((r) => api!.once('exit', r));
      api.kill('SIGTERM');
      await exited;
    }
    await store.close();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function storedEvents(url: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM event_store.events');
    return rows[0].n;
  } finally {
    await client.end();
  }
}

main().catch((e) => {
  log(String(e?.stack ?? e));
  process.exit(1);
});

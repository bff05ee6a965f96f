/**
 * A frozen database: the shop as `npm start` runs it, its PostgreSQL stopped (SIGSTOP of the
 * postmaster and every backend) for BENCH_ABUSE_FREEZE_SECONDS (default 90) while a mix of
 * shopper and operator requests keeps coming, one of each kind a second in a seeded order. Bounds:
 * every API answer within 6 s (503 with Retry-After where it needs the database), the projector's
 * /health within 1 s, no other 5xx; after the thaw every checkout retried on its cart is placed
 * exactly once and every add-to-cart answered 200 is in its cart.
 */
import path from 'node:path';
import pg from 'pg';
import { orderIdForCart } from '#domain/checkout/order-number.js';
import { orderStream } from '#domain/streams.js';
import { freezePostgres } from '#platform/testing/freeze-postgres.js';
import { shopRoleUrls } from '#platform/testing/shop-role-urls.js';
import { UNBOUNDED_BUDGETS } from '#platform/testing/unbounded-budgets.js';
import { seededRandom } from '../lib/seeded-random.js';
import { startShopProcesses } from '../lib/shop-processes.js';
import type { AbuseCase, AbuseLine } from './abuse-case.js';

const CHECKOUT = { firstName: 'Mona', lastName: 'Hassan', phone: '01012345678', addressLine: '12 Tahrir St', building: '4', apartment: '7', city: 'Cairo', governorate: 'CAIRO', paymentMethod: 'COD' };
const KINDS = ['listing', 'search', 'add-to-cart', 'new-cart', 'checkout', 'health', 'projector-health'] as const;
type Kind = (typeof KINDS)[number];

interface Answer {
  kind: Kind;
  status: number | 'no answer';
  ms: number;
  retryAfter: string | null;
  cartId?: string;
}

export const abuseCase: AbuseCase = {
  name: 'frozen-db',
  describe: 'PostgreSQL frozen (SIGSTOP) while listings, searches, carts, checkouts and health checks keep coming',
  async run(log) {
    const freezeSeconds = Number(process.env.BENCH_ABUSE_FREEZE_SECONDS ?? 90);
    // Budgets off: the case measures waiting and losing, and its shoppers all come from one address.
    const shop = await startShopProcesses(log, { ...UNBOUNDED_BUDGETS });
    let frozen: ReturnType<typeof freezePostgres> | undefined;
    try {
      const json = (body: unknown, cartId?: string): RequestInit => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cartId ? { 'x-cart-id': cartId } : {}) },
        body: JSON.stringify(body),
      });
      const { posters } = (await (await fetch(`${shop.url}/api/public/posters?page=1&limit=20`)).json()) as { posters: { id: string }[] };
      const line = (i: number) => ({ posterId: posters[i % posters.length].id, size: 'SIZE_30x40', quantity: 1 });
      // A cart to check out and a cart to add to for each second of the freeze, made beforehand.
      const toCheckOut: string[] = [];
      const toAddTo: string[] = [];
      for (let i = 0; i < freezeSeconds; i++) {
        toCheckOut.push(((await (await fetch(`${shop.url}/api/user/cart`, json(line(i)))).json()) as { cartId: string }).cartId);
        toAddTo.push(((await (await fetch(`${shop.url}/api/user/cart`, json(line(i)))).json()) as { cartId: string }).cartId);
      }

      const ask = async (kind: Kind, url: string, init: RequestInit = {}, cartId?: string): Promise<Answer> => {
        const started = Date.now();
        try {
          const res = await fetch(url, { ...init, signal: AbortSignal.timeout(freezeSeconds * 1000 + 30_000) });
          await res.arrayBuffer();
          return { kind, status: res.status, ms: Date.now() - started, retryAfter: res.headers.get('retry-after'), cartId };
        } catch {
          return { kind, status: 'no answer', ms: Date.now() - started, retryAfter: null, cartId };
        }
      };
      const request = (kind: Kind, second: number): Promise<Answer> => {
        switch (kind) {
          case 'listing': return ask(kind, `${shop.url}/api/public/posters?page=${1 + (second % 3)}&limit=12`);
          case 'search': return ask(kind, `${shop.url}/api/public/posters?page=1&limit=12&search=frozen${second}`);
          case 'add-to-cart': return ask(kind, `${shop.url}/api/user/cart`, json(line(second + 1), toAddTo[second]), toAddTo[second]);
          case 'new-cart': return ask(kind, `${shop.url}/api/user/cart`, json(line(second)));
          case 'checkout': return ask(kind, `${shop.url}/api/user/cart/checkout`, json(CHECKOUT, toCheckOut[second]), toCheckOut[second]);
          case 'health': return ask(kind, `${shop.url}/api/health`);
          case 'projector-health': return ask(kind, `${shop.projectorUrl}/health`);
        }
      };

      const random = seededRandom(24);
      log(`freezing PostgreSQL for ${freezeSeconds} s`);
      frozen = freezePostgres(path.join(shop.dataDir, 'postgres'));
      const frozenAt = Date.now();
      const pending: Promise<Answer>[] = [];
      for (let second = 0; second < freezeSeconds; second++) {
        // Every kind once a second, in a seeded order.
        const order = [...KINDS].sort(() => random.next() - 0.5);
        for (const kind of order) pending.push(request(kind, second));
        const next = frozenAt + (second + 1) * 1000;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
      }
      frozen.thaw();
      log('thawed');
      const answers = await Promise.all(pending);

      const api = answers.filter((a) => a.kind !== 'projector-health');
      const projector = answers.filter((a) => a.kind === 'projector-health');
      const slowest = (list: Answer[]) => Math.max(...list.map((a) => (a.status === 'no answer' ? Infinity : a.ms)));
      const bySlowest = (list: Answer[]) => Object.fromEntries(KINDS.filter((k) => k !== 'projector-health').map((k) => [k, slowest(list.filter((a) => a.kind === k))]));
      const statuses = answers.reduce<Record<string, number>>((acc, a) => ({ ...acc, [`${a.kind} ${a.status}`]: (acc[`${a.kind} ${a.status}`] ?? 0) + 1 }), {});
      const bad = answers.filter((a) => a.status === 'no answer' || (a.status >= 500 && a.status !== 503) || (a.status === 503 && !a.retryAfter));

      // After the thaw: each checkout retried on its cart answers the same order, placed once.
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && (await fetch(`${shop.url}/api/health`).then((r) => r.status, () => 0)) !== 200) await new Promise((r) => setTimeout(r, 500));
      let retriesFailed = 0;
      for (const cartId of toCheckOut) {
        const res = await fetch(`${shop.url}/api/user/cart/checkout`, json(CHECKOUT, cartId));
        if (res.status !== 200) retriesFailed++;
        await res.arrayBuffer();
      }
      const urls = await shopRoleUrls(shop.dataDir);
      const db = new pg.Client({ connectionString: urls.superuser });
      await db.connect();
      let duplicated = 0;
      let missing = 0;
      let addsLost = 0;
      try {
        const placedCount = async () => {
          const { rows } = await db.query<{ stream_name: string; n: string }>(
            `SELECT stream_name, count(*) AS n FROM event_store.events WHERE event_type = 'OrderPlaced' AND stream_name = ANY($1) GROUP BY stream_name`,
            [toCheckOut.map((c) => orderStream(orderIdForCart(c)))],
          );
          return new Map(rows.map((r) => [r.stream_name, Number(r.n)]));
        };
        // OrderPlaced follows CartCheckedOut through the projector's completion reactor.
        let placed = await placedCount();
        while (Date.now() < deadline + 60_000 && placed.size < toCheckOut.length) {
          await new Promise((r) => setTimeout(r, 500));
          placed = await placedCount();
        }
        duplicated = [...placed.values()].filter((n) => n > 1).length;
        missing = toCheckOut.length - placed.size;
      } finally {
        await db.end();
      }
      for (const a of answers.filter((x) => x.kind === 'add-to-cart' && x.status === 200)) {
        const cart = (await (await fetch(`${shop.url}/api/user/cart`, { headers: { 'x-cart-id': a.cartId! } })).json()) as { cart: { items: unknown[] } };
        if (cart.cart.items.length < 2) addsLost++;
      }
      const apiSlowest = slowest(api) / 1000;
      const projectorSlowest = slowest(projector) / 1000;
      const lines: AbuseLine[] = [
        { bound: `slowest API answer with PostgreSQL frozen ${freezeSeconds} s`, figure: round(apiSlowest), unit: 's', limit: '≤ 6', held: apiSlowest <= 6, detail: { slowestMsByKind: bySlowest(api), requests: api.length } },
        { bound: 'slowest projector /health with PostgreSQL frozen', figure: round(projectorSlowest), unit: 's', limit: '≤ 1', held: projectorSlowest <= 1, detail: { requests: projector.length } },
        { bound: 'answers that were not 2xx or 503 with Retry-After while frozen', figure: bad.length, unit: 'answers', limit: 0, held: bad.length === 0, detail: statuses },
        {
          bound: 'after the thaw: checkouts lost or placed twice, add-to-cart answered 200 but lost',
          figure: duplicated + missing + addsLost + retriesFailed,
          unit: 'cases',
          limit: 0,
          held: duplicated + missing + addsLost + retriesFailed === 0,
          detail: { checkouts: toCheckOut.length, duplicated, missing, retriesFailed, addsAnswered200: answers.filter((a) => a.kind === 'add-to-cart' && a.status === 200).length, addsLost },
        },
      ];
      return lines;
    } finally {
      frozen?.thaw();
      await shop.stop();
    }
  },
};

function round(n: number): number {
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : n;
}

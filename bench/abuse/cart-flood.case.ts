/**
 * The cart and newsletter floods, replayed on the shop as `npm start` runs it, with
 * its default budgets (BUDGET_* in the environment change them). One client (127.0.0.2, a real
 * loopback source address: TRUST_PROXY stays off) sends seeded cart commands (add, change
 * quantity, remove) from 16 connections for BENCH_ABUSE_SECONDS (default 60); halfway, another
 * client (127.0.0.3) adds to its cart. Then one client (127.0.0.4) floods newsletter sign-ups for
 * a quarter of that time, and another (127.0.0.5) signs up. The attack run appended 9,324 cart
 * events a minute and took 5,685 sign-ups in 30 s.
 *
 * The cart events are counted from the log itself (the admin event browser, `cart-` streams, by
 * their recorded time), from the first 429 to the end of the flood.
 */
import http from 'node:http';
import { loadBudgetsConfig } from '#platform/config/budgets-config.js';
import { listedPostersWithSizes } from '../lib/listed-posters.js';
import { seededRandom, type Random } from '../lib/seeded-random.js';
import { startShopProcesses } from '../lib/shop-processes.js';
import type { AbuseCase, AbuseLine } from './abuse-case.js';

const SEED = 24;
const SECONDS = Math.min(60, Math.max(5, Number(process.env.BENCH_ABUSE_SECONDS ?? 60) || 60));
const CONNECTIONS = 16;
const ATTACKER = '127.0.0.2';
const NEIGHBOUR = '127.0.0.3';
const SIGNUP_ATTACKER = '127.0.0.4';
const SIGNUP_NEIGHBOUR = '127.0.0.5';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | undefined;
  ms: number;
}

/** One client: keep-alive sockets bound to its own source address. */
function clientAt(base: string, localAddress: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, localAddress } as http.AgentOptions);
  const url = new URL(base);
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent, host: url.hostname, port: url.port, method, path,
          headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (text += c));
          res.on('end', () => {
            let parsed: Record<string, unknown> = {};
            try {
              parsed = text ? JSON.parse(text) : {};
            } catch {
              /* not JSON */
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, retryAfter: res.headers['retry-after'] as string | undefined, ms: performance.now() - started });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
  return { call, close: () => agent.destroy() };
}

type Poster = { id: string; sizes: string[] };

/** One attacking connection: its own cart, a seeded mix of the attack's three commands. */
async function floodCart(client: ReturnType<typeof clientAt>, posters: Poster[], rnd: Random, until: number, tally: Map<number, number>, firstRefusal: { at?: number; missingRetryAfter: number }) {
  let cartId: string | undefined;
  let lines: string[] = [];
  while (Date.now() < until) {
    const kind = !cartId || lines.length === 0 ? 'add' : rnd.weighted({ add: 5, change: 3, remove: 2 });
    const headers: Record<string, string> = cartId ? { 'x-cart-id': cartId } : {};
    let a: Answer;
    if (kind === 'add') {
      const p = rnd.pick(posters);
      a = await client.call('POST', '/api/user/cart', { posterId: p.id, size: rnd.pick(p.sizes), quantity: rnd.int(1, 3) }, headers);
    } else if (kind === 'change') {
      a = await client.call('PUT', `/api/user/cart/items/${rnd.pick(lines)}`, { quantity: rnd.int(1, 5) }, headers);
    } else {
      a = await client.call('DELETE', `/api/user/cart/items/${rnd.pick(lines)}`, undefined, headers);
    }
    tally.set(a.status, (tally.get(a.status) ?? 0) + 1);
    if (a.status === 429) {
      firstRefusal.at ??= Date.now();
      if (!a.retryAfter || !(Number(a.retryAfter) >= 1)) firstRefusal.missingRetryAfter++;
    }
    if (a.status === 200) {
      cartId = a.body.cartId as string;
      lines = ((a.body.cart as { items?: Array<{ id: string }> })?.items ?? []).map((i) => i.id);
    }
  }
}

/** Cart events recorded in [from, to], counted from the log through the admin event browser. */
async function cartEventsBetween(base: string, token: string, from: number, to: number): Promise<number> {
  let count = 0;
  let after = '';
  for (;;) {
    const res = await fetch(`${base}/api/admin/events?stream=cart-&order=asc&limit=200${after ? `&after=${after}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`event browser: ${res.status}`);
    const page = (await res.json()) as { data: Array<{ recordedAt: string }>; nextCursor: string | null; hasMore: boolean };
    for (const e of page.data) {
      const t = Date.parse(e.recordedAt);
      if (t >= from && t <= to) count++;
    }
    if (!page.hasMore || !page.nextCursor) return count;
    after = encodeURIComponent(page.nextCursor);
  }
}

export const abuseCase: AbuseCase = {
  name: 'cart-flood',
  describe: `cart commands from one address for ${SECONDS} s, then newsletter sign-ups from one address, on the default budgets`,
  async run(log) {
    const budgets = loadBudgetsConfig(process.env);
    const shop = await startShopProcesses(log);
    const lines: AbuseLine[] = [];
    try {
      const posters = await listedPostersWithSizes(shop.url);
      if (posters.length === 0) throw new Error('the demo catalogue has no posters');

      // ---- the cart flood -------------------------------------------------------------------
      const attacker = clientAt(shop.url, ATTACKER);
      const neighbour = clientAt(shop.url, NEIGHBOUR);
      const tally = new Map<number, number>();
      const firstRefusal: { at?: number; missingRetryAfter: number } = { missingRetryAfter: 0 };
      const started = Date.now();
      const until = started + SECONDS * 1000;
      log(`cart flood from ${ATTACKER}: ${CONNECTIONS} connections for ${SECONDS} s`);
      const probe = new Promise<Answer>((resolve, reject) => {
        setTimeout(() => {
          const p = posters[0];
          neighbour.call('POST', '/api/user/cart', { posterId: p.id, size: p.sizes[0], quantity: 1 }).then(resolve, reject);
        }, (SECONDS * 1000) / 2);
      });
      await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => floodCart(attacker, posters, seededRandom(SEED + i), until, tally, firstRefusal)));
      const ended = Date.now();
      const neighbourAnswer = await probe;
      attacker.close();
      neighbour.close();

      const login = await fetch(`${shop.url}/api/admin/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(shop.admin) });
      const token = ((await login.json()) as { token: string }).token;
      const refusedFrom = firstRefusal.at ?? ended;
      const afterBudget = await cartEventsBetween(shop.url, token, refusedFrom, ended);
      const minutes = Math.max(1e-9, (ended - refusedFrom) / 60_000);
      const perMinute = Math.round(afterBudget / minutes);
      const total = await cartEventsBetween(shop.url, token, started - 1000, ended);
      const requests = [...tally.values()].reduce((s, n) => s + n, 0);
      const refusals = tally.get(429) ?? 0;
      const rate = (budgets.cartCommands.amount * 60_000) / budgets.cartCommands.periodMs;
      // One event per allowed command (add, change quantity, remove), so the rate of the budget
      // bounds the rate of events; 10% for the edges of a short window.
      const limit = Math.ceil(rate * 1.1);
      lines.push({
        bound: 'cart events appended per minute from one address after its budget ran out',
        figure: perMinute,
        unit: 'events/min',
        limit: `≤ ${limit} (budget ${rate}/min; attack run without budgets: 9324)`,
        held: firstRefusal.at !== undefined && perMinute <= limit,
        detail: { seconds: SECONDS, eventsAfterBudget: afterBudget, windowSeconds: Math.round((ended - refusedFrom) / 100) / 10, eventsWholeFlood: total, firstRefusalAfterMs: firstRefusal.at ? firstRefusal.at - started : null },
      });
      lines.push({
        bound: 'cart commands refused with 429 and Retry-After',
        figure: refusals,
        unit: '429s',
        limit: 'every command past the budget; none without Retry-After',
        held: refusals > 0 && firstRefusal.missingRetryAfter === 0 && !tally.has(500),
        detail: { requests, requestsPerSecond: Math.round(requests / SECONDS), statuses: Object.fromEntries([...tally].sort(([a], [b]) => a - b)), refusalsWithoutRetryAfter: firstRefusal.missingRetryAfter },
      });
      lines.push({
        bound: 'another address adds to its cart during the flood',
        figure: neighbourAnswer.status,
        unit: 'HTTP status',
        limit: 200,
        held: neighbourAnswer.status === 200,
        detail: { address: NEIGHBOUR, ms: Math.round(neighbourAnswer.ms) },
      });

      // ---- the newsletter flood -------------------------------------------------------------
      const signupSeconds = Math.max(3, Math.round(SECONDS / 4));
      const flooder = clientAt(shop.url, SIGNUP_ATTACKER);
      const signups = new Map<number, number>();
      const signupUntil = Date.now() + signupSeconds * 1000;
      log(`newsletter flood from ${SIGNUP_ATTACKER} for ${signupSeconds} s`);
      let n = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (Date.now() < signupUntil) {
            const a = await flooder.call('POST', '/api/public/newsletter', { email: `flood-${SEED}-${n++}@example.com` });
            signups.set(a.status, (signups.get(a.status) ?? 0) + 1);
          }
        }),
      );
      flooder.close();
      const other = clientAt(shop.url, SIGNUP_NEIGHBOUR);
      const otherAnswer = await other.call('POST', '/api/public/newsletter', { email: `neighbour-${SEED}@example.com` });
      other.close();
      const accepted = [...signups].filter(([s]) => s >= 200 && s < 300).reduce((sum, [, c]) => sum + c, 0);
      const rule = budgets.newsletterSignups;
      const signupLimit = rule.burst + Math.ceil((rule.amount * signupSeconds * 1000) / rule.periodMs);
      lines.push({
        bound: `newsletter sign-ups taken from one address in ${signupSeconds} s`,
        figure: accepted,
        unit: 'sign-ups',
        limit: `≤ ${signupLimit} (attack run without budgets: 5685 in 30 s)`,
        held: accepted <= signupLimit && otherAnswer.status >= 200 && otherAnswer.status < 300 && !signups.has(500),
        detail: { statuses: Object.fromEntries([...signups].sort(([a], [b]) => a - b)), anotherAddress: { address: SIGNUP_NEIGHBOUR, status: otherAnswer.status } },
      });
      return lines;
    } finally {
      await shop.stop();
    }
  },
};

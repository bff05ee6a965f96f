/**
 * A burst of checkouts with PostgreSQL restarted in the middle (`pg_ctl restart -m fast`), on a
 * shop started as `npm start` runs it, and what it leaves: checkouts stored as CartCheckedOut
 * without their OrderPlaced ("half-placed"), with no shopper retrying, and how long until the
 * projector's checkout completion has placed them all and /api/health is 200 again. Shared by
 * the jest fault suite (one burst) and bench:abuse (several).
 */
import path from 'node:path';
import pg from 'pg';
import { orderIdForCart } from '#domain/checkout/order-number.js';
import { cartStream, orderStream } from '#domain/streams.js';
import { restartPostgres } from './restart-postgres.js';
import { shopRoleUrls } from './shop-role-urls.js';

export interface RestartBurstOptions {
  checkouts: number;
  /** PostgreSQL restarts once this many checkouts have answered: in the middle of the burst. */
  restartAfterAnswers: number;
  /** Each burst's shoppers have phones of their own. */
  burst: number;
}

export interface RestartBurstOutcome {
  /** Checkout answers by status ('no answer' for a dropped connection). */
  answers: Record<string, number>;
  restartMs: number;
  /** The restarted server's postmaster: stop it (stopPostmaster) after the shop. */
  postmasterPid: number;
  /** Half-placed checkouts seen once PostgreSQL answered again (before the completion acted). */
  halfPlacedSeen: number;
  /** Half-placed checkouts left 10 s after PostgreSQL answered again. */
  halfPlacedAfter10s: number;
  /** How long after PostgreSQL answered again none was left (null: some still were at 10 s). */
  completedAfterMs: number | null;
  /** How long after PostgreSQL answered again /api/health said 200 (null: not within 60 s). */
  healthyAfterMs: number | null;
  /** Orders the checkout completion placed and screened (its OrderScreened). */
  placedByCompletion: number;
  /** Of those, orders whose checkout the API answered 200: the completion raced a live API. */
  raced: number;
}

const COMPLETION_BOUND_MS = 10_000;
const HEALTH_BOUND_MS = 60_000;

export async function checkoutBurstWithRestart(shop: { url: string; dataDir: string }, o: RestartBurstOptions): Promise<RestartBurstOutcome> {
  const json = (body: unknown, cartId?: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cartId ? { 'x-cart-id': cartId } : {}) },
    body: JSON.stringify(body),
  });
  const { posters } = (await (await fetch(`${shop.url}/api/public/posters?page=1&limit=20`)).json()) as { posters: { id: string }[] };
  const carts: string[] = [];
  for (let i = 0; i < o.checkouts; i++) {
    const res = await fetch(`${shop.url}/api/user/cart`, json({ posterId: posters[i % posters.length].id, size: 'SIZE_30x40', quantity: 2 }));
    if (res.status !== 200) throw new Error(`cart ${i}: ${res.status} ${await res.text()}`);
    carts.push(((await res.json()) as { cartId: string }).cartId);
  }
  const form = (i: number) => ({
    firstName: 'Mona', lastName: 'Hassan', phone: `010${String(o.burst * 1000 + i).padStart(8, '0')}`,
    addressLine: '12 Tahrir St', building: '4', apartment: '7', city: 'Cairo', governorate: 'CAIRO', paymentMethod: 'COD',
  });

  let answered = 0;
  let restartNow: () => void = () => undefined;
  const restartDue = new Promise<void>((resolve) => (restartNow = resolve));
  const statuses: Array<number | 'no answer'> = [];
  const burst = carts.map(async (cartId, i) => {
    let status: number | 'no answer';
    try {
      const res = await fetch(`${shop.url}/api/user/cart/checkout`, { ...json(form(i), cartId), signal: AbortSignal.timeout(60_000) });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = 'no answer';
    }
    statuses[i] = status;
    if (++answered >= o.restartAfterAnswers) restartNow();
  });
  await restartDue;
  const { ms: restartMs, postmasterPid } = await restartPostgres(path.join(shop.dataDir, 'postgres'));
  const upAt = Date.now();
  await Promise.all(burst);

  const { superuser } = await shopRoleUrls(shop.dataDir);
  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<R[]> => {
    const db = new pg.Client({ connectionString: superuser });
    await db.connect();
    try {
      return (await db.query<R>(text, values)).rows;
    } finally {
      await db.end();
    }
  };
  const orderStreams = carts.map((c) => orderStream(orderIdForCart(c)));
  const halfPlaced = async () => {
    const checkedOut = await query<{ stream_name: string }>(`SELECT stream_name FROM event_store.events WHERE event_type = 'CartCheckedOut' AND stream_name = ANY($1)`, [carts.map(cartStream)]);
    const placed = new Set((await query<{ stream_name: string }>(`SELECT stream_name FROM event_store.events WHERE event_type = 'OrderPlaced' AND stream_name = ANY($1)`, [orderStreams])).map((r) => r.stream_name));
    const cartIds = new Set(checkedOut.map((r) => r.stream_name));
    return carts.filter((c) => cartIds.has(cartStream(c)) && !placed.has(orderStream(orderIdForCart(c)))).length;
  };

  const halfPlacedSeen = await halfPlaced();
  let left = halfPlacedSeen;
  while (left > 0 && Date.now() - upAt < COMPLETION_BOUND_MS) {
    await new Promise((r) => setTimeout(r, 200));
    left = await halfPlaced();
  }
  const completedAfterMs = left === 0 ? Date.now() - upAt : null;

  let healthyAfterMs: number | null = null;
  while (Date.now() - upAt < HEALTH_BOUND_MS) {
    if ((await fetch(`${shop.url}/api/health`).then((r) => r.status, () => 0)) === 200) {
      healthyAfterMs = Date.now() - upAt;
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const byCompletion = await query<{ order_id: string }>(
    `SELECT data->>'orderId' AS order_id FROM event_store.events WHERE event_type = 'OrderScreened' AND metadata->'actor'->>'id' = 'checkout-completion' AND data->>'orderId' = ANY($1)`,
    [carts.map(orderIdForCart)],
  );
  const answered200 = new Set(carts.filter((_, i) => statuses[i] === 200).map(orderIdForCart));
  const answers: Record<string, number> = {};
  for (const s of statuses) answers[String(s)] = (answers[String(s)] ?? 0) + 1;
  return {
    answers,
    restartMs,
    postmasterPid,
    halfPlacedSeen,
    halfPlacedAfter10s: left,
    completedAfterMs,
    healthyAfterMs,
    placedByCompletion: byCompletion.length,
    raced: byCompletion.filter((r) => answered200.has(r.order_id)).length,
  };
}

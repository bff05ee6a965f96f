/**
 * The lock-out of a customer by their phone, replayed on the shop as `npm start` runs it with its
 * default budgets. The attack run sent ten checkouts with empty carts, from any address, naming
 * the victim's phone written three ways: the per-phone budget then refused the victim's real
 * checkout with 429 CHECKOUT_BUDGET_EXCEEDED, and one attempt every 6 minutes kept them out.
 * Here ten strangers (127.0.0.11 … 127.0.0.20, real loopback source addresses) do the same, then
 * the victim (127.0.0.30) orders. Then the victim orders past the hourly number of the Order
 * Screening page (10 by default): every order is placed, and those beyond it are flagged for review.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { listedPostersWithSizes } from '../lib/listed-posters.js';
import { startShopProcesses } from '../lib/shop-processes.js';
import type { AbuseCase, AbuseLine } from './abuse-case.js';

const VICTIM_PHONE = '01098765432';
const WRITTEN = [VICTIM_PHONE, '+20 109 876 5432', '٠١٠٩٨٧٦٥٤٣٢'];
const VICTIM = '127.0.0.30';
const CHECKOUT = { firstName: 'Mona', lastName: 'Hassan', addressLine: '12 Tahrir St', building: '4', apartment: '7', city: 'Cairo', governorate: 'CAIRO', paymentMethod: 'COD' };
/** The default of the Order Screening page, and two more orders than it. */
const PER_HOUR = 10;
const ORDERS = PER_HOUR + 2;
const FLAG_WAIT_MS = 30_000;

/** A JSON request whose socket comes from `from`; resolves with the status and the parsed body. */
function call(base: string, from: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname, port: url.port, localAddress: from, method, path,
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
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const abuseCase: AbuseCase = {
  name: 'phone-lockout',
  describe: 'ten refused checkouts naming a customer\'s phone three ways from ten addresses, then that customer orders, and orders past the hourly number',
  async run(log) {
    const shop = await startShopProcesses(log);
    const lines: AbuseLine[] = [];
    try {
      const [poster] = await listedPostersWithSizes(shop.url, 1);
      if (!poster) throw new Error('the demo catalogue has no posters');

      log('ten strangers check out empty carts naming the victim\'s phone');
      const strangers: number[] = [];
      for (let i = 0; i < 10; i++) {
        const a = await call(shop.url, `127.0.0.${11 + i}`, 'POST', '/api/user/cart/checkout', { ...CHECKOUT, phone: WRITTEN[i % WRITTEN.length] }, { 'x-cart-id': randomUUID() });
        strangers.push(a.status);
      }

      const order = async (quantity: number) => {
        const added = await call(shop.url, VICTIM, 'POST', '/api/user/cart', { posterId: poster.id, size: poster.sizes[0], quantity });
        if (added.status !== 200) return added;
        return call(shop.url, VICTIM, 'POST', '/api/user/cart/checkout', { ...CHECKOUT, phone: VICTIM_PHONE }, { 'x-cart-id': added.body.cartId as string });
      };
      const victim = await order(1);
      lines.push({
        bound: 'the victim\'s order placed after ten refused checkouts naming their phone from other addresses',
        figure: victim.status,
        unit: 'HTTP status',
        limit: '200 with an order number (attack run: 429 CHECKOUT_BUDGET_EXCEEDED)',
        held: victim.status === 200 && typeof victim.body.orderNumber === 'string',
        detail: { strangers: strangers.join(','), victim: victim.status === 200 ? victim.body.orderNumber : victim.body },
      });

      // Other quantities each time: other lines, so none is a likely duplicate of another.
      log(`the victim places ${ORDERS - 1} more orders within the hour`);
      const placed = [victim];
      for (let q = 2; q <= ORDERS; q++) placed.push(await order(q));
      const ids = placed.filter((a) => a.status === 200).map((a) => a.body.orderId as string);

      const login = await fetch(`${shop.url}/api/admin/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(shop.admin) });
      const token = ((await login.json()) as { token: string }).token;
      const flagsOf = async (id: string): Promise<string[] | undefined> => {
        const res = await fetch(`${shop.url}/api/admin/orders/${id}`, { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) return undefined;
        return ((await res.json()) as { screening?: { flags: string[] } | null }).screening?.flags;
      };
      // The order pages read projections: wait until the last order's screening shows.
      const until = Date.now() + FLAG_WAIT_MS;
      let flags: (string[] | undefined)[] = [];
      do {
        flags = await Promise.all(ids.map(flagsOf));
        if (flags.every((f) => f !== undefined) && flags.at(-1)?.includes('MANY_ORDERS_FROM_PHONE')) break;
        await new Promise((r) => setTimeout(r, 200));
      } while (Date.now() < until);
      const flagged = flags.map((f, i) => (f?.includes('MANY_ORDERS_FROM_PHONE') ? i + 1 : 0)).filter(Boolean);
      lines.push({
        bound: `orders from one phone within an hour placed, those past ${PER_HOUR} flagged "Many orders from one phone"`,
        figure: ids.length,
        unit: 'orders placed',
        limit: `${ORDERS} placed; orders ${PER_HOUR + 1}-${ORDERS} flagged, none before`,
        held: ids.length === ORDERS && flagged.join(',') === Array.from({ length: ORDERS - PER_HOUR }, (_, i) => PER_HOUR + 1 + i).join(','),
        detail: { statuses: placed.map((a) => a.status).join(','), flaggedOrders: flagged },
      });
      return lines;
    } finally {
      await shop.stop();
    }
  },
};

import { addMoney, goodsAfterDiscounts, moneyOf, NO_MONEY, orderMoney, SALES_STATUSES, type MoneyFigures } from '#domain/money/figures.js';
import { AWAITING_SHIPMENT_STATUSES } from '#domain/order/order-lifecycle.js';
import { SHOP_TIME_ZONE } from '#domain/shop-config.js';
import { DailySalesEntity } from '../daily-sales.entity.js';
import { DashboardOrderStateEntity } from '../dashboard-order-state.entity.js';
import { GovernorateSalesEntity } from '../governorate-sales.entity.js';
import { tableName } from '../table-spec.js';
import { placedAt } from './event-time.js';
import { defineProjection, type ProjectionContext } from './projection.js';

const [DAILY_SALES_TABLE, STATE_TABLE, GOVERNORATES_TABLE] = [DailySalesEntity, DashboardOrderStateEntity, GovernorateSalesEntity].map(tableName);

/**
 * Governorate codes are a few letters; the log is read for ever, so any other text an event
 * carries is clipped to fit governorate_sales' key (a btree entry holds at most 2,704 bytes).
 */
const GOVERNORATE_KEY_LENGTH = 200;

/** An order's row as the state table keeps it: what its count and money figures are made of. */
interface OrderState {
  order_id: string;
  governorate: string;
  status: string;
  payment_method: string;
  total: number;
  subtotal: number;
  sales: number;
  returned: number;
  refunded: number;
  courier_fee: number;
  money: unknown;
}

/** An order's money figures (money/figures.ts) from its row. */
const moneyOfRow = (o: OrderState): MoneyFigures =>
  orderMoney({ status: o.status, paymentMethod: o.payment_method, subtotal: o.subtotal, discounts: o.subtotal - o.sales, total: o.total, returned: o.returned, refunded: o.refunded, courierFee: o.courier_fee });

const sqlList = (statuses: readonly string[]) => statuses.map((s) => `'${s}'`).join(', ');
const ACTIVE_SQL = sqlList(AWAITING_SHIPMENT_STATUSES);
const SALES_SQL = sqlList(SALES_STATUSES);

/** An amount an event carries, as the integer the columns hold (the log is read for ever: anything else counts 0). */
const piastres = (value: unknown): number => (Number.isSafeInteger(value) && Math.abs(value as number) < 2 ** 31 ? (value as number) : 0);

/** The money objects of a table's rows (those `where` selects) summed figure by figure, per `group`. */
const SUM_MONEY = (table: string, where: string, group: string) =>
  `SELECT ${group}, jsonb_object_agg(key, total) AS money
     FROM (SELECT r.${group}, j.key, sum(j.value::bigint) AS total FROM ${table} r CROSS JOIN LATERAL jsonb_each_text(r.money) j WHERE ${where} GROUP BY r.${group}, j.key) AS sums
    GROUP BY ${group}`;

/**
 * Per-day order counts by current status and money figures (money/figures.ts), and orders by
 * governorate. Keeps each order's day, governorate, status and amounts, what its returns, refunds
 * and courier fees took, and its figures (dashboard_orders_state); recomputes the days a batch
 * touched from it (a day's orders), and moves each governorate's row by the difference between
 * the batch's orders before and after (never a count over every order of a governorate).
 */
export const dashboardProjection = defineProjection({
  name: 'dashboard',
  // Version 6: the money figures, one definition, courier fees included.
  version: 6,
  tables: [DailySalesEntity, GovernorateSalesEntity],
  stateTables: [DashboardOrderStateEntity],
  eventTypes: ['OrderPlaced', 'OrderStatusChanged', 'OrderEdited', 'OrderReturned', 'RefundRecorded', 'CourierCollectionRecorded'],
  async handle(events, ctx) {
    const placed = new Map<string, { order_id: string; placed_at: string; governorate: string; status: string; payment_method: string; total: number; subtotal: number; sales: number; returned: number; refunded: number; courier_fee: number }>();
    const status = new Map<string, string>();
    /** An edit moves the order's governorate and amounts (never its day or status). */
    const edited = new Map<string, { order_id: string; governorate: string; total: number; subtotal: number; sales: number }>();
    /** Returned, refunded and courier fee amounts the batch adds to orders placed before it. */
    const takenBack = new Map<string, { returned: number; refunded: number; courier_fee: number }>();
    for (const e of events) {
      if (e.type === 'OrderPlaced') {
        const d = e.data;
        placed.set(d.orderId, {
          order_id: d.orderId, placed_at: placedAt(e), governorate: String(d.customer?.governorate ?? ''), status: 'PLACED', payment_method: String(d.paymentMethod ?? 'COD'),
          total: d.totals.total, subtotal: d.totals.subtotal, sales: goodsAfterDiscounts(d.totals), returned: 0, refunded: 0, courier_fee: 0,
        });
      } else if (e.type === 'OrderEdited') {
        const d = e.data;
        const t = d.after?.totals;
        if (!t) continue;
        const figures = { governorate: String(d.after.customer?.governorate ?? '').slice(0, GOVERNORATE_KEY_LENGTH), total: t.total, subtotal: t.subtotal, sales: goodsAfterDiscounts(t) };
        const row = placed.get(d.orderId);
        if (row) Object.assign(row, figures);
        else edited.set(d.orderId, { order_id: d.orderId, ...figures });
      } else if (e.type === 'OrderStatusChanged') {
        const d = e.data;
        const row = placed.get(d.orderId);
        if (row) row.status = d.to;
        else status.set(d.orderId, d.to);
      } else {
        const d = e.data;
        const delta =
          e.type === 'OrderReturned' ? { returned: piastres(e.data.amount), refunded: 0, courier_fee: 0 }
          : e.type === 'RefundRecorded' ? { returned: 0, refunded: piastres(e.data.amount), courier_fee: 0 }
          : { returned: 0, refunded: 0, courier_fee: piastres(e.data.fee) };
        const row = placed.get(d.orderId) ?? takenBack.get(d.orderId) ?? { returned: 0, refunded: 0, courier_fee: 0 };
        row.returned += delta.returned;
        row.refunded += delta.refunded;
        row.courier_fee += delta.courier_fee;
        if (!placed.has(d.orderId)) takenBack.set(d.orderId, row);
      }
    }
    const state = ctx.table(STATE_TABLE);
    const touched = [...new Set([...placed.keys(), ...status.keys(), ...edited.keys(), ...takenBack.keys()])];
    if (touched.length === 0) return;
    const COLUMNS = 'order_id, governorate, status, payment_method, total, subtotal, sales, returned, refunded, courier_fee, money';
    const before = await ctx.sql<OrderState>(`SELECT ${COLUMNS} FROM ${state} WHERE order_id = ANY($1::text[])`, [touched]);
    if (placed.size > 0) {
      await ctx.sql(
        `INSERT INTO ${state} (order_id, day, governorate, status, payment_method, total, subtotal, sales, returned, refunded, courier_fee, money)
         SELECT order_id, (placed_at AT TIME ZONE '${SHOP_TIME_ZONE}')::date, left(governorate, ${GOVERNORATE_KEY_LENGTH}), status, payment_method, total, subtotal, sales, returned, refunded, courier_fee, '{}'
           FROM json_to_recordset($1::json) AS x(order_id text, placed_at timestamptz, governorate text, status text, payment_method text, total integer, subtotal integer, sales integer,
                                                  returned integer, refunded integer, courier_fee integer)
         ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status`,
        [JSON.stringify([...placed.values()])],
      );
    }
    if (status.size > 0) {
      await ctx.sql(
        `UPDATE ${state} s SET status = x.status FROM json_to_recordset($1::json) AS x(order_id text, status text) WHERE s.order_id = x.order_id`,
        [JSON.stringify([...status].map(([order_id, to]) => ({ order_id, status: to })))],
      );
    }
    if (edited.size > 0) {
      await ctx.sql(
        `UPDATE ${state} s SET governorate = x.governorate, total = x.total, subtotal = x.subtotal, sales = x.sales
           FROM json_to_recordset($1::json) AS x(order_id text, governorate text, total integer, subtotal integer, sales integer)
          WHERE s.order_id = x.order_id`,
        [JSON.stringify([...edited.values()])],
      );
    }
    if (takenBack.size > 0) {
      await ctx.sql(
        `UPDATE ${state} s SET returned = s.returned + x.returned, refunded = s.refunded + x.refunded, courier_fee = s.courier_fee + x.courier_fee
           FROM json_to_recordset($1::json) AS x(order_id text, returned integer, refunded integer, courier_fee integer)
          WHERE s.order_id = x.order_id`,
        [JSON.stringify([...takenBack].map(([order_id, t]) => ({ order_id, ...t })))],
      );
    }
    // Each touched order's figures, from its row as the batch left it: the one definition decides, SQL only sums.
    const after = (await ctx.sql<OrderState>(`SELECT ${COLUMNS} FROM ${state} WHERE order_id = ANY($1::text[])`, [touched])).map((o) => ({ ...o, money: moneyOfRow(o) }));
    const rows = await ctx.sql<{ day: string }>(
      `WITH written AS (
         UPDATE ${state} s SET money = x.money FROM json_to_recordset($1::json) AS x(order_id text, money jsonb) WHERE s.order_id = x.order_id RETURNING s.day)
       SELECT DISTINCT day::text AS day FROM written`,
      [JSON.stringify(after.map((o) => ({ order_id: o.order_id, money: o.money })))],
    );
    await moveGovernorates(ctx, before, after);
    const days = rows.map((r) => r.day);
    if (days.length === 0) return;
    await ctx.sql(
      `WITH counts AS (
         SELECT day, count(*) AS orders_count, count(*) FILTER (WHERE status IN (${ACTIVE_SQL})) AS placed_count, count(*) FILTER (WHERE status = 'SHIPPED') AS shipped_count,
                count(*) FILTER (WHERE status = 'CANCELED') AS canceled_count, count(*) FILTER (WHERE status = 'REFUSED') AS refused_count,
                count(*) FILTER (WHERE status = 'RETURNED' OR (status IN (${SALES_SQL}) AND returned <> 0)) AS returned_count
           FROM ${state} WHERE day = ANY($1::date[]) GROUP BY day),
       sums AS (${SUM_MONEY(state, 'r.day = ANY($1::date[])', 'day')})
       INSERT INTO ${ctx.table(DAILY_SALES_TABLE)} (day, orders_count, placed_count, shipped_count, canceled_count, refused_count, returned_count, money)
       SELECT c.day, c.orders_count, c.placed_count, c.shipped_count, c.canceled_count, c.refused_count, c.returned_count, coalesce(m.money, '{}')
         FROM counts c LEFT JOIN sums m ON m.day = c.day
       ON CONFLICT (day) DO UPDATE SET orders_count = EXCLUDED.orders_count, placed_count = EXCLUDED.placed_count,
         shipped_count = EXCLUDED.shipped_count, canceled_count = EXCLUDED.canceled_count, refused_count = EXCLUDED.refused_count,
         returned_count = EXCLUDED.returned_count, money = EXCLUDED.money`,
      [days],
    );
  },
});

/** What one order adds to its governorate's row: counted unless CANCELED, and its money figures. */
const ordersOf = (o: OrderState) => (o.status === 'CANCELED' ? 0 : 1);

/** governorate_sales += (the batch's orders as they are now) − (as they were before the batch). */
async function moveGovernorates(ctx: ProjectionContext, before: readonly OrderState[], after: readonly OrderState[]): Promise<void> {
  const delta = new Map<string, { orders: number; money: MoneyFigures }>();
  const add = (rows: readonly OrderState[], sign: 1 | -1) => {
    for (const row of rows) {
      const d = delta.get(row.governorate) ?? { orders: 0, money: NO_MONEY };
      delta.set(row.governorate, { orders: d.orders + sign * ordersOf(row), money: addMoney(d.money, moneyOf(row.money), sign) });
    }
  };
  add(after, 1);
  add(before, -1);
  const moved = [...delta].filter(([, d]) => d.orders !== 0 || Object.values(d.money).some((v) => v !== 0));
  if (moved.length === 0) return;
  const table = ctx.table(GOVERNORATES_TABLE);
  const current = new Map(
    (await ctx.sql<{ governorate: string; orders_count: number; money: unknown }>(`SELECT governorate, orders_count, money FROM ${table} WHERE governorate = ANY($1::text[])`, [moved.map(([g]) => g)]))
      .map((r) => [r.governorate, r]),
  );
  const rows = moved.map(([governorate, d]) => {
    const was = current.get(governorate);
    return { governorate, orders: (was?.orders_count ?? 0) + d.orders, money: addMoney(moneyOf(was?.money), d.money) };
  });
  // A governorate left with nothing has no row, as when its orders came and went inside one batch:
  // the tables must not depend on where the log was cut into batches (a replay equals live).
  const empty = rows.filter((r) => r.orders === 0 && Object.values(r.money).every((v) => v === 0));
  const kept = rows.filter((r) => !empty.includes(r));
  if (kept.length > 0) {
    await ctx.sql(
      `INSERT INTO ${table} AS g (governorate, orders_count, money)
       SELECT governorate, orders, money FROM json_to_recordset($1::json) AS x(governorate text, orders integer, money jsonb)
       ON CONFLICT (governorate) DO UPDATE SET orders_count = EXCLUDED.orders_count, money = EXCLUDED.money`,
      [JSON.stringify(kept)],
    );
  }
  if (empty.length > 0) await ctx.sql(`DELETE FROM ${table} WHERE governorate = ANY($1::text[])`, [empty.map((r) => r.governorate)]);
}

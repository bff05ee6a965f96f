import type { OrderStatus } from '#domain/order/events.js';
import { AWAITING_SHIPMENT_STATUSES, REVENUE_STATUSES } from '#domain/order/order-lifecycle.js';
import { COLLECTED_STATUSES, goodsAfterDiscounts, orderRevenue, PENDING_STATUSES, SALES_STATUSES } from '#domain/order/revenue.js';
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

interface OrderFigures {
  governorate: string;
  status: string;
  total: number;
  sales: number;
  returned: number;
  refunded: number;
}

const FIGURES = ['orders', 'revenue', 'sales', 'collected', 'pending'] as const;
type Contribution = Record<(typeof FIGURES)[number], number>;

/** What one order adds to its governorate's row: counted unless CANCELED, revenue once SHIPPED or DELIVERED (REVENUE_STATUSES), and its sales, collected and pending (revenue.ts). */
function contribution(o: OrderFigures): Contribution {
  return { orders: o.status === 'CANCELED' ? 0 : 1, revenue: REVENUE_STATUSES.includes(o.status as OrderStatus) ? o.total : 0, ...orderRevenue(o.status, o) };
}

const sqlList = (statuses: readonly string[]) => statuses.map((s) => `'${s}'`).join(', ');
const REVENUE_SQL = sqlList(REVENUE_STATUSES);
const ACTIVE_SQL = sqlList(AWAITING_SHIPMENT_STATUSES);
const [SALES_SQL, COLLECTED_SQL, PENDING_SQL] = [SALES_STATUSES, COLLECTED_STATUSES, PENDING_STATUSES].map(sqlList);

/** An amount an event carries, as the integer the columns hold (the log is read for ever: anything else counts 0). */
const piastres = (value: unknown): number => (Number.isSafeInteger(value) && Math.abs(value as number) < 2 ** 31 ? (value as number) : 0);

/**
 * Per-day order counts and revenue by current status, net of returns and refunds, and orders by
 * governorate. Keeps each order's day, governorate, status and amounts, and what its returns and
 * refunds took back (dashboard_orders_state); recomputes the days a
 * batch touched from it (a day's orders), and moves each governorate's row by the difference
 * between the batch's orders before and after (never a count over every order of a governorate).
 */
export const dashboardProjection = defineProjection({
  name: 'dashboard',
  // Version 5: follows both staff edits (OrderEdited) and returns and refunds.
  version: 5,
  tables: [DailySalesEntity, GovernorateSalesEntity],
  stateTables: [DashboardOrderStateEntity],
  eventTypes: ['OrderPlaced', 'OrderStatusChanged', 'OrderEdited', 'OrderReturned', 'RefundRecorded'],
  async handle(events, ctx) {
    const placed = new Map<string, { order_id: string; placed_at: string; governorate: string; status: string; total: number; subtotal: number; sales: number; returned: number; refunded: number }>();
    const status = new Map<string, string>();
    /** An edit moves the order's governorate and amounts (never its day or status). */
    const edited = new Map<string, { order_id: string; governorate: string; total: number; subtotal: number; sales: number }>();
    /** Returned and refunded amounts the batch adds to orders placed before it. */
    const takenBack = new Map<string, { returned: number; refunded: number }>();
    for (const e of events) {
      if (e.type === 'OrderPlaced') {
        const d = e.data;
        placed.set(d.orderId, { order_id: d.orderId, placed_at: placedAt(e), governorate: String(d.customer?.governorate ?? ''), status: 'PLACED', total: d.totals.total, subtotal: d.totals.subtotal, sales: goodsAfterDiscounts(d.totals), returned: 0, refunded: 0 });
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
        const delta = e.type === 'OrderReturned' ? { returned: piastres(d.amount), refunded: 0 } : { returned: 0, refunded: piastres(d.amount) };
        const row = placed.get(d.orderId) ?? takenBack.get(d.orderId) ?? { returned: 0, refunded: 0 };
        row.returned += delta.returned;
        row.refunded += delta.refunded;
        if (!placed.has(d.orderId)) takenBack.set(d.orderId, row);
      }
    }
    const days = new Set<string>();
    const state = ctx.table(STATE_TABLE);
    const touched = [...new Set([...placed.keys(), ...status.keys(), ...edited.keys(), ...takenBack.keys()])];
    const before = await ctx.sql<OrderFigures & { order_id: string }>(`SELECT order_id, governorate, status, total, sales, returned, refunded FROM ${state} WHERE order_id = ANY($1::text[])`, [touched]);
    if (placed.size > 0) {
      // The days only, once each: a batch of orders falls on a few days.
      const rows = await ctx.sql<{ day: string }>(
        `WITH written AS (
           INSERT INTO ${state} (order_id, day, governorate, status, total, subtotal, sales, returned, refunded)
           SELECT order_id, (placed_at AT TIME ZONE '${SHOP_TIME_ZONE}')::date, left(governorate, ${GOVERNORATE_KEY_LENGTH}), status, total, subtotal, sales, returned, refunded
             FROM json_to_recordset($1::json) AS x(order_id text, placed_at timestamptz, governorate text, status text, total integer, subtotal integer, sales integer, returned integer, refunded integer)
           ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status
           RETURNING day)
         SELECT DISTINCT day::text AS day FROM written`,
        [JSON.stringify([...placed.values()])],
      );
      for (const r of rows) days.add(r.day);
    }
    if (status.size > 0) {
      const rows = await ctx.sql<{ day: string }>(
        `WITH written AS (
           UPDATE ${state} s SET status = x.status FROM json_to_recordset($1::json) AS x(order_id text, status text)
            WHERE s.order_id = x.order_id RETURNING s.day)
         SELECT DISTINCT day::text AS day FROM written`,
        [JSON.stringify([...status].map(([order_id, to]) => ({ order_id, status: to })))],
      );
      for (const r of rows) days.add(r.day);
    }
    if (edited.size > 0) {
      const rows = await ctx.sql<{ day: string }>(
        `WITH written AS (
           UPDATE ${state} s SET governorate = x.governorate, total = x.total, subtotal = x.subtotal, sales = x.sales
             FROM json_to_recordset($1::json) AS x(order_id text, governorate text, total integer, subtotal integer, sales integer)
            WHERE s.order_id = x.order_id RETURNING s.day)
         SELECT DISTINCT day::text AS day FROM written`,
        [JSON.stringify([...edited.values()])],
      );
      for (const r of rows) days.add(r.day);
    }
    if (takenBack.size > 0) {
      const rows = await ctx.sql<{ day: string }>(
        `WITH written AS (
           UPDATE ${state} s SET returned = s.returned + x.returned, refunded = s.refunded + x.refunded
             FROM json_to_recordset($1::json) AS x(order_id text, returned integer, refunded integer)
            WHERE s.order_id = x.order_id RETURNING s.day)
         SELECT DISTINCT day::text AS day FROM written`,
        [JSON.stringify([...takenBack].map(([order_id, t]) => ({ order_id, ...t })))],
      );
      for (const r of rows) days.add(r.day);
    }
    await moveGovernorates(ctx, before, touched);
    if (days.size === 0) return;
    await ctx.sql(
      `INSERT INTO ${ctx.table(DAILY_SALES_TABLE)} (day, orders_count, placed_count, shipped_count, canceled_count, refused_count, returned_count, revenue, revenue_subtotal, gross_total, sales, collected, pending, returned, refunded)
       SELECT day, count(*), count(*) FILTER (WHERE status IN (${ACTIVE_SQL})), count(*) FILTER (WHERE status = 'SHIPPED'),
              count(*) FILTER (WHERE status = 'CANCELED'), count(*) FILTER (WHERE status = 'REFUSED'),
              count(*) FILTER (WHERE status = 'RETURNED' OR (status IN (${SALES_SQL}) AND returned <> 0)),
              coalesce(sum(total) FILTER (WHERE status IN (${REVENUE_SQL})), 0), coalesce(sum(subtotal) FILTER (WHERE status IN (${REVENUE_SQL})), 0),
              coalesce(sum(total) FILTER (WHERE status <> 'CANCELED'), 0),
              coalesce(sum(sales - returned) FILTER (WHERE status IN (${SALES_SQL})), 0), coalesce(sum(total - refunded) FILTER (WHERE status IN (${COLLECTED_SQL})), 0),
              coalesce(sum(total) FILTER (WHERE status IN (${PENDING_SQL})), 0),
              coalesce(sum(returned) FILTER (WHERE status IN (${SALES_SQL})), 0), coalesce(sum(refunded) FILTER (WHERE status IN (${COLLECTED_SQL})), 0)
         FROM ${state} WHERE day = ANY($1::date[]) GROUP BY day
       ON CONFLICT (day) DO UPDATE SET orders_count = EXCLUDED.orders_count, placed_count = EXCLUDED.placed_count,
         shipped_count = EXCLUDED.shipped_count, canceled_count = EXCLUDED.canceled_count, refused_count = EXCLUDED.refused_count,
         returned_count = EXCLUDED.returned_count, revenue = EXCLUDED.revenue,
         revenue_subtotal = EXCLUDED.revenue_subtotal, gross_total = EXCLUDED.gross_total,
         sales = EXCLUDED.sales, collected = EXCLUDED.collected, pending = EXCLUDED.pending, returned = EXCLUDED.returned, refunded = EXCLUDED.refunded`,
      [[...days]],
    );
  },
});

/** governorate_sales += (the batch's orders as they are now) − (as they were before the batch). */
async function moveGovernorates(ctx: ProjectionContext, before: readonly OrderFigures[], touched: readonly string[]): Promise<void> {
  if (touched.length === 0) return;
  const after = await ctx.sql<OrderFigures>(`SELECT governorate, status, total, sales, returned, refunded FROM ${ctx.table(STATE_TABLE)} WHERE order_id = ANY($1::text[])`, [touched]);
  const delta = new Map<string, Contribution & { governorate: string }>();
  const add = (rows: readonly OrderFigures[], sign: 1 | -1) => {
    for (const row of rows) {
      const d = delta.get(row.governorate) ?? { governorate: row.governorate, orders: 0, revenue: 0, sales: 0, collected: 0, pending: 0 };
      const c = contribution(row);
      for (const f of FIGURES) d[f] += sign * c[f];
      delta.set(row.governorate, d);
    }
  };
  add(after, 1);
  add(before, -1);
  const moved = [...delta.values()].filter((d) => FIGURES.some((f) => d[f] !== 0));
  if (moved.length === 0) return;
  const table = ctx.table(GOVERNORATES_TABLE);
  await ctx.sql(
    `INSERT INTO ${table} AS g (governorate, orders_count, revenue, sales, collected, pending)
     SELECT governorate, orders, revenue, sales, collected, pending
       FROM json_to_recordset($1::json) AS x(governorate text, orders integer, revenue bigint, sales bigint, collected bigint, pending bigint)
     ON CONFLICT (governorate) DO UPDATE SET orders_count = g.orders_count + EXCLUDED.orders_count, revenue = g.revenue + EXCLUDED.revenue,
       sales = g.sales + EXCLUDED.sales, collected = g.collected + EXCLUDED.collected, pending = g.pending + EXCLUDED.pending`,
    [JSON.stringify(moved)],
  );
  // A governorate left with nothing has no row, as when its orders came and went inside one batch:
  // the tables must not depend on where the log was cut into batches (a replay equals live).
  await ctx.sql(`DELETE FROM ${table} WHERE governorate = ANY($1::text[]) AND orders_count = 0 AND revenue = 0 AND sales = 0 AND collected = 0 AND pending = 0`, [moved.map((d) => d.governorate)]);
}

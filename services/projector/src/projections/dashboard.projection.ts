import type { OrderPlaced, OrderStatusChanged } from '#domain/order/events.js';
import { DailySalesEntity } from '#read-models/daily-sales.entity.js';
import { DashboardOrderStateEntity } from '#read-models/dashboard-order-state.entity.js';
import { tableName } from '#read-models/table-spec.js';
import { defineProjection } from '../runner/projection.js';
import { dataOf, placedAt } from './event-time.js';

/** Dashboard days follow the shop's calendar (Egypt), not UTC. */
export const SHOP_TIME_ZONE = 'Africa/Cairo';

const [DAILY_SALES_TABLE, STATE_TABLE] = [DailySalesEntity, DashboardOrderStateEntity].map(tableName);

/**
 * Per-day order counts and revenue by current status. Keeps each order's day, status and
 * amounts (dashboard_orders_state) and recomputes the days a batch touched from it.
 */
export const dashboardProjection = defineProjection('dashboard', {
  version: 1,
  eventTypes: ['OrderPlaced', 'OrderStatusChanged'],
  async handle(events, ctx) {
    const placed = new Map<string, { order_id: string; placed_at: string; status: string; total: number; subtotal: number }>();
    const status = new Map<string, string>();
    for (const e of events) {
      if (e.type === 'OrderPlaced') {
        const d = dataOf<OrderPlaced['data']>(e);
        placed.set(d.orderId, { order_id: d.orderId, placed_at: placedAt(e), status: 'PLACED', total: d.totals.total, subtotal: d.totals.subtotal });
      } else {
        const d = dataOf<OrderStatusChanged['data']>(e);
        const row = placed.get(d.orderId);
        if (row) row.status = d.to;
        else status.set(d.orderId, d.to);
      }
    }
    const days = new Set<string>();
    const state = ctx.table(STATE_TABLE);
    if (placed.size > 0) {
      const rows = await ctx.sql<{ day: string }>(
        `INSERT INTO ${state} (order_id, day, status, total, subtotal)
         SELECT order_id, (placed_at AT TIME ZONE '${SHOP_TIME_ZONE}')::date, status, total, subtotal
           FROM jsonb_to_recordset($1::jsonb) AS x(order_id text, placed_at timestamptz, status text, total integer, subtotal integer)
         ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status
         RETURNING day::text AS day`,
        [JSON.stringify([...placed.values()])],
      );
      for (const r of rows) days.add(r.day);
    }
    if (status.size > 0) {
      const rows = await ctx.sql<{ day: string }>(
        `UPDATE ${state} s SET status = x.status FROM jsonb_to_recordset($1::jsonb) AS x(order_id text, status text)
          WHERE s.order_id = x.order_id RETURNING s.day::text AS day`,
        [JSON.stringify([...status].map(([order_id, to]) => ({ order_id, status: to })))],
      );
      for (const r of rows) days.add(r.day);
    }
    if (days.size === 0) return;
    await ctx.sql(
      `INSERT INTO ${ctx.table(DAILY_SALES_TABLE)} (day, orders_count, placed_count, shipped_count, canceled_count, revenue, revenue_subtotal, gross_total)
       SELECT day, count(*), count(*) FILTER (WHERE status = 'PLACED'), count(*) FILTER (WHERE status = 'SHIPPED'),
              count(*) FILTER (WHERE status = 'CANCELED'),
              coalesce(sum(total) FILTER (WHERE status = 'SHIPPED'), 0), coalesce(sum(subtotal) FILTER (WHERE status = 'SHIPPED'), 0),
              coalesce(sum(total) FILTER (WHERE status <> 'CANCELED'), 0)
         FROM ${state} WHERE day = ANY($1::date[]) GROUP BY day
       ON CONFLICT (day) DO UPDATE SET orders_count = EXCLUDED.orders_count, placed_count = EXCLUDED.placed_count,
         shipped_count = EXCLUDED.shipped_count, canceled_count = EXCLUDED.canceled_count, revenue = EXCLUDED.revenue,
         revenue_subtotal = EXCLUDED.revenue_subtotal, gross_total = EXCLUDED.gross_total`,
      [[...days]],
    );
  },
});

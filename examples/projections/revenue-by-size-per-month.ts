// An analyst's projection, built from the whole log into a schema of its own:
//
//   npm run replay -- --projection examples/projections/revenue-by-size-per-month.ts --schema analysis_sizes
//   psql … -c 'SELECT * FROM analysis_sizes.revenue_by_size_per_month ORDER BY month, size'
//
// Per calendar month (the shop's, Africa/Cairo) and poster size: the orders that had posters of
// that size, the posters, and their revenue: the lines' totals after category discounts, before
// promo codes, shipping and the COD fee, in piastres (100 to the pound). Canceled orders do not
// count (and count again if an order is un-canceled).
//
// The shape is the shop's projections' (libs/read-models/src/projections): per batch of events,
// remember what each event says in a state table, then recompute the months the batch touched.
// Inside the project it may import the shop's code, .ts or built (#domain/…), as this one does.
import type { OrderPlaced, OrderStatusChanged } from '#domain/order/events.js';
import { parsePosterSize } from '#domain/shop-config.js';
import { placedAt } from '../../libs/read-models/src/projections/event-time.js';
import type { AnalystProjection } from '../../services/projector/src/replay/analyst-projection.js';

const SHOP_TIME_ZONE = 'Africa/Cairo';

export default {
  eventTypes: ['OrderPlaced', 'OrderStatusChanged'],
  tables: {
    // What each order bought per size, and whether it is canceled now.
    order_sizes: `order_id text NOT NULL, size text NOT NULL, month date NOT NULL, posters integer NOT NULL,
                  revenue bigint NOT NULL, canceled boolean NOT NULL, PRIMARY KEY (order_id, size)`,
    revenue_by_size_per_month: `month date NOT NULL, size text NOT NULL, orders integer NOT NULL, posters integer NOT NULL,
                  revenue bigint NOT NULL, PRIMARY KEY (month, size)`,
  },

  async handle(events, ctx) {
    const bought = new Map<string, { order_id: string; size: string; placed_at: string; posters: number; revenue: number }>();
    const canceled = new Map<string, boolean>();
    for (const e of events) {
      if (e.type === 'OrderPlaced') {
        const d = e.data as OrderPlaced['data'];
        for (const item of d.items) {
          // Add-ons and custom prints without a poster size are not posters of a size.
          const size = parsePosterSize(item.size);
          if (!size) continue;
          const key = `${d.orderId}|${size}`;
          const row = bought.get(key) ?? { order_id: d.orderId, size, placed_at: placedAt(e), posters: 0, revenue: 0 };
          row.posters += item.quantity;
          row.revenue += item.lineTotal;
          bought.set(key, row);
        }
      } else {
        const d = e.data as OrderStatusChanged['data'];
        canceled.set(d.orderId, d.to === 'CANCELED');
      }
    }
    const months = new Set<string>();
    if (bought.size > 0) {
      const rows = await ctx.sql<{ month: string }>(
        `INSERT INTO ${ctx.table('order_sizes')} (order_id, size, month, posters, revenue, canceled)
         SELECT order_id, size, date_trunc('month', placed_at AT TIME ZONE '${SHOP_TIME_ZONE}')::date, posters, revenue, false
           FROM jsonb_to_recordset($1::jsonb) AS x(order_id text, size text, placed_at timestamptz, posters integer, revenue bigint)
         ON CONFLICT (order_id, size) DO NOTHING
         RETURNING month::text AS month`,
        [JSON.stringify([...bought.values()])],
      );
      for (const r of rows) months.add(r.month);
    }
    if (canceled.size > 0) {
      const rows = await ctx.sql<{ month: string }>(
        `UPDATE ${ctx.table('order_sizes')} o SET canceled = x.canceled
           FROM jsonb_to_recordset($1::jsonb) AS x(order_id text, canceled boolean)
          WHERE o.order_id = x.order_id AND o.canceled <> x.canceled
        RETURNING o.month::text AS month`,
        [JSON.stringify([...canceled].map(([order_id, c]) => ({ order_id, canceled: c })))],
      );
      for (const r of rows) months.add(r.month);
    }
    if (months.size === 0) return;
    await ctx.sql(`DELETE FROM ${ctx.table('revenue_by_size_per_month')} WHERE month = ANY($1::date[])`, [[...months]]);
    await ctx.sql(
      `INSERT INTO ${ctx.table('revenue_by_size_per_month')} (month, size, orders, posters, revenue)
       SELECT month, size, count(*), sum(posters), sum(revenue) FROM ${ctx.table('order_sizes')}
        WHERE month = ANY($1::date[]) AND NOT canceled GROUP BY month, size`,
      [[...months]],
    );
  },
} satisfies AnalystProjection;

import type { OrderPlaced, OrderStatusChanged } from '#domain/order/events.js';
import { insertRowsIfAbsent, type Row, type TableSpec } from '../runner/bulk-sql.js';
import type { Projection } from '../runner/projection.js';
import { dataOf } from './event-time.js';

/** Every poster line of every order, with whether the order is canceled now. */
const LINES_TABLE: TableSpec = {
  name: 'bestseller_lines_state',
  key: ['order_id', 'line_no'],
  columns: { order_id: 'text', line_no: 'integer', poster_id: 'text', quantity: 'integer', canceled: 'boolean' },
};

/** Quantity ordered per poster, canceled orders excluded (and counted again if un-canceled). */
export const bestsellersProjection: Projection = {
  name: 'bestsellers',
  version: 1,
  eventTypes: ['OrderPlaced', 'OrderStatusChanged'],
  tables: ['bestsellers', LINES_TABLE.name],
  async handle(events, ctx) {
    const lines: Row[] = [];
    const canceled = new Map<string, boolean>();
    const posters = new Set<string>();
    for (const e of events) {
      if (e.type === 'OrderPlaced') {
        const d = dataOf<OrderPlaced['data']>(e);
        d.items.forEach((item, lineNo) => {
          if (!item.posterId) return;
          lines.push({ order_id: d.orderId, line_no: lineNo, poster_id: item.posterId, quantity: item.quantity, canceled: false });
          posters.add(item.posterId);
        });
      } else {
        const d = dataOf<OrderStatusChanged['data']>(e);
        canceled.set(d.orderId, d.to === 'CANCELED');
      }
    }
    await insertRowsIfAbsent(ctx, LINES_TABLE, lines);
    if (canceled.size > 0) {
      const changed = await ctx.sql<{ poster_id: string }>(
        `UPDATE ${ctx.table(LINES_TABLE.name)} l SET canceled = x.canceled
           FROM jsonb_to_recordset($1::jsonb) AS x(order_id text, canceled boolean)
          WHERE l.order_id = x.order_id AND l.canceled <> x.canceled
        RETURNING l.poster_id`,
        [JSON.stringify([...canceled].map(([order_id, c]) => ({ order_id, canceled: c })))],
      );
      for (const r of changed) posters.add(r.poster_id);
    }
    if (posters.size === 0) return;
    const ids = [...posters];
    await ctx.sql(
      `INSERT INTO ${ctx.table('bestsellers')} (poster_id, total_ordered)
       SELECT poster_id, sum(quantity) FILTER (WHERE NOT canceled) FROM ${ctx.table(LINES_TABLE.name)}
        WHERE poster_id = ANY($1::text[]) GROUP BY poster_id HAVING sum(quantity) FILTER (WHERE NOT canceled) > 0
       ON CONFLICT (poster_id) DO UPDATE SET total_ordered = EXCLUDED.total_ordered`,
      [ids],
    );
    await ctx.sql(
      `DELETE FROM ${ctx.table('bestsellers')} b WHERE b.poster_id = ANY($1::text[])
         AND NOT EXISTS (SELECT 1 FROM ${ctx.table(LINES_TABLE.name)} l WHERE l.poster_id = b.poster_id AND NOT l.canceled)`,
      [ids],
    );
  },
};

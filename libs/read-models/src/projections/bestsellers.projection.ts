import { UNSOLD_STATUSES } from '#domain/order/order-lifecycle.js';
import { BestsellerLineStateEntity } from '../bestseller-line-state.entity.js';
import { BestsellerEntity } from '../bestseller.entity.js';
import { tableName } from '../table-spec.js';
import type { Row } from './bulk-sql.js';
import { defineProjection, type ProjectionContext, type RecordedShopEvent } from './projection.js';

const [BESTSELLERS_TABLE, LINES_TABLE] = [BestsellerEntity, BestsellerLineStateEntity].map(tableName);

/**
 * Quantity ordered per poster, canceled and refused orders excluded (and counted again if
 * un-canceled or re-delivered); the state table's `canceled` means "nothing sold" (UNSOLD_STATUSES).
 */
export const bestsellersProjection = defineProjection({
  name: 'bestsellers',
  // Version 2: an order's lines as staff edits (OrderEdited) left them.
  version: 2,
  tables: [BestsellerEntity],
  stateTables: [BestsellerLineStateEntity],
  eventTypes: ['OrderPlaced', 'OrderStatusChanged', 'OrderEdited'],
  async handle(events, ctx) {
    // Edits are rare: a batch holding one is applied in runs around it, in log order.
    const at = events.findIndex((e) => e.type === 'OrderEdited');
    if (at >= 0) {
      if (at > 0) await this.handle(events.slice(0, at), ctx);
      await applyEdit(events[at] as RecordedShopEvent<'OrderEdited'>, ctx);
      if (at + 1 < events.length) await this.handle(events.slice(at + 1), ctx);
      return;
    }
    const lines: Row[] = [];
    const canceled = new Map<string, boolean>();
    for (const e of events) {
      if (e.type === 'OrderPlaced') {
        const d = e.data;
        d.items.forEach((item, lineNo) => {
          if (!item.posterId) return;
          lines.push({ order_id: d.orderId, line_no: lineNo, poster_id: item.posterId, quantity: item.quantity, canceled: false });
        });
      } else if (e.type === 'OrderStatusChanged') {
        const d = e.data;
        canceled.set(d.orderId, UNSOLD_STATUSES.includes(d.to));
      }
    }
    // Deltas, not recomputation: the cost follows the batch, not each poster's whole history.
    const deltas = new Map<string, number>();
    const add = (posterId: string, n: number) => deltas.set(posterId, (deltas.get(posterId) ?? 0) + n);
    if (lines.length > 0) {
      // Summed per poster in SQL: a row per poster comes back, not one per order line.
      const inserted = await ctx.sql<{ poster_id: string; quantity: number }>(
        `WITH written AS (
           INSERT INTO ${ctx.table(LINES_TABLE)} (order_id, line_no, poster_id, quantity, canceled)
           SELECT order_id, line_no, poster_id, quantity, canceled
             FROM json_to_recordset($1::json) AS x(order_id text, line_no integer, poster_id text, quantity integer, canceled boolean)
           ON CONFLICT (order_id, line_no) DO NOTHING
           RETURNING poster_id, quantity)
         SELECT poster_id, sum(quantity)::int AS quantity FROM written GROUP BY poster_id`,
        [JSON.stringify(lines)],
      );
      for (const r of inserted) add(r.poster_id, r.quantity);
    }
    if (canceled.size > 0) {
      const changed = await ctx.sql<{ poster_id: string; quantity: number; canceled: boolean }>(
        `WITH written AS (
           UPDATE ${ctx.table(LINES_TABLE)} l SET canceled = x.canceled
             FROM json_to_recordset($1::json) AS x(order_id text, canceled boolean)
            WHERE l.order_id = x.order_id AND l.canceled <> x.canceled
           RETURNING l.poster_id, l.quantity, l.canceled)
         SELECT poster_id, sum(quantity)::int AS quantity, canceled FROM written GROUP BY poster_id, canceled`,
        [JSON.stringify([...canceled].map(([order_id, c]) => ({ order_id, canceled: c })))],
      );
      for (const r of changed) add(r.poster_id, r.canceled ? -r.quantity : r.quantity);
    }
    await moveTotals(ctx, deltas);
  },
});

/** The order's lines replaced by the edit's, and each poster's total moved by the difference. */
async function applyEdit(e: RecordedShopEvent<'OrderEdited'>, ctx: ProjectionContext): Promise<void> {
  const items = e.data.after?.items;
  if (!Array.isArray(items)) return;
  const removed = await ctx.sql<{ poster_id: string; quantity: number; canceled: boolean }>(
    `DELETE FROM ${ctx.table(LINES_TABLE)} WHERE order_id = $1 RETURNING poster_id, quantity, canceled`,
    [e.data.orderId],
  );
  const canceled = removed[0]?.canceled ?? false;
  const deltas = new Map<string, number>();
  const add = (posterId: string, n: number) => deltas.set(posterId, (deltas.get(posterId) ?? 0) + n);
  if (!canceled) for (const r of removed) add(r.poster_id, -r.quantity);
  const lines: Row[] = [];
  items.forEach((item, lineNo) => {
    if (!item?.posterId) return;
    lines.push({ order_id: e.data.orderId, line_no: lineNo, poster_id: item.posterId, quantity: item.quantity, canceled });
    if (!canceled) add(item.posterId, item.quantity);
  });
  if (lines.length > 0) {
    await ctx.sql(
      `INSERT INTO ${ctx.table(LINES_TABLE)} (order_id, line_no, poster_id, quantity, canceled)
       SELECT order_id, line_no, poster_id, quantity, canceled
         FROM json_to_recordset($1::json) AS x(order_id text, line_no integer, poster_id text, quantity integer, canceled boolean)
       ON CONFLICT (order_id, line_no) DO NOTHING`,
      [JSON.stringify(lines)],
    );
  }
  await moveTotals(ctx, deltas);
}

async function moveTotals(ctx: ProjectionContext, deltas: Map<string, number>): Promise<void> {
  {
    const rows = [...deltas].filter(([, d]) => d !== 0).map(([poster_id, delta]) => ({ poster_id, delta }));
    if (rows.length === 0) return;
    await ctx.sql(
      `INSERT INTO ${ctx.table(BESTSELLERS_TABLE)} AS b (poster_id, total_ordered)
       SELECT poster_id, delta FROM json_to_recordset($1::json) AS x(poster_id text, delta integer)
       ON CONFLICT (poster_id) DO UPDATE SET total_ordered = b.total_ordered + EXCLUDED.total_ordered`,
      [JSON.stringify(rows)],
    );
    await ctx.sql(`DELETE FROM ${ctx.table(BESTSELLERS_TABLE)} WHERE poster_id = ANY($1::text[]) AND total_ordered <= 0`, [rows.map((r) => r.poster_id)]);
  }
}

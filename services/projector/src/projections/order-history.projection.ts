import type { OrderPlaced, OrderStatusChanged } from '#domain/order/events.js';
import { insertRowsIfAbsent, type Row, type TableSpec } from '../runner/bulk-sql.js';
import type { Projection } from '../runner/projection.js';
import { dataOf, occurredAt } from './event-time.js';

export const ORDER_HISTORY_TABLE: TableSpec = {
  name: 'order_history',
  key: ['event_id'],
  columns: {
    event_id: 'text', order_id: 'text', commit_position: 'bigint', prepare_position: 'bigint', revision: 'integer',
    occurred_at: 'timestamptz', recorded_at: 'timestamptz', type: 'text', actor_kind: 'text', actor_id: 'text',
    changes: 'jsonb', correlation_id: 'text', causation_id: 'text',
  },
};

/** The audit trail: every event of every order, who did it and what it changed. Append-only by event id. */
export const orderHistoryProjection: Projection = {
  name: 'order-history',
  version: 1,
  eventTypes: ['OrderPlaced', 'OrderStatusChanged'],
  tables: [ORDER_HISTORY_TABLE.name],
  async handle(events, ctx) {
    const rows: Row[] = events.map((e) => {
      const m = (e.metadata ?? {}) as { actor?: { kind?: string; id?: string }; correlationId?: string; causationId?: string };
      let orderId: string;
      let changes: Record<string, unknown>;
      if (e.type === 'OrderPlaced') {
        const d = dataOf<OrderPlaced['data']>(e);
        orderId = d.orderId;
        changes = {
          status: { from: null, to: 'PLACED' }, orderNumber: d.orderNumber, total: d.totals.total,
          itemCount: d.items.reduce((n, i) => n + i.quantity, 0), paymentMethod: d.paymentMethod, promoCode: d.promoCode ?? null,
        };
      } else {
        const d = dataOf<OrderStatusChanged['data']>(e);
        orderId = d.orderId;
        changes = { status: { from: d.from, to: d.to }, reason: d.reason ?? null };
      }
      return {
        event_id: e.id, order_id: orderId, commit_position: e.position.commit, prepare_position: e.position.prepare,
        revision: Number(e.revision), occurred_at: occurredAt(e), recorded_at: e.createdAt, type: e.type,
        actor_kind: m.actor?.kind ?? 'system', actor_id: m.actor?.id ?? 'unknown', changes,
        correlation_id: m.correlationId ?? null, causation_id: m.causationId ?? null,
      };
    });
    await insertRowsIfAbsent(ctx, ORDER_HISTORY_TABLE, rows);
  },
};

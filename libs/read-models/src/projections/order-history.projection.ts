import { OrderHistoryEntity } from '../order-history.entity.js';
import { tableSpec } from '../table-spec.js';
import { insertRowsIfAbsent, type Row } from './bulk-sql.js';
import { occurredAt } from './event-time.js';
import { defineProjection } from './projection.js';
import { staffAuthorOf } from './staff-actor-of.js';

const ORDER_HISTORY_TABLE = tableSpec(OrderHistoryEntity);

/**
 * The audit trail: every event of every order, who did it (a staff member with the role they
 * held) and what it changed. Append-only by event id. Version 2: the staff member's role.
 */
export const orderHistoryProjection = defineProjection({
  name: 'order-history',
  version: 2,
  tables: [OrderHistoryEntity],
  eventTypes: ['OrderPlaced', 'OrderStatusChanged', 'PersonalDataCorrected'],
  async handle(events, ctx) {
    const rows: Row[] = events.map((e) => {
      const m = (e.metadata ?? {}) as { actor?: { kind?: string; id?: string }; correlationId?: string; causationId?: string };
      let orderId: string;
      let changes: Record<string, unknown>;
      const staff = e.type === 'OrderPlaced' ? null : staffAuthorOf(e);
      if (e.type === 'OrderPlaced') {
        const d = e.data;
        orderId = d.orderId;
        changes = {
          status: { from: null, to: 'PLACED' }, orderNumber: d.orderNumber, total: d.totals.total,
          itemCount: d.items.reduce((n, i) => n + i.quantity, 0), paymentMethod: d.paymentMethod, promoCode: d.promoCode ?? null,
        };
      } else if (e.type === 'PersonalDataCorrected') {
        // Which fields, never their values: the trail is kept whole, an erasure must not need to reach it.
        orderId = e.data.orderId;
        changes = { corrected: Array.isArray(e.data.fields) ? e.data.fields : [] };
      } else {
        const d = e.data;
        orderId = d.orderId;
        changes = { status: { from: d.from, to: d.to }, reason: d.reason ?? null, ...(d.correction ? { correction: true } : {}) };
      }
      return {
        event_id: e.id, order_id: orderId, commit_position: String(e.position.commit), prepare_position: String(e.position.prepare),
        revision: Number(e.revision), occurred_at: occurredAt(e), recorded_at: e.createdAt, type: e.type,
        actor_kind: staff ? 'admin' : (m.actor?.kind ?? 'system'), actor_id: staff?.username ?? m.actor?.id ?? 'unknown', actor_role: staff?.role ?? null, changes,
        correlation_id: m.correlationId ?? null, causation_id: m.causationId ?? null,
      };
    });
    await insertRowsIfAbsent(ctx, ORDER_HISTORY_TABLE, rows);
  },
});

import { OrderHistoryEntity } from '../order-history.entity.js';
import { tableSpec } from '../table-spec.js';
import { insertRowsIfAbsent, type Row } from './bulk-sql.js';
import { occurredAt } from './event-time.js';
import { defineProjection, type RecordedShopEvent } from './projection.js';
import type { OrderItem } from '#domain/order/events.js';
import { piastresToEgp } from '#domain/shared/money.js';
import { boundedUsername, staffAuthorOf } from './staff-actor-of.js';
import { courierOfReportedMove } from '#domain/order/courier-report.js';
import { ERASED } from '#domain/personal-data/personal-fields.js';

const ORDER_HISTORY_TABLE = tableSpec(OrderHistoryEntity);

/**
 * The audit trail: every event of every order, who did it (a staff member with the role they
 * held) and what it changed. Append-only by event id. Version 2: the staff member's role; version
 * 3: staff edits, as a diff (editDiff), and staff notes (that one was written, never its text);
 * version 4: the courier and tracking number of a ship move, and returns and refunds (amounts in EGP);
 * version 5: what became of each courier settlement line (applied, unchanged, or why not);
 * version 6: a move a courier's file made names the courier as its actor (kind `courier`).
 */
export const orderHistoryProjection = defineProjection({
  name: 'order-history',
  version: 6,
  tables: [OrderHistoryEntity],
  eventTypes: ['OrderPlaced', 'OrderStatusChanged', 'PersonalDataCorrected', 'OrderEdited', 'OrderNoteAdded', 'OrderReturned', 'RefundRecorded', 'SettlementLineRecorded'],
  async handle(events, ctx) {
    const rows: Row[] = events.map((e) => {
      const m = (e.metadata ?? {}) as { actor?: { kind?: string; id?: string }; correlationId?: string; causationId?: string };
      let orderId: string;
      let changes: Record<string, unknown>;
      const courier = e.type === 'OrderStatusChanged' ? courierOfReportedMove(e.data ?? {}) : null;
      const staff = e.type === 'OrderPlaced' || courier ? null : staffAuthorOf(e);
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
      } else if (e.type === 'OrderEdited') {
        orderId = e.data.orderId;
        changes = editDiff(e.data);
      } else if (e.type === 'OrderNoteAdded') {
        // That a note was written and by whom; its text is personal and stays on the order page.
        orderId = e.data.orderId;
        changes = { note: true };
      } else if (e.type === 'OrderReturned') {
        orderId = e.data.orderId;
        const items = Array.isArray(e.data.lines) ? e.data.lines.reduce((n, l) => n + (Number.isSafeInteger(l?.quantity) ? l.quantity : 0), 0) : 0;
        changes = { returned: egpOf(e.data.amount), itemCount: items, reason: e.data.reason ?? null };
      } else if (e.type === 'SettlementLineRecorded') {
        orderId = e.data.orderId;
        changes = { courier: String(e.data.courier?.name ?? ''), trackingNumber: e.data.trackingNumber ?? null, line: e.data.line ?? null, outcome: e.data.outcome ?? null, reason: e.data.reason ?? null, importId: e.data.importId ?? null };
      } else if (e.type === 'RefundRecorded') {
        orderId = e.data.orderId;
        changes = { refunded: egpOf(e.data.amount) };
      } else {
        const d = e.data;
        orderId = d.orderId;
        changes = {
          status: { from: d.from, to: d.to }, reason: d.reason ?? null, ...(d.correction ? { correction: true } : {}),
          // The parcel's courier and tracking number, as the ship move named them (packing slips and manifests read them here).
          ...(d.courier ? { courier: String(d.courier.name ?? ''), trackingNumber: d.trackingNumber ?? null } : {}),
        };
      }
      return {
        event_id: e.id, order_id: orderId, commit_position: String(e.position.commit), prepare_position: String(e.position.prepare),
        revision: Number(e.revision), occurred_at: occurredAt(e), recorded_at: e.createdAt, type: e.type,
        ...(courier
          ? { actor_kind: 'courier', actor_id: boundedUsername(String(courier.name ?? '')), actor_role: null }
          : { actor_kind: staff ? 'admin' : (m.actor?.kind ?? 'system'), actor_id: staff?.username ?? m.actor?.id ?? 'unknown', actor_role: staff?.role ?? null }),
        changes,
        correlation_id: m.correlationId ?? null, causation_id: m.causationId ?? null,
      };
    });
    await insertRowsIfAbsent(ctx, ORDER_HISTORY_TABLE, rows);
  },
  // The reasons staff wrote about the person read as the log reads them once their key is gone
  // (a return's "[erased]", the others' null); events written before reasons were sealed hold
  // theirs in clear, and this reaches them too. Everything else the trail keeps names no one.
  async erase(e, ctx) {
    const orderIds = Array.isArray(e.data.orderIds) ? e.data.orderIds : [];
    if (orderIds.length === 0) return;
    await ctx.sql(
      `UPDATE ${ctx.table(ORDER_HISTORY_TABLE.name)}
          SET changes = jsonb_set(changes, '{reason}', CASE WHEN type = 'OrderReturned' THEN to_jsonb($2::text) ELSE 'null'::jsonb END)
        WHERE order_id = ANY($1::text[]) AND type IN ('OrderStatusChanged', 'OrderReturned', 'OrderEdited') AND changes ? 'reason'`,
      [orderIds, ERASED],
    );
  },
});

/** An amount the log holds in piastres, in EGP as the trail shows it (anything else the log holds reads 0). */
function egpOf(value: unknown): number {
  return Number.isSafeInteger(value) ? piastresToEgp(value as number) : 0;
}

/** Customer fields whose values are personal: the trail names them, never their values (as for corrections). */
const PERSONAL_CUSTOMER_FIELDS = new Set(['firstName', 'lastName', 'phone', 'addressLine', 'building', 'apartment', 'city', 'notes']);

type EditData = RecordedShopEvent<'OrderEdited'>['data'];
type Figure = 'subtotal' | 'discountFromPromotions' | 'discountFromPromoCode' | 'shippingCost' | 'codFee' | 'total';
const FIGURES: readonly Figure[] = ['subtotal', 'discountFromPromotions', 'discountFromPromoCode', 'shippingCost', 'codFee', 'total'];

/**
 * An edit as the trail shows it: which customer fields changed (personal ones by name only), the
 * governorate, each money figure and the lines, before and after. Nothing an erasure must reach.
 */
function editDiff(d: EditData): Record<string, unknown> {
  const fields = Array.isArray(d.fields) ? d.fields.filter((f): f is string => typeof f === 'string') : [];
  const before = d.before ?? ({} as EditData['before']);
  const after = d.after ?? ({} as EditData['after']);
  const money: Record<string, { from: unknown; to: unknown }> = {};
  for (const f of FIGURES) if (before.totals?.[f] !== after.totals?.[f]) money[f] = { from: before.totals?.[f] ?? null, to: after.totals?.[f] ?? null };
  const lines = (items: unknown) => (Array.isArray(items) ? items : []).map((i: Partial<OrderItem>) => ({ name: i?.name ?? '', size: i?.size ?? null, quantity: i?.quantity ?? 0, lineTotal: i?.lineTotal ?? 0 }));
  return {
    edited: fields,
    corrected: fields.filter((f) => PERSONAL_CUSTOMER_FIELDS.has(f)),
    ...(fields.includes('governorate') ? { governorate: { from: before.customer?.governorate ?? null, to: after.customer?.governorate ?? null } } : {}),
    ...(Object.keys(money).length > 0 ? { totals: money, total: after.totals?.total ?? null } : {}),
    ...(fields.includes('lines') ? { lines: { from: lines(before.items), to: lines(after.items) } } : {}),
    reason: d.reason ?? null,
  };
}

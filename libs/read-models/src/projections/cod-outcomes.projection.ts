import { CodOrderStateEntity } from '../cod-order-state.entity.js';
import { DeliveryOutcomeEntity } from '../delivery-outcome.entity.js';
import { PhoneRiskEntity } from '../phone-risk.entity.js';
import { tableSpec } from '../table-spec.js';
import { deleteRows, loadRows, upsertRows, type Row } from './bulk-sql.js';
import { occurredAt, placedAt } from './event-time.js';
import { defineProjection } from './projection.js';
import { personKey } from './person-key.js';

const [STATE_TABLE, PHONE_RISKS_TABLE, OUTCOMES_TABLE] = [CodOrderStateEntity, PhoneRiskEntity, DeliveryOutcomeEntity].map(tableSpec);

/** Governorate codes are a few letters; any other text an event carries is clipped (see dashboard.projection.ts). */
const GOVERNORATE_KEY_LENGTH = 200;
const DAY_MS = 86_400_000;
const OUTCOMES = new Set(['DELIVERED', 'REFUSED']);

interface OrderState {
  order_id: string;
  subject_id: string;
  governorate: string;
  placed_at: string;
  status: string;
}

type Counts = { orders: number; delivered: number; refused: number; canceled: number };

/** A parcel received back (RETURNED) was refused at the door: it counts as a refusal. */
const atDoor = (status: string | undefined): string | undefined => (status === 'RETURNED' ? 'REFUSED' : status);

function countsOf(status: string): Counts {
  return { orders: 1, delivered: status === 'DELIVERED' ? 1 : 0, refused: atDoor(status) === 'REFUSED' ? 1 : 0, canceled: status === 'CANCELED' ? 1 : 0 };
}

/**
 * What cash-on-delivery operations need from every order: per shopper (data subject), their orders and how many are
 * now DELIVERED, REFUSED or CANCELED (phone_risks, moved by the difference each batch makes, never
 * a count over a phone's orders); per order at the door, its governorate, outcome and days from
 * placing (delivery_outcomes). Remembers each order's shopper, governorate, placing time and status
 * (cod_orders_state), since a status change names only the order.
 */
export const codOutcomesProjection = defineProjection({
  name: 'cod-outcomes',
  // Version 2: an order's governorate as its staff edits (OrderEdited) left it. Version 3: a parcel
  // received back (RETURNED) counts as the refusal it was.
  version: 3,
  tables: [PhoneRiskEntity, DeliveryOutcomeEntity],
  stateTables: [CodOrderStateEntity],
  eventTypes: ['OrderPlaced', 'OrderStatusChanged', 'OrderEdited'],
  async handle(events, ctx) {
    // The log is read for ever: an event without its data must not stop the projection.
    const ids = events.map((e) => String(e.data?.orderId ?? ''));
    const before = new Map<string, OrderState>();
    for (const [id, row] of await loadRows(ctx, STATE_TABLE, ids)) before.set(id, { ...(row as unknown as OrderState), placed_at: new Date(row.placed_at as string).toISOString() });
    const now = new Map(before);
    /** Orders whose status changed in the batch, and when it last did. */
    const changedAt = new Map<string, string>();
    /** Orders an edit moved to another governorate: their state row only. */
    const moved = new Set<string>();
    for (const e of events) {
      if (e.type === 'OrderEdited') {
        const row = now.get(String(e.data.orderId));
        if (!row) continue;
        now.set(row.order_id, { ...row, governorate: String(e.data.after?.customer?.governorate ?? row.governorate).slice(0, GOVERNORATE_KEY_LENGTH) });
        moved.add(row.order_id);
        continue;
      }
      if (e.type === 'OrderPlaced') {
        const d = e.data;
        const orderId = String(d.orderId);
        now.set(orderId, { order_id: orderId, subject_id: personKey(e, d.customer?.phone), governorate: String(d.customer?.governorate ?? '').slice(0, GOVERNORATE_KEY_LENGTH), placed_at: placedAt(e), status: 'PLACED' });
        changedAt.set(orderId, placedAt(e));
      } else {
        const d = e.data;
        const row = now.get(String(d.orderId));
        // A change of an order this projection never saw placed has nothing to count.
        if (!row) continue;
        now.set(row.order_id, { ...row, status: String(d.to) });
        changedAt.set(row.order_id, occurredAt(e));
      }
    }
    const delta = new Map<string, Counts & { subject_id: string }>();
    const move = (o: OrderState | undefined, sign: 1 | -1) => {
      // An erased shopper's orders still count at the door (delivery_outcomes) but for no one's risk.
      if (!o || o.subject_id === FORGOTTEN) return;
      const d = delta.get(o.subject_id) ?? { subject_id: o.subject_id, orders: 0, delivered: 0, refused: 0, canceled: 0 };
      const c = countsOf(o.status);
      d.orders += sign * c.orders;
      d.delivered += sign * c.delivered;
      d.refused += sign * c.refused;
      d.canceled += sign * c.canceled;
      delta.set(o.subject_id, d);
    };
    const outcomes: Row[] = [];
    const notAtDoor: string[] = [];
    for (const id of changedAt.keys()) {
      const after = now.get(id)!;
      move(before.get(id), -1);
      move(after, 1);
      const outcome = atDoor(after.status)!;
      // Received back after a refusal: the refusal's row (and its day) stays as it was.
      if (after.status === 'RETURNED' && atDoor(before.get(id)?.status) === 'REFUSED') continue;
      if (OUTCOMES.has(outcome)) {
        const at = changedAt.get(id)!;
        outcomes.push({ order_id: id, governorate: after.governorate, outcome, outcome_at: at, days: Math.max(0, (Date.parse(at) - Date.parse(after.placed_at)) / DAY_MS) });
      } else if (OUTCOMES.has(atDoor(before.get(id)?.status) ?? '')) notAtDoor.push(id); // only a stored outcome has a row to remove
    }
    await upsertRows(ctx, STATE_TABLE, [...new Set([...changedAt.keys(), ...moved])].map((id) => now.get(id)! as unknown as Row));
    await upsertRows(ctx, OUTCOMES_TABLE, outcomes);
    await deleteRows(ctx, OUTCOMES_TABLE, notAtDoor);
    const shifted = [...delta.values()].filter((d) => d.orders !== 0 || d.delivered !== 0 || d.refused !== 0 || d.canceled !== 0);
    if (shifted.length === 0) return;
    await ctx.sql(
      `INSERT INTO ${ctx.table(PHONE_RISKS_TABLE.name)} AS p (subject_id, orders, delivered, refused, canceled)
       SELECT subject_id, orders, delivered, refused, canceled FROM json_to_recordset($1::json) AS x(subject_id text, orders integer, delivered integer, refused integer, canceled integer)
       ON CONFLICT (subject_id) DO UPDATE SET orders = p.orders + EXCLUDED.orders, delivered = p.delivered + EXCLUDED.delivered,
         refused = p.refused + EXCLUDED.refused, canceled = p.canceled + EXCLUDED.canceled`,
      [JSON.stringify(shifted)],
    );
  },
  // The shopper's risk is forgotten, and their orders' later outcomes count for no one.
  async erase(e, ctx) {
    await ctx.sql(`DELETE FROM ${ctx.table(PHONE_RISKS_TABLE.name)} WHERE subject_id = $1`, [e.data.subjectId]);
    await ctx.sql(`UPDATE ${ctx.table(STATE_TABLE.name)} SET subject_id = $2 WHERE subject_id = $1`, [e.data.subjectId, FORGOTTEN]);
  },
});

/** cod_orders_state.subject_id of an erased shopper's orders. */
const FORGOTTEN = '';

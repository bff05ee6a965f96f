import { CourierParcelEntity } from '../courier-parcel.entity.js';
import { CourierEntity } from '../courier.entity.js';
import { tableSpec } from '../table-spec.js';
import { loadRows, upsertRows, type Row } from './bulk-sql.js';
import { defineProjection } from './projection.js';

const [COURIERS_TABLE, PARCELS_TABLE] = [CourierEntity, CourierParcelEntity].map(tableSpec);

/** Tracking numbers are at most 64 characters (the order decider); any other text is clipped to fit the index. */
const KEY_LENGTH = 200;

interface Parcel {
  order_id: string;
  order_number: string;
  total: number;
  status: string;
  courier_id: string | null;
  tracking_number: string | null;
  collected: number | null;
  fee: number;
  paid: boolean;
}

const piastres = (value: unknown): number => (Number.isSafeInteger(value) ? (value as number) : 0);

/**
 * The couriers, and per order what a courier settlement needs: the courier and tracking number
 * of its last ship move (a courier's file is matched by tracking number), its status, and the
 * cash the courier reported collecting, charging and paying. Stores nothing personal.
 */
export const couriersProjection = defineProjection({
  name: 'couriers',
  version: 1,
  tables: [CourierEntity, CourierParcelEntity],
  eventTypes: ['CourierAdded', 'CourierUpdated', 'OrderPlaced', 'OrderStatusChanged', 'CourierCollectionRecorded', 'CourierPaymentRecorded'],
  async handle(events, ctx) {
    const couriers = new Map<string, Row>();
    const orderIds: string[] = [];
    for (const e of events) {
      if (e.type === 'CourierAdded' || e.type === 'CourierUpdated') {
        couriers.set(String(e.data.courierId), { courier_id: String(e.data.courierId), name: String(e.data.name ?? ''), tracking_url_template: e.data.trackingUrlTemplate ?? null });
      } else if (e.data?.orderId !== undefined) orderIds.push(String(e.data.orderId));
    }
    await upsertRows(ctx, COURIERS_TABLE, [...couriers.values()]);
    if (orderIds.length === 0) return;
    const parcels = new Map<string, Parcel>();
    for (const [id, row] of await loadRows(ctx, PARCELS_TABLE, orderIds)) parcels.set(id, { ...(row as unknown as Parcel), total: Number(row.total), collected: row.collected === null ? null : Number(row.collected), fee: Number(row.fee) });
    const changed = new Set<string>();
    for (const e of events) {
      if (e.type === 'CourierAdded' || e.type === 'CourierUpdated') continue;
      const orderId = String(e.data.orderId);
      if (e.type === 'OrderPlaced') {
        parcels.set(orderId, { order_id: orderId, order_number: String(e.data.orderNumber ?? ''), total: piastres(e.data.totals?.total), status: 'PLACED', courier_id: null, tracking_number: null, collected: null, fee: 0, paid: false });
        changed.add(orderId);
        continue;
      }
      // A change to an order this projection never saw placed has no row to move.
      const p = parcels.get(orderId);
      if (!p) continue;
      changed.add(orderId);
      if (e.type === 'OrderStatusChanged') {
        p.status = String(e.data.to);
        if (e.data.to === 'SHIPPED' && e.data.courier) {
          // A new parcel: what the courier reported about an earlier one no longer applies.
          Object.assign(p, { courier_id: String(e.data.courier.courierId), tracking_number: e.data.trackingNumber === null ? null : String(e.data.trackingNumber).slice(0, KEY_LENGTH), collected: null, fee: 0, paid: false });
        }
      } else if (e.type === 'CourierCollectionRecorded') {
        Object.assign(p, { collected: piastres(e.data.collected), fee: piastres(e.data.fee) });
      } else {
        p.paid = true;
      }
    }
    await upsertRows(ctx, PARCELS_TABLE, [...changed].map((id) => parcels.get(id)! as unknown as Row));
  },
});

import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { piastresToEgp } from '#domain/shared/money.js';
import { trackingUrl } from '#domain/courier/tracking-url.js';
import { CourierParcelEntity } from '#read-models/courier-parcel.entity.js';
import { CourierEntity } from '#read-models/courier.entity.js';
import { SettlementImportEntity } from '#read-models/settlement-import.entity.js';
import type { CourierCashView, CourierView, SettlementProgressView } from '../admin/couriers/courier-response.js';
import type { CourierTrackingView } from '../tracking/order-tracking-response.js';

interface ShippedParcelRow {
  orderId: string;
  trackingNumber: string;
  courier: string;
  template: string | null;
}

const trackingView = (r: ShippedParcelRow): CourierTrackingView => ({ courier: r.courier, trackingNumber: r.trackingNumber, url: trackingUrl(r.template, r.trackingNumber) });

/** The couriers read model: the couriers, their parcels by tracking number, and the cash each owes. */
@Injectable()
export class CourierReads {
  constructor(private readonly dataSource: DataSource) {}

  async all(): Promise<CourierView[]> {
    const rows = await this.dataSource.getRepository(CourierEntity).find({ order: { name: 'ASC' } });
    return rows.map((c) => ({ id: c.courierId, name: c.name, trackingUrlTemplate: c.trackingUrlTemplate }));
  }

  /** The orders shipped with this courier under these tracking numbers (a number may name several: the import calls that a contradiction). */
  async parcels(courierId: string, trackingNumbers: readonly string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (trackingNumbers.length === 0) return found;
    const rows = await this.dataSource.getRepository(CourierParcelEntity).find({ where: { courierId, trackingNumber: In([...new Set(trackingNumbers)]) }, select: { orderId: true, trackingNumber: true } });
    for (const r of rows) found.set(r.trackingNumber!, [...(found.get(r.trackingNumber!) ?? []), r.orderId]);
    return found;
  }

  /** One import of this courier's files and how far its lines are applied; null before the projector has seen it. */
  async settlementProgress(courierId: string, importId: string): Promise<SettlementProgressView | null> {
    const r = await this.dataSource.getRepository(SettlementImportEntity).findOneBy({ importId, courierId });
    if (!r) return null;
    return {
      importId: r.importId, courierId: r.courierId, fileHash: r.fileHash, importedAt: r.importedAt.toISOString(), lines: r.lines, toApply: r.toApply, done: r.done, finished: r.done >= r.toApply,
      applied: r.applied, unchanged: r.unchanged, unmatched: r.unmatched, contradictory: r.contradictory, rejected: r.rejected,
    };
  }

  /** The courier's link for an order's parcel, when the order was shipped with a courier that has a tracking URL template. */
  async trackingLink(orderNumber: string): Promise<CourierTrackingView | null> {
    const [row] = await this.parcelsShipped('p.orderNumber = :orderNumber', { orderNumber });
    return row ? trackingView(row) : null;
  }

  /** The courier and tracking of each of these orders shipped with one, by order id: what its page shows. */
  async trackingOf(orderIds: readonly string[]): Promise<Map<string, CourierTrackingView>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.parcelsShipped('p.orderId IN (:...orderIds)', { orderIds });
    return new Map(rows.map((r) => [r.orderId, trackingView(r)]));
  }

  private parcelsShipped(where: string, parameters: Record<string, unknown>): Promise<ShippedParcelRow[]> {
    return this.dataSource
      .getRepository(CourierParcelEntity)
      .createQueryBuilder('p')
      .innerJoin(CourierEntity, 'c', 'c.courierId = p.courierId')
      .select(['p.order_id AS "orderId"', 'p.tracking_number AS "trackingNumber"', 'c.name AS "courier"', 'c.tracking_url_template AS "template"'])
      .where(where, parameters)
      .andWhere('p.trackingNumber IS NOT NULL')
      .getRawMany<ShippedParcelRow>();
  }

  /**
   * Per courier: parcels out (SHIPPED), delivered, refused; cash owed (delivered, not yet paid:
   * what the courier reported collecting less its fee, or the order's total before a report),
   * paid (settled), and fees. Money in EGP.
   */
  async cash(): Promise<CourierCashView[]> {
    const parcels = this.dataSource.getMetadata(CourierParcelEntity).tablePath;
    const couriers = this.dataSource.getMetadata(CourierEntity).tablePath;
    const rows: Array<{ id: string; name: string; out: number; delivered: number; refused: number; owed: string; settled: string; fees: string }> = await this.dataSource.query(
      `SELECT c.courier_id AS id, c.name,
              count(p.order_id) FILTER (WHERE p.status = 'SHIPPED')::int AS out,
              count(p.order_id) FILTER (WHERE p.status = 'DELIVERED')::int AS delivered,
              count(p.order_id) FILTER (WHERE p.status = 'REFUSED')::int AS refused,
              coalesce(sum(coalesce(p.collected, p.total) - p.fee) FILTER (WHERE p.status = 'DELIVERED' AND NOT p.paid), 0) AS owed,
              coalesce(sum(p.collected - p.fee) FILTER (WHERE p.paid), 0) AS settled,
              coalesce(sum(p.fee), 0) AS fees
         FROM ${couriers} c LEFT JOIN ${parcels} p ON p.courier_id = c.courier_id
        GROUP BY c.courier_id, c.name
        ORDER BY c.name`,
    );
    return rows.map((r) => ({ id: r.id, name: r.name, parcelsOut: r.out, delivered: r.delivered, refused: r.refused, owed: piastresToEgp(Number(r.owed)), settled: piastresToEgp(Number(r.settled)), fees: piastresToEgp(Number(r.fees)) }));
  }
}

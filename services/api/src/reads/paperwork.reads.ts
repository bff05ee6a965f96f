import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SHOP_TIME_ZONE } from '#domain/shop-config.js';
import { piastresToEgp } from '#domain/shared/money.js';
import { DEFAULT_SHOP_LANGUAGE, isShopLanguage } from '#domain/shared/shop-language.js';
import { OrderEntity } from '#read-models/order.entity.js';
import { OrderItemEntity } from '#read-models/order-item.entity.js';
import { OrderHistoryEntity } from '#read-models/order-history.entity.js';
import type { OrderCsvRow } from '../admin/orders/order-view.js';
import type { PaperworkOrder } from '../admin/paperwork/paperwork-order.js';

/** The export's order columns it shares, plus what only paperwork reads. */
interface PaperworkRow
  extends Pick<OrderCsvRow, 'id' | 'order_number' | 'placed_at' | 'first_name' | 'last_name' | 'phone' | 'address_line' | 'building' | 'apartment' | 'city' | 'governorate' | 'payment_method' | 'notes' | 'total'> {
  status: PaperworkOrder['status'];
  language: string;
  item_count: number;
  items: PaperworkOrder['items'];
  shipped_at: Date | null;
  courier: string | null;
  tracking_number: string | null;
}

/**
 * What the paperwork prints, from the orders read model (personal data as the admin order page
 * shows it) and the order's trail: its latest move to SHIPPED, when, and the courier and tracking
 * number that move recorded, if it recorded them.
 */
@Injectable()
export class PaperworkReads {
  constructor(private readonly dataSource: DataSource) {}

  private select(where: string): string {
    const [orders, items, history] = [OrderEntity, OrderItemEntity, OrderHistoryEntity].map((e) => this.dataSource.getMetadata(e).tablePath);
    return `SELECT o.id, o.order_number, o.placed_at, o.first_name, o.last_name, o.phone, o.address_line, o.building, o.apartment, o.city, o.governorate,
                   o.status, o.payment_method, o.notes, o.total, o.item_count, o.language, s.shipped_at, s.courier, s.tracking_number,
                   (SELECT coalesce(json_agg(json_build_object('name', i.name, 'nameAr', i.name_ar, 'kind', i.kind, 'size', i.size, 'quantity', i.quantity) ORDER BY i.line_no), '[]')
                      FROM ${items} i WHERE i.order_id = o.id) AS items
              FROM ${orders} o
              LEFT JOIN LATERAL (
                SELECT h.occurred_at AS shipped_at, h.changes->>'courier' AS courier, h.changes->>'trackingNumber' AS tracking_number
                  FROM ${history} h
                 WHERE h.order_id = o.id AND h.type = 'OrderStatusChanged' AND h.changes->'status'->>'to' = 'SHIPPED'
                 ORDER BY h.commit_position DESC, h.prepare_position DESC LIMIT 1) s ON true
             WHERE ${where}`;
  }

  /** The orders by number (any case) or id, in the order asked; a 404 names every one not found. */
  async byNumbers(references: readonly string[]): Promise<PaperworkOrder[]> {
    const keys = references.map((r) => r.trim());
    const rows: PaperworkRow[] = await this.dataSource.query(this.select('o.order_number = ANY($1) OR o.id = ANY($2)'), [keys.map((k) => k.toUpperCase()), keys.map((k) => k.toLowerCase())]);
    const found = new Map<string, PaperworkRow>();
    for (const r of rows) {
      found.set(r.order_number, r);
      found.set(r.id, r);
    }
    const missing = keys.filter((k) => !found.has(k.toUpperCase()) && !found.has(k.toLowerCase()));
    if (missing.length > 0) throw new NotFoundException(`orders: no order ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}`);
    return keys.map((k) => toPaperworkOrder((found.get(k.toUpperCase()) ?? found.get(k.toLowerCase()))!));
  }

  /**
   * The courier's manifest of a shop day (YYYY-MM-DD, Cairo): the orders whose latest move to
   * SHIPPED happened that day and that were not put back before shipping since, in shipping order.
   */
  async shippedOn(day: string): Promise<PaperworkOrder[]> {
    const history = this.dataSource.getMetadata(OrderHistoryEntity).tablePath;
    const start = `(($1)::date)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}'`;
    const end = `(($1)::date + 1)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}'`;
    const shippedThatDay = `SELECT h.order_id FROM ${history} h
                             WHERE h.type = 'OrderStatusChanged' AND h.changes->'status'->>'to' = 'SHIPPED' AND h.occurred_at >= ${start} AND h.occurred_at < ${end}`;
    const sql = this.select(`o.id IN (${shippedThatDay}) AND o.status IN ('SHIPPED', 'DELIVERED', 'REFUSED')`);
    const rows: PaperworkRow[] = await this.dataSource.query(
      `SELECT * FROM (${sql}) m WHERE m.shipped_at >= ${start} AND m.shipped_at < ${end} ORDER BY m.shipped_at, m.order_number`,
      [day],
    );
    return rows.map(toPaperworkOrder);
  }
}

function toPaperworkOrder(r: PaperworkRow): PaperworkOrder {
  return {
    orderNumber: r.order_number,
    createdAt: r.placed_at.toISOString(),
    customerName: `${r.first_name} ${r.last_name}`.trim(),
    phone: r.phone,
    addressLine: r.address_line,
    building: r.building,
    apartment: r.apartment,
    city: r.city,
    governorate: r.governorate,
    notes: r.notes,
    paymentMethod: r.payment_method,
    total: piastresToEgp(r.total),
    itemCount: r.item_count,
    status: r.status,
    language: isShopLanguage(r.language) ? r.language : DEFAULT_SHOP_LANGUAGE,
    items: r.items,
    courier: r.courier,
    trackingNumber: r.tracking_number,
  };
}

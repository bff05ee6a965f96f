import { Inject, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { Brackets, DataSource, In, type SelectQueryBuilder } from 'typeorm';
import { normaliseEgyptianPhone } from '#domain/checkout/egyptian-phone.js';
import { normaliseOrderNumber } from '#domain/checkout/order-number.js';
import { isRiskyPhone } from '#domain/order/cod-risk.js';
import { AWAITING_SHIPMENT_STATUSES } from '#domain/order/order-lifecycle.js';
import type { OrderStatus } from '#domain/order/events.js';
import { orderStatusNamedBy } from '#domain/order/status-words.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { BlockedPhoneEntity } from '#read-models/blocked-phone.entity.js';
import { PhoneRiskEntity } from '#read-models/phone-risk.entity.js';
import { ScreenedOrderEntity } from '#read-models/screened-order.entity.js';
import { needsReview } from '#domain/order-screening/needs-review.js';
import { SCREENING_FLAGS, type OrderScreeningViewFlag } from '#domain/order-screening/screening-flags.js';
import { screeningSettingsDecider } from '#domain/order-screening/screening-settings.decider.js';
import { DEFAULT_ORDER_SCREENING_SETTINGS } from '#domain/order-screening/screening-settings.js';
import { screeningSettingsStream } from '#domain/streams.js';
import { DeciderExecutor } from '../common/decider-executor.service.js';
import { OrderCountEntity } from '#read-models/order-count.entity.js';
import { OrderEntity } from '#read-models/order.entity.js';
import { OrderItemEntity } from '#read-models/order-item.entity.js';
import { OrderNoteEntity } from '#read-models/order-note.entity.js';
import { asRecordedStaffRole } from '#domain/admin/staff-actor.js';
import { OrderHistoryEntity } from '#read-models/order-history.entity.js';
import { APP_CONFIG } from '../common/tokens.js';
import { foldedLikePattern, maintainedCount, pageInfo, readPage, type Paging } from '../admin/shared/paging.js';
import { ORDER_SORTS, type OrderFilters } from '../admin/orders/order-filters.js';
import type { AdminOrderPage, AdminOrderView, OrderHistoryView, SizeCountView } from '../admin/orders/order-response.js';
import type { OrderCsvSource } from '../admin/orders/orders-csv.js';
import { piastresToEgp } from '#domain/shared/money.js';
import { SHOP_TIME_ZONE } from '#domain/shop-config.js';
import type { CourierTrackingView } from '../tracking/order-tracking-response.js';
import { CourierReads } from './couriers.reads.js';
import { orderHistoryWording } from '../admin/orders/order-history-wording.js';
import { toAdminOrderView, toOrderCsvSource, type OrderCsvRow } from '../admin/orders/order-view.js';
import { ANCHOR_SPACING, PlacementRankAnchors } from '../admin/orders/placement-rank-anchors.js';
import type { OrderTrackingView, TrackingStepView } from '../tracking/order-tracking-response.js';

export interface SubjectOrder {
  id: string;
  orderNumber: string;
  phone: string;
  email: string | null;
  status: string;
  placedAt: string;
  /** custom_image_path of its lines: /uploads/custom/<id>.jpg */
  uploads: string[];
}

/** The orders read model (with its order_items, order_history and phone_risks): the back-office's lists, an order, its trail, and the shopper's tracking. */
@Injectable()
export class OrderReads {
  private readonly anchors: PlacementRankAnchors;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'codRisk'>,
    /** The owner's screening settings (their stream, write side); without it (a bare reads test) the defaults. */
    @Optional() private readonly executor?: DeciderExecutor,
    /** The courier of shipped orders; without it (a bare reads test) none. */
    @Optional() private readonly couriers?: CourierReads,
  ) {
    this.anchors = new PlacementRankAnchors(dataSource);
  }

  private filtered(filters: OrderFilters): SelectQueryBuilder<OrderEntity> {
    const qb = this.dataSource.getRepository(OrderEntity).createQueryBuilder('o');
    if (filters.status) qb.andWhere('o.status = :status', { status: filters.status });
    if (filters.scope) qb.andWhere('o.status IN (:...scope)', { scope: filters.scope });
    if (filters.from) {
      if ('date' in filters.from) qb.andWhere(`o.placed_at >= ((:fromDate)::date)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}'`, { fromDate: filters.from.date });
      else qb.andWhere('o.placed_at >= :fromInstant', { fromInstant: filters.from.instant });
    }
    if (filters.to) {
      // A date is inclusive to the end of that day: strictly before the next day's midnight.
      if ('date' in filters.to) qb.andWhere(`o.placed_at < ((:toDate)::date + 1)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}'`, { toDate: filters.to.date });
      else qb.andWhere('o.placed_at <= :toInstant', { toInstant: filters.to.instant });
    }
    if (filters.search) {
      // A phone in any form checkout accepts (+20…, ٠١٠…, with spaces) is looked for as checkout stored it.
      const like = foldedLikePattern(normaliseEgyptianPhone(filters.search) ?? filters.search);
      // A status word in either language ("placed", "مؤكد") also finds the orders in that status.
      const statusWord = orderStatusNamedBy(filters.search);
      qb.andWhere(new Brackets((w) => {
        w.where('o.search_text LIKE :like', { like }).orWhere('o.id = :exactId', { exactId: filters.search });
        if (statusWord) w.orWhere('o.status = :statusWord', { statusWord });
      }));
    }
    if (filters.paymentMethod) qb.andWhere('o.payment_method = :paymentMethod', { paymentMethod: filters.paymentMethod });
    if (filters.risky !== undefined) {
      // isRiskyPhone in SQL, on the phone's maintained counts.
      const risky = `EXISTS (SELECT 1 FROM ${this.dataSource.getMetadata(PhoneRiskEntity).tablePath} p
                              WHERE p.subject_id = o.subject_id AND p.refused >= CAST(:minRefused AS double precision) AND p.refused >= CAST(:minRefusedRate AS double precision) * p.orders)`;
      qb.andWhere(filters.risky ? risky : `NOT ${risky}`, { ...this.config.codRisk });
    }
    const [props, dir] = ORDER_SORTS[filters.sort];
    props.forEach((p, i) => (i === 0 ? qb.orderBy(p, dir) : qb.addOrderBy(p, dir)));
    // Ties broken by id so pages never repeat or skip a row.
    qb.addOrderBy('o.id', dir);
    return qb;
  }

  async list(filters: OrderFilters, paging: Paging): Promise<AdminOrderPage> {
    const unfiltered = !filters.status && !filters.scope && !filters.from && !filters.to && !filters.search && !filters.paymentMethod && filters.risky === undefined;
    const total = unfiltered ? await maintainedCount(this.dataSource, OrderCountEntity) : undefined;
    const anchored = total !== undefined && (filters.sort === 'latest' || filters.sort === 'oldest') ? await this.anchoredPage(filters.sort, paging, total) : undefined;
    const { rows, info } = anchored ?? (await readPage(this.filtered(filters), paging, total));
    const data = await this.withItems(rows);
    return { data, orders: data, ...info };
  }

  /**
   * A deep page of the whole list by date, read from the placement-rank anchor before it (a
   * bounded OFFSET at any depth); undefined for a page near either end, where readPage's OFFSET is
   * as small, or while the anchors cannot be made exact.
   */
  private async anchoredPage(sort: 'latest' | 'oldest', paging: Paging, total: number) {
    const start = (paging.page - 1) * paging.size;
    const take = Math.min(paging.size, total - start);
    if (take <= 0 || Math.min(start, total - start - take) <= ANCHOR_SPACING) return undefined;
    const rank = sort === 'oldest' ? start : total - start - take;
    const anchor = await this.anchors.before(rank, total);
    if (!anchor) return undefined;
    const rows = await this.filtered({ sort: 'oldest' })
      .andWhere('(o.placed_at, o.id) >= (CAST(:anchorPlacedAt AS timestamptz), :anchorId)', { anchorPlacedAt: anchor.placedAt, anchorId: anchor.id })
      .offset(rank - anchor.rank)
      .limit(take)
      .getMany();
    return { rows: sort === 'oldest' ? rows : rows.reverse(), info: pageInfo(paging, total) };
  }

  /** Items per size over the orders awaiting shipment (PLACED, CONFIRMED) among those the filters select ('Count Sizes'). */
  async sizeDistribution(filters: OrderFilters): Promise<SizeCountView[]> {
    const orders = this.filtered(filters).orderBy().andWhere('o.status IN (:...awaiting)', { awaiting: AWAITING_SHIPMENT_STATUSES }).select('o.id');
    const rows = await this.dataSource
      .getRepository(OrderItemEntity)
      .createQueryBuilder('i')
      .select("coalesce(regexp_replace(i.size, '^SIZE_', '', 'i'), 'Unknown')", 'size')
      .addSelect('sum(i.quantity)::int', 'count')
      .where(`i.order_id IN (${orders.getQuery()})`)
      .setParameters(orders.getParameters())
      .groupBy('1')
      .orderBy('1')
      .getRawMany<SizeCountView>();
    return rows;
  }

  /** An order by id or number; one outside `scope` (the reader's statuses) is not found, as one that does not exist. */
  async get(id: string, scope?: readonly OrderStatus[]): Promise<AdminOrderView> {
    const order = await this.dataSource.getRepository(OrderEntity).findOne({ where: [{ id }, { orderNumber: id.toUpperCase() }] });
    if (!order || (scope && !scope.includes(order.status))) throw new NotFoundException('Order not found');
    return (await this.withItems([order]))[0];
  }

  /**
   * The whole filtered list in batches, for streaming exports: the ids in order first (one query,
   * small rows; pages cannot shift while the export runs), then one query a batch for just the
   * columns a CSV line reads with the items aggregated beside them, so a long export never pays
   * OFFSET's growing cost, nor a query per order, nor hydrating entities it does not need.
   */
  async *batches(filters: OrderFilters, batchSize = 1000): AsyncGenerator<OrderCsvSource[]> {
    const ids = (await this.filtered(filters).select('o.id', 'id').getRawMany<{ id: string }>()).map((r) => r.id);
    const [orders, items] = [OrderEntity, OrderItemEntity].map((e) => this.dataSource.getMetadata(e).tablePath);
    const read = async (chunk: string[]) => {
      const rows: OrderCsvRow[] = await this.dataSource.query(
        `SELECT o.id, o.order_number, o.placed_at, o.first_name, o.last_name, o.phone, o.address_line, o.building, o.apartment, o.city,
                o.governorate, o.status, o.payment_method, o.email, o.notes, o.promo_code, o.subtotal, o.discount_from_promo_code, o.discount_from_promotions, o.shipping_cost, o.cod_fee, o.total,
                o.returned, o.refunded, o.courier_fee,
                (SELECT coalesce(json_agg(json_build_object('name', i.name, 'size', i.size, 'quantity', i.quantity) ORDER BY i.line_no), '[]')
                   FROM ${items} i WHERE i.order_id = o.id) AS items
           FROM ${orders} o WHERE o.id = ANY($1)`,
        [chunk],
      );
      const byId = new Map(rows.map((r) => [r.id, toOrderCsvSource(r)]));
      // An order cannot disappear (orders are never deleted), but stay safe if one is missing.
      return chunk.map((id) => byId.get(id)).filter((o): o is OrderCsvSource => o !== undefined);
    };
    // The next batch is read while the caller writes this one: the database and the CSV overlap.
    let next = ids.length > 0 ? read(ids.slice(0, batchSize)) : undefined;
    try {
      for (let i = 0; next; i += batchSize) {
        const current = await next;
        next = i + batchSize < ids.length ? read(ids.slice(i + batchSize, i + 2 * batchSize)) : undefined;
        yield current;
      }
    } finally {
      // A caller that stops early (a failed write) leaves a read in flight: its failure is nobody's to handle.
      next?.catch(() => undefined);
    }
  }

  async count(filters: OrderFilters): Promise<number> {
    return this.filtered(filters).getCount();
  }

  async history(id: string, scope?: readonly OrderStatus[]): Promise<OrderHistoryView> {
    const order = await this.dataSource.getRepository(OrderEntity).findOne({ where: [{ id }, { orderNumber: id.toUpperCase() }], select: { id: true, orderNumber: true, status: true } });
    if (!order || (scope && !scope.includes(order.status))) throw new NotFoundException('Order not found');
    const rows = await this.dataSource.getRepository(OrderHistoryEntity).find({
      where: { orderId: order.id },
      order: { commitPosition: 'ASC', preparePosition: 'ASC' },
    });
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      events: rows.map((r) => ({
        eventId: r.eventId,
        type: r.type,
        revision: r.revision,
        time: r.occurredAt.toISOString(),
        recordedAt: r.recordedAt.toISOString(),
        actor: { kind: r.actorKind, id: r.actorId, ...(r.actorRole !== null ? { role: asRecordedStaffRole(r.actorRole) } : {}) },
        changes: r.changes,
        wording: orderHistoryWording(r.type, r.changes),
        correlationId: r.correlationId,
        causationId: r.causationId,
        position: `${r.commitPosition}/${r.preparePosition}`,
      })),
    };
  }

  /** The order's id for an order number (PS-…, any case); the stream is keyed by the id. */
  /** A data subject's orders, oldest first, with what an erasure must find from them: contacts and uploads. */
  async ofSubject(subjectId: string): Promise<SubjectOrder[]> {
    const rows: Array<{ id: string; order_number: string; phone: string; email: string | null; status: string; placed_at: Date; uploads: string[] }> = await this.dataSource.query(
      `SELECT o.id, o.order_number, o.phone, o.email, o.status, o.placed_at,
              coalesce(array_agg(i.custom_image_path) FILTER (WHERE i.custom_image_path IS NOT NULL), '{}') AS uploads
         FROM ${this.dataSource.getMetadata(OrderEntity).tablePath} o LEFT JOIN ${this.dataSource.getMetadata(OrderItemEntity).tablePath} i ON i.order_id = o.id
        WHERE o.subject_id = $1 GROUP BY o.id ORDER BY o.placed_at, o.id`,
      [subjectId],
    );
    return rows.map((r) => ({ id: r.id, orderNumber: r.order_number, phone: r.phone, email: r.email, status: r.status, placedAt: r.placed_at.toISOString(), uploads: r.uploads }));
  }

  /** The data subjects of the orders that gave this (normalised) e-mail at checkout. */
  async subjectsOfEmail(email: string): Promise<string[]> {
    const rows: Array<{ subject_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT subject_id FROM ${this.dataSource.getMetadata(OrderEntity).tablePath} WHERE lower(email) = $1 ORDER BY subject_id`,
      [email],
    );
    return rows.map((r) => r.subject_id);
  }

  async idOfNumber(orderNumber: string): Promise<string> {
    const row = await this.dataSource.getRepository(OrderEntity).findOne({ where: { orderNumber: orderNumber.trim().toUpperCase().slice(0, 40) }, select: { id: true } });
    if (!row) throw new NotFoundException('Order not found');
    return row.id;
  }

  /** The shopper's tracking: undefined when the pair does not match an order (the caller cannot tell which half was wrong). */
  async tracking(orderNumberInput: string, phoneInput: string): Promise<Omit<OrderTrackingView, 'courierTracking'> | undefined> {
    const orderNumber = normaliseOrderNumber(orderNumberInput);
    const phone = normaliseEgyptianPhone(phoneInput);
    if (!orderNumber || !phone) return undefined;
    const order = await this.dataSource.getRepository(OrderEntity).findOneBy({ orderNumber, phone });
    if (!order) return undefined;
    const history = await this.dataSource.getRepository(OrderHistoryEntity).find({
      where: { orderId: order.id },
      order: { commitPosition: 'ASC', preparePosition: 'ASC' },
    });
    return {
      orderNumber: order.orderNumber,
      firstName: order.firstName,
      city: order.city,
      status: order.status,
      itemCount: order.itemCount,
      total: piastresToEgp(order.total),
      paymentMethod: order.paymentMethod,
      timeline: timelineOf(history, order),
    };
  }

  private async withItems(orders: OrderEntity[]): Promise<AdminOrderView[]> {
    if (orders.length === 0) return [];
    const subjects = [...new Set(orders.map((o) => o.subjectId))];
    const [items, risks, screened, settings, notes, tracking, blocked] = await Promise.all([
      this.dataSource.getRepository(OrderItemEntity).find({ where: { orderId: In(orders.map((o) => o.id)) }, order: { lineNo: 'ASC' } }),
      this.dataSource.getRepository(PhoneRiskEntity).find({ where: { subjectId: In(subjects) } }),
      this.dataSource.getRepository(ScreenedOrderEntity).find({ where: { orderId: In(orders.map((o) => o.id)) } }),
      this.executor ? this.executor.load(screeningSettingsStream(), screeningSettingsDecider).then((l) => l.state) : DEFAULT_ORDER_SCREENING_SETTINGS,
      this.dataSource.getRepository(OrderNoteEntity).find({ where: { orderId: In(orders.map((o) => o.id)) }, order: { createdAt: 'ASC', noteId: 'ASC' } }),
      this.couriers ? this.couriers.trackingOf(orders.map((o) => o.id)) : new Map<string, CourierTrackingView>(),
      this.dataSource.getRepository(BlockedPhoneEntity).find({ where: { subjectId: In(subjects) }, select: { subjectId: true } }),
    ]);
    const blockedSubjects = new Set(blocked.map((b) => b.subjectId));
    const screenedById = new Map(screened.map((s) => [s.orderId, s]));
    const notesOf = new Map<string, OrderNoteEntity[]>();
    for (const n of notes) notesOf.set(n.orderId, [...(notesOf.get(n.orderId) ?? []), n]);
    const byOrder = new Map<string, OrderItemEntity[]>();
    for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
    const bySubject = new Map(risks.map((r) => [r.subjectId, r]));
    return orders.map((o) => {
      // Until the cod-outcomes projection has seen the order, its shopper has no row: nothing known yet.
      const r = bySubject.get(o.subjectId) ?? { orders: 0, delivered: 0, refused: 0, canceled: 0 };
      const counts = { orders: r.orders, delivered: r.delivered, refused: r.refused, canceled: r.canceled };
      // Recorded flags at checkout; "needs review" from the refusals as they are now.
      const found = screenedById.get(o.id);
      const flags: OrderScreeningViewFlag[] = [
        // Blocked after the order was placed: the orders already placed from the phone say so.
        ...(blockedSubjects.has(o.subjectId) ? (['PHONE_BLOCKED'] as const) : []),
        ...(needsReview(counts.refused, settings) ? (['NEEDS_REVIEW'] as const) : []),
        ...SCREENING_FLAGS.filter((f) => found?.flags.includes(f)),
      ];
      const screening = { flags, duplicateOf: found?.duplicateOf ?? null };
      return toAdminOrderView(o, byOrder.get(o.id) ?? [], { ...counts, risky: isRiskyPhone(counts, this.config.codRisk) }, screening, notesOf.get(o.id) ?? [], tracking.get(o.id) ?? null);
    });
  }
}

/**
 * One step per status reached, and EDITED when the shop edited the order (its total may have
 * changed), from the audit trail; an order the trail has not caught up with still shows as placed.
 * Staff notes are never steps: the shopper never sees them.
 */
function timelineOf(history: OrderHistoryEntity[], order: OrderEntity): TrackingStepView[] {
  const steps: TrackingStepView[] = [];
  for (const row of history) {
    const to = (row.changes.status as { to?: unknown } | undefined)?.to;
    if (typeof to === 'string') steps.push({ status: to, at: row.occurredAt.toISOString() });
    else if (row.type === 'OrderEdited') steps.push({ status: 'EDITED', at: row.occurredAt.toISOString() });
  }
  if (steps.length === 0) steps.push({ status: 'PLACED', at: order.placedAt.toISOString() });
  return steps;
}

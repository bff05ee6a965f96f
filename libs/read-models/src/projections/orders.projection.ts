import type { OrderItem, OrderPlaced } from '#domain/order/events.js';
import { foldForSearch } from '#domain/shared/search-folding.js';
import { mapPin } from '#domain/checkout/map-pin.js';
import { DEFAULT_SHOP_LANGUAGE, isShopLanguage } from '#domain/shared/shop-language.js';
import { OrderCountEntity } from '../order-count.entity.js';
import { OrderItemEntity } from '../order-item.entity.js';
import { OrderEntity } from '../order.entity.js';
import { tableSpec } from '../table-spec.js';
import { insertRowsIfAbsent, upsertRows, type Row } from './bulk-sql.js';
import { occurredAt, placedAt } from './event-time.js';
import { defineProjection, type ProjectionContext, type RecordedShopEvent } from './projection.js';
import { addToRowCount } from './row-count.js';
import { ERASED_CUSTOMER } from './erased-customer.js';
import { personKey } from './person-key.js';
import { OrderNoteEntity } from '../order-note.entity.js';
import { recordedStaffActor } from './staff-actor-of.js';
import { ERASED } from '#domain/personal-data/personal-fields.js';

const [ORDERS_TABLE, ORDER_ITEMS_TABLE, ORDER_COUNT_TABLE, ORDER_NOTES_TABLE] = [OrderEntity, OrderItemEntity, OrderCountEntity, OrderNoteEntity].map(tableSpec);

/** Events a few orders get, applied one at a time in log order between the runs of the rest. */
const ONE_AT_A_TIME = new Set(['PersonalDataCorrected', 'OrderEdited', 'OrderNoteAdded', 'OrderReturned', 'RefundRecorded']);

/**
 * Orders and their lines for the admin orders page; a status change updates the row in place.
 * Version 2 keeps the stream revision (the revision an admin saw, sent back with a status change)
 * and, on each line, the rules that priced it (price_rules); version 3 folds search_text the way
 * the admin's search folds what it is given (foldForSearch); version 4 follows
 * staff edits (OrderEdited: customer, lines, totals) and keeps staff notes (order_notes, searchable);
 * version 5 follows returns, refunds and courier fees (what each line may still be returned, and
 * what the money figures of the exports are made of), and the order's language with each line's
 * Arabic name (what the customer's paper is printed in).
 */
export const ordersProjection = defineProjection({
  name: 'orders',
  version: 5,
  tables: [OrderEntity, OrderItemEntity, OrderCountEntity, OrderNoteEntity],
  eventTypes: ['OrderPlaced', 'OrderStatusChanged', 'PersonalDataCorrected', 'OrderEdited', 'OrderNoteAdded', 'OrderReturned', 'RefundRecorded', 'CourierCollectionRecorded'],
  async handle(events, ctx) {
    // Corrections, edits and notes are rare: a batch holding one is applied in runs around it, in log order.
    const at = events.findIndex((e) => ONE_AT_A_TIME.has(e.type));
    if (at >= 0) {
      if (at > 0) await this.handle(events.slice(0, at), ctx);
      const e = events[at];
      if (e.type === 'PersonalDataCorrected') await applyCorrection(e, ctx);
      else if (e.type === 'OrderEdited') await applyEdit(e, ctx);
      else if (e.type === 'OrderNoteAdded') await applyNote(e, ctx);
      else if (e.type === 'OrderReturned') await applyReturn(e, ctx);
      else if (e.type === 'RefundRecorded') await applyRefund(e, ctx);
      if (at + 1 < events.length) await this.handle(events.slice(at + 1), ctx);
      return;
    }
    const placed = new Map<string, Row>();
    const items: Row[] = [];
    const statusOnly = new Map<string, { id: string; status: string; status_reason: string | null; updated_at: string; revision: number }>();
    const courierFees = new Map<string, { id: string; fee: number; revision: number }>();
    for (const e of events) {
      if (e.type === 'OrderPlaced') {
        const d = e.data;
        placed.set(d.orderId, { ...orderRow(d, placedAt(e)), revision: Number(e.revision), subject_id: personKey(e, d.customer?.phone) });
        items.push(...itemRows(d.orderId, d.items));
      } else if (e.type === 'OrderStatusChanged') {
        const d = e.data;
        const change = { id: d.orderId, status: d.to, status_reason: d.reason ?? null, updated_at: occurredAt(e), revision: Number(e.revision) };
        const row = placed.get(d.orderId);
        if (row) Object.assign(row, change);
        else statusOnly.set(d.orderId, change);
      } else if (e.type === 'CourierCollectionRecorded') {
        const fee = courierFees.get(e.data.orderId) ?? { id: e.data.orderId, fee: 0, revision: 0 };
        courierFees.set(e.data.orderId, { id: fee.id, fee: fee.fee + wholeNumber(e.data.fee), revision: Number(e.revision) });
      }
    }
    // Only orders new to the table add to the count (an order placed again is an update).
    await addToRowCount(ctx, ORDER_COUNT_TABLE, await upsertRows(ctx, ORDERS_TABLE, [...placed.values()]));
    await upsertRows(ctx, ORDER_ITEMS_TABLE, items);
    if (statusOnly.size > 0) {
      await ctx.sql(
        `UPDATE ${ctx.table(ORDERS_TABLE.name)} o SET status = x.status, status_reason = x.status_reason, updated_at = x.updated_at, revision = x.revision
           FROM json_to_recordset($1::json) AS x(id text, status text, status_reason text, updated_at timestamptz, revision integer)
          WHERE o.id = x.id`,
        [JSON.stringify([...statusOnly.values()])],
      );
    }
    if (courierFees.size > 0) {
      await ctx.sql(
        `UPDATE ${ctx.table(ORDERS_TABLE.name)} o SET courier_fee = o.courier_fee + x.fee, revision = greatest(o.revision, x.revision)
           FROM json_to_recordset($1::json) AS x(id text, fee integer, revision integer)
          WHERE o.id = x.id`,
        [JSON.stringify([...courierFees.values()])],
      );
    }
  },
  // The customer fields and the staff's status reason read as erased, and search_text is made again
  // from them exactly as orderRow makes it; items, totals, status, governorate and dates stay.
  async erase(e, ctx) {
    const x = ERASED_CUSTOMER;
    await ctx.sql(
      `UPDATE ${ctx.table(ORDERS_TABLE.name)} SET first_name = $2, last_name = $3, phone = $4, email = $5, address_line = $6,
         building = $7, apartment = $8, city = $9, latitude = $10, longitude = $11, notes = $12,
         staff_notes_text = '', status_reason = NULL, search_text = lower(concat_ws(' ', order_number, id, $2::text, $3::text, $4::text, payment_method))
       WHERE subject_id = $1`,
      [e.data.subjectId, x.firstName, x.lastName, x.phone, x.email, x.addressLine, x.building, x.apartment, x.city, x.latitude, x.longitude, x.notes],
    );
    await ctx.sql(
      `UPDATE ${ctx.table(ORDER_NOTES_TABLE.name)} SET text = $2 WHERE order_id IN (SELECT id FROM ${ctx.table(ORDERS_TABLE.name)} WHERE subject_id = $1)`,
      [e.data.subjectId, ERASED],
    );
  },
});

/** The corrected columns, and search_text made again from the row's name and phone as orderRow makes it. */
async function applyCorrection(e: RecordedShopEvent<'PersonalDataCorrected'>, ctx: ProjectionContext): Promise<void> {
  const after = e.data.after ?? {};
  const columns: Record<string, string> = { firstName: 'first_name', lastName: 'last_name', phone: 'phone', addressLine: 'address_line', building: 'building', apartment: 'apartment', city: 'city' };
  const set = (e.data.fields ?? []).filter((f) => f in columns && typeof after[f] === 'string');
  if (set.length === 0) return;
  const params: unknown[] = [e.data.orderId];
  const assignments = set.map((f) => {
    params.push(after[f]);
    return `${columns[f]} = $${params.length}::text`;
  });
  params.push(Number(e.revision));
  const [row] = await ctx.sql<OrderSearchFields>(
    `UPDATE ${ctx.table(ORDERS_TABLE.name)} SET ${assignments.join(', ')}, revision = $${params.length} WHERE id = $1 RETURNING ${SEARCH_COLUMNS}`,
    params,
  );
  // Folded as orderRow folds it (an Arabic name corrected is found by the admin's folded search too).
  if (row) await ctx.sql(`UPDATE ${ctx.table(ORDERS_TABLE.name)} SET search_text = $2 WHERE id = $1`, [e.data.orderId, searchText(row)]);
}

/** The text the admin's order search matches: number, id, names, phone, payment method and staff notes, folded. */
type OrderSearchFields = { order_number: string; id: string; first_name: string; last_name: string; phone: string; payment_method: string; staff_notes_text?: string };

const SEARCH_COLUMNS = 'order_number, id, first_name, last_name, phone, payment_method, staff_notes_text';

function searchText(o: OrderSearchFields): string {
  return foldForSearch([o.order_number, o.id, o.first_name, o.last_name, o.phone, o.payment_method, o.staff_notes_text ?? ''].filter((t) => t !== '').join(' '));
}

function itemRows(orderId: string, items: readonly OrderItem[]): Row[] {
  return items.map((item, lineNo) => ({
    order_id: orderId, line_no: lineNo, item_id: item.itemId, kind: item.kind, poster_id: item.posterId ?? null,
    product_id: item.productId ?? null, variant_id: item.variantId ?? null, name: item.name, name_ar: typeof item.nameAr === 'string' && item.nameAr !== '' ? item.nameAr : null, category: item.category ?? null,
    image_url: item.imageUrl ?? null, custom_image_path: item.customImagePath ?? null, size: item.size ?? null,
    quantity: item.quantity, returned_quantity: 0, unit_price: item.unitPrice, original_unit_price: item.originalUnitPrice,
    discount_percentage: item.discountPercentage, line_total: item.lineTotal,
    // An event stamped current but written without its rules (none the shop's deciders write) still applies.
    price_rules: item.priceRules ?? [],
  }));
}

/** The order as the edit left it: its customer, totals and lines (replaced whole), and search_text made again. */
async function applyEdit(e: RecordedShopEvent<'OrderEdited'>, ctx: ProjectionContext): Promise<void> {
  const after = e.data.after;
  // The log is read for ever: an edit without its data changes nothing rather than stopping the projection.
  if (!after || typeof after !== 'object' || !after.customer || !after.totals || !Array.isArray(after.items)) return;
  const c = after.customer;
  const t = after.totals;
  const [row] = await ctx.sql<OrderSearchFields>(
    `UPDATE ${ctx.table(ORDERS_TABLE.name)} SET first_name = $2, last_name = $3, phone = $4, address_line = $5, building = $6, apartment = $7,
       city = $8, governorate = $9, notes = $10, subtotal = $11, discount_from_promotions = $12, discount_from_promo_code = $13,
       shipping_cost = $14, cod_fee = $15, tax_amount = $16, total = $17, item_count = $18, updated_at = $19, revision = $20
     WHERE id = $1 RETURNING ${SEARCH_COLUMNS}`,
    [e.data.orderId, c.firstName, c.lastName, c.phone, c.addressLine, c.building, c.apartment, c.city, c.governorate, c.notes ?? null,
      t.subtotal, t.discountFromPromotions, t.discountFromPromoCode, t.shippingCost, t.codFee, t.taxAmount, t.total,
      after.items.reduce((n, i) => n + (Number(i?.quantity) || 0), 0), occurredAt(e), Number(e.revision)],
  );
  if (!row) return;
  await ctx.sql(`UPDATE ${ctx.table(ORDERS_TABLE.name)} SET search_text = $2 WHERE id = $1`, [e.data.orderId, searchText(row)]);
  await ctx.sql(`DELETE FROM ${ctx.table(ORDER_ITEMS_TABLE.name)} WHERE order_id = $1`, [e.data.orderId]);
  await upsertRows(ctx, ORDER_ITEMS_TABLE, itemRows(e.data.orderId, after.items.filter((i) => i && typeof i === 'object')));
}

/** A staff note kept for the order page, and its text added to what the admin's search matches. */
async function applyNote(e: RecordedShopEvent<'OrderNoteAdded'>, ctx: ProjectionContext): Promise<void> {
  const d = e.data;
  const text = typeof d.text === 'string' ? d.text : '';
  const by = recordedStaffActor(d.by);
  const [row] = await ctx.sql<OrderSearchFields>(
    `UPDATE ${ctx.table(ORDERS_TABLE.name)} SET staff_notes_text = concat_ws(' ', nullif(staff_notes_text, ''), $2::text), revision = $3
     WHERE id = $1 RETURNING ${SEARCH_COLUMNS}`,
    [d.orderId, foldForSearch(text), Number(e.revision)],
  );
  // A note on an order this table never saw placed has nothing to attach to.
  if (!row) return;
  await ctx.sql(`UPDATE ${ctx.table(ORDERS_TABLE.name)} SET search_text = $2 WHERE id = $1`, [d.orderId, searchText(row)]);
  // Keyed by the event's id: the API mints a note's id as its event's, and a hand-written event's
  // noteId of any length must not break the key's index.
  await insertRowsIfAbsent(ctx, ORDER_NOTES_TABLE, [{ note_id: e.id, order_id: d.orderId, author: by.username, author_role: by.role, text, created_at: occurredAt(e) }]);
}

/** An amount or a count an event carries, as the integer the columns hold (the log is read for ever: anything else counts 0). */
const wholeNumber = (value: unknown): number => (Number.isSafeInteger(value) && Math.abs(value as number) < 2 ** 31 ? (value as number) : 0);

/** Goods back: the order's returned amount, and each line's returned quantity. */
async function applyReturn(e: RecordedShopEvent<'OrderReturned'>, ctx: ProjectionContext): Promise<void> {
  const d = e.data;
  const [row] = await ctx.sql<{ id: string }>(`UPDATE ${ctx.table(ORDERS_TABLE.name)} SET returned = returned + $2, revision = $3 WHERE id = $1 RETURNING id`, [d.orderId, wholeNumber(d.amount), Number(e.revision)]);
  if (!row || !Array.isArray(d.lines)) return;
  const lines = d.lines.filter((l) => l && typeof l === 'object' && typeof l.itemId === 'string').map((l) => ({ item_id: l.itemId, quantity: wholeNumber(l.quantity) }));
  await ctx.sql(
    `UPDATE ${ctx.table(ORDER_ITEMS_TABLE.name)} i SET returned_quantity = i.returned_quantity + x.quantity
       FROM (SELECT item_id, sum(quantity)::integer AS quantity FROM json_to_recordset($2::json) AS r(item_id text, quantity integer) GROUP BY item_id) x
      WHERE i.order_id = $1 AND i.item_id = x.item_id`,
    [d.orderId, JSON.stringify(lines)],
  );
}

async function applyRefund(e: RecordedShopEvent<'RefundRecorded'>, ctx: ProjectionContext): Promise<void> {
  await ctx.sql(`UPDATE ${ctx.table(ORDERS_TABLE.name)} SET refunded = refunded + $2, revision = $3 WHERE id = $1`, [e.data.orderId, wholeNumber(e.data.amount), Number(e.revision)]);
}

function orderRow(d: OrderPlaced['data'], at: string): Row {
  const c = d.customer;
  const t = d.totals;
  return {
    id: d.orderId, order_number: d.orderNumber, cart_id: d.cartId, status: 'PLACED', first_name: c.firstName,
    last_name: c.lastName, phone: c.phone, email: c.email ?? null, address_line: c.addressLine, building: c.building,
    apartment: c.apartment, city: c.city, governorate: c.governorate, ...mapPin(c.latitude, c.longitude),
    notes: c.notes ?? null, payment_method: d.paymentMethod, language: isShopLanguage(d.language) ? d.language : DEFAULT_SHOP_LANGUAGE, payment_reference: null, promo_code: d.promoCode ?? null,
    promo_percent: d.promoPercent ?? 0, subtotal: t.subtotal, discount_from_promotions: t.discountFromPromotions,
    discount_from_promo_code: t.discountFromPromoCode, shipping_cost: t.shippingCost, cod_fee: t.codFee,
    tax_amount: t.taxAmount, total: t.total, item_count: d.items.reduce((n, i) => n + i.quantity, 0),
    placed_at: at, updated_at: at, status_reason: null, staff_notes_text: '', returned: 0, refunded: 0, courier_fee: 0,
    search_text: searchText({ order_number: d.orderNumber, id: d.orderId, first_name: c.firstName, last_name: c.lastName, phone: c.phone, payment_method: d.paymentMethod }),
  };
}

import { ORDER_TRANSITIONS } from '#domain/order/order-lifecycle.js';
import { ORDER_SCOPES, PARCEL_PERSONAL_FIELDS } from '#domain/admin/order-scope.js';
import type { StaffRole } from '#domain/admin/staff-permissions.js';
import { ORDER_ROW_PERSONAL_FIELDS, withhold } from '#domain/personal-data/withheld.js';
import { piastresToEgp } from '#domain/shared/money.js';
import type { OrderEntity } from '#read-models/order.entity.js';
import type { OrderItemEntity } from '#read-models/order-item.entity.js';
import type { OrderNoteEntity } from '#read-models/order-note.entity.js';
import type { CourierTrackingView } from '../../tracking/order-tracking-response.js';
import type { AdminOrderView, OrderScreeningView, PhoneRiskView } from './order-response.js';
import { priceRuleViews } from '../../common/price-rule-view.js';
import type { OrderCsvSource } from './orders-csv.js';

const customerName = (first: string, last: string) => `${first} ${last}`.trim();

/** An order as the admin orders page reads it, money in EGP. */
export function toAdminOrderView(
  order: OrderEntity,
  items: OrderItemEntity[],
  phoneRisk: PhoneRiskView,
  screening: OrderScreeningView,
  notes: OrderNoteEntity[] = [],
  courierTracking: CourierTrackingView | null = null,
): AdminOrderView {
  return {
    courierTracking,
    staffNotes: notes.map((n) => ({ noteId: n.noteId, text: n.text, author: n.author, authorRole: n.authorRole, createdAt: n.createdAt.toISOString() })),
    revision: order.revision,
    nextStatuses: ORDER_TRANSITIONS[order.status] ?? [],
    phoneRisk,
    screening,
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    firstName: order.firstName,
    lastName: order.lastName,
    customerName: customerName(order.firstName, order.lastName),
    phone: order.phone,
    email: order.email,
    addressLine: order.addressLine,
    building: order.building,
    apartment: order.apartment,
    city: order.city,
    governorate: order.governorate,
    latitude: order.latitude,
    longitude: order.longitude,
    notes: order.notes,
    paymentMethod: order.paymentMethod,
    paymentReference: order.paymentReference,
    promoCode: order.promoCode,
    promoPercent: order.promoPercent,
    subtotal: piastresToEgp(order.subtotal),
    discountFromPromotions: piastresToEgp(order.discountFromPromotions),
    discountFromPromoCode: piastresToEgp(order.discountFromPromoCode),
    shippingCost: piastresToEgp(order.shippingCost),
    codFee: piastresToEgp(order.codFee),
    taxAmount: piastresToEgp(order.taxAmount),
    total: piastresToEgp(order.total),
    itemCount: order.itemCount,
    returned: piastresToEgp(order.returned),
    refunded: piastresToEgp(order.refunded),
    courierFee: piastresToEgp(order.courierFee),
    statusReason: order.statusReason,
    createdAt: order.placedAt.toISOString(),
    orderDate: order.placedAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    items: items.map((i) => ({
      itemId: i.itemId,
      kind: i.kind,
      posterId: i.posterId,
      productId: i.productId,
      variantId: i.variantId,
      posterNameSnapshot: i.name,
      name: i.name,
      category: i.category,
      imageUrl: i.imageUrl,
      customImagePath: i.customImagePath,
      size: i.size,
      quantity: i.quantity,
      returnedQuantity: i.returnedQuantity,
      unitPrice: piastresToEgp(i.unitPrice),
      originalUnitPrice: piastresToEgp(i.originalUnitPrice),
      discountPercentage: i.discountPercentage,
      lineTotal: piastresToEgp(i.lineTotal),
      priceRules: priceRuleViews(i.priceRules),
    })),
  };
}

/** What a parcel does not need of the person: withheld from a role that sees parcels only. */
const NOT_FOR_THE_PARCEL = ORDER_ROW_PERSONAL_FIELDS.filter((p) => !PARCEL_PERSONAL_FIELDS.includes(p.join('.')));

/** An order as a role sees it in the list and on its page (ORDER_SCOPES): whole, or what a parcel needs of the person. */
export function orderForRole(view: AdminOrderView, role: StaffRole): AdminOrderView {
  return ORDER_SCOPES[role].fields === 'parcel' ? withhold(view, NOT_FOR_THE_PARCEL) : view;
}

/** A row of the export's query (OrderReads.batches): snake_case columns, money in piastres, items as JSON. */
export interface OrderCsvRow {
  id: string;
  order_number: string;
  placed_at: Date;
  first_name: string;
  last_name: string;
  phone: string;
  address_line: string;
  building: string;
  apartment: string;
  city: string;
  governorate: string;
  status: AdminOrderView['status'];
  payment_method: string;
  email: string | null;
  notes: string | null;
  promo_code: string | null;
  subtotal: number;
  discount_from_promo_code: number;
  discount_from_promotions: number;
  shipping_cost: number;
  cod_fee: number;
  total: number;
  returned: number;
  refunded: number;
  courier_fee: number;
  items: OrderCsvSource['items'];
}

/** The same fields as toAdminOrderView gives them, from the export's lean row. */
export function toOrderCsvSource(r: OrderCsvRow): OrderCsvSource {
  return {
    orderNumber: r.order_number,
    createdAt: r.placed_at.toISOString(),
    customerName: customerName(r.first_name, r.last_name),
    phone: r.phone,
    addressLine: r.address_line,
    building: r.building,
    apartment: r.apartment,
    city: r.city,
    governorate: r.governorate,
    status: r.status,
    paymentMethod: r.payment_method,
    email: r.email,
    notes: r.notes,
    promoCode: r.promo_code,
    subtotal: piastresToEgp(r.subtotal),
    discountFromPromoCode: piastresToEgp(r.discount_from_promo_code),
    discountFromPromotions: piastresToEgp(r.discount_from_promotions),
    shippingCost: piastresToEgp(r.shipping_cost),
    codFee: piastresToEgp(r.cod_fee),
    total: piastresToEgp(r.total),
    returned: piastresToEgp(r.returned),
    refunded: piastresToEgp(r.refunded),
    courierFee: piastresToEgp(r.courier_fee),
    items: r.items,
  };
}

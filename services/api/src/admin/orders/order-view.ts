import { piastresToEgp } from '#domain/shared/money.js';
import type { OrderEntity } from '#read-models/order.entity.js';
import type { OrderItemEntity } from '#read-models/order-item.entity.js';

/** An order as the admin orders page reads it (spec section 3 "Order"), money in EGP. */
export function toAdminOrderView(order: OrderEntity, items: OrderItemEntity[]) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    firstName: order.firstName,
    lastName: order.lastName,
    customerName: `${order.firstName} ${order.lastName}`.trim(),
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
      unitPrice: piastresToEgp(i.unitPrice),
      originalUnitPrice: piastresToEgp(i.originalUnitPrice),
      discountPercentage: i.discountPercentage,
      lineTotal: piastresToEgp(i.lineTotal),
    })),
  };
}

export type AdminOrderView = ReturnType<typeof toAdminOrderView>;

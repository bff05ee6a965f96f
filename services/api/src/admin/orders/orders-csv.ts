import { csvRow } from '../exports/csv.js';
import { SHOP_TIME_ZONE } from '#domain/shop-config.js';
import type { AdminOrderItemView, AdminOrderView } from './order-response.js';

/** What a CSV line reads of an order: the export's query selects exactly these (OrderReads.batches). */
export type OrderCsvSource = Pick<
  AdminOrderView,
  | 'orderNumber' | 'createdAt' | 'customerName' | 'phone' | 'addressLine' | 'building' | 'apartment' | 'city' | 'governorate' | 'status' | 'paymentMethod'
  | 'subtotal' | 'discountFromPromoCode' | 'discountFromPromotions' | 'shippingCost' | 'codFee' | 'total'
> & { items: Array<Pick<AdminOrderItemView, 'name' | 'size' | 'quantity'>> };

/**
 * The orders export's columns, in order (built on the server, so an export is never limited to one
 * page). Every amount of the total is there: Subtotal − both discounts + Shipping + COD Fee = Total.
 */
export const ORDER_CSV_COLUMNS = [
  'Order Number', 'Date (Cairo)', 'Customer Name', 'Phone', 'Address', 'Status', 'Payment Method',
  'Subtotal', 'Promo Code Discount', 'Promotions Discount', 'Shipping', 'COD Fee', 'Total', 'Items',
] as const;

// The shop's clock (as the dashboard's days): a spreadsheet shows the time the shop saw, not UTC.
const CAIRO_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** `2025-03-01 14:05:09`, Cairo time (daylight saving included). */
export function cairoDateTime(iso: string): string {
  const part = Object.fromEntries(CAIRO_TIME.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

export function orderCsvRow(o: OrderCsvSource): string {
  const address = [o.addressLine, o.building && `Building ${o.building}`, o.apartment && `Apt ${o.apartment}`, o.city, o.governorate].filter(Boolean).join(', ');
  const items = o.items.map((i) => `${i.name}${i.size ? ` (${i.size.replace(/^SIZE_/, '')})` : ''} x${i.quantity}`).join('; ');
  const money = [o.subtotal, o.discountFromPromoCode, o.discountFromPromotions, o.shippingCost, o.codFee, o.total].map((egp) => egp.toFixed(2));
  return csvRow([o.orderNumber, cairoDateTime(o.createdAt), o.customerName, o.phone, address, o.status, o.paymentMethod, ...money, items]);
}

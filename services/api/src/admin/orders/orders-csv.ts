import { csvRow } from '../exports/csv.js';
import type { AdminOrderItemView, AdminOrderView } from './order-response.js';

/** What a CSV line reads of an order: the export's query selects exactly these (AdminOrdersQueries.batches). */
export type OrderCsvSource = Pick<
  AdminOrderView,
  'orderNumber' | 'createdAt' | 'customerName' | 'phone' | 'addressLine' | 'building' | 'apartment' | 'city' | 'governorate' | 'status' | 'paymentMethod' | 'subtotal' | 'shippingCost' | 'total'
> & { items: Array<Pick<AdminOrderItemView, 'name' | 'size' | 'quantity'>> };

/** The orders export's columns, in order (built on the server, so an export is never limited to one page). */
export const ORDER_CSV_COLUMNS = ['Order Number', 'Date', 'Customer Name', 'Phone', 'Address', 'Status', 'Payment Method', 'Subtotal', 'Shipping', 'Total', 'Items'] as const;

export function orderCsvRow(o: OrderCsvSource): string {
  const address = [o.addressLine, o.building && `Building ${o.building}`, o.apartment && `Apt ${o.apartment}`, o.city, o.governorate].filter(Boolean).join(', ');
  const items = o.items.map((i) => `${i.name}${i.size ? ` (${i.size.replace(/^SIZE_/, '')})` : ''} x${i.quantity}`).join('; ');
  return csvRow([o.orderNumber, o.createdAt, o.customerName, o.phone, address, o.status, o.paymentMethod, o.subtotal.toFixed(2), o.shippingCost.toFixed(2), o.total.toFixed(2), items]);
}

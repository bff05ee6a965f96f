import { csvRow } from '../exports/csv.js';
import type { AdminOrderView } from './order-response.js';

/** The orders export's columns, in order (built on the server, so an export is never limited to one page). */
export const ORDER_CSV_COLUMNS = ['Order Number', 'Date', 'Customer Name', 'Phone', 'Address', 'Status', 'Payment Method', 'Subtotal', 'Shipping', 'Total', 'Items'] as const;

export function orderCsvRow(o: AdminOrderView): string {
  const address = [o.addressLine, o.building && `Building ${o.building}`, o.apartment && `Apt ${o.apartment}`, o.city, o.governorate].filter(Boolean).join(', ');
  const items = o.items.map((i) => `${i.name}${i.size ? ` (${i.size.replace(/^SIZE_/, '')})` : ''} x${i.quantity}`).join('; ');
  return csvRow([o.orderNumber, o.createdAt, o.customerName, o.phone, address, o.status, o.paymentMethod, o.subtotal.toFixed(2), o.shippingCost.toFixed(2), o.total.toFixed(2), items]);
}

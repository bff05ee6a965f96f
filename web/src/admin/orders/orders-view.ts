import { endOfDay, isValid, parseISO, startOfDay } from 'date-fns';
import { customerName, type AdminOrder, type OrderStatus } from './order-model';

// Pure list logic of the orders page: search, filters, sort and client-side pages (spec section 2).

export type OrderSortKey =
  | 'latest'
  | 'oldest'
  | 'total-desc'
  | 'total-asc'
  | 'customer-asc'
  | 'customer-desc'
  | 'status-asc'
  | 'status-desc';

export const SORT_OPTIONS: { value: OrderSortKey; label: string }[] = [
  { value: 'latest', label: 'Latest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'total-desc', label: 'Total: high to low' },
  { value: 'total-asc', label: 'Total: low to high' },
  { value: 'customer-asc', label: 'Customer: A to Z' },
  { value: 'customer-desc', label: 'Customer: Z to A' },
  { value: 'status-asc', label: 'Status: A to Z' },
  { value: 'status-desc', label: 'Status: Z to A' },
];

export const ORDERS_PAGE_SIZE = 10;

export interface OrderFilters {
  status: OrderStatus | '';
  /** yyyy-MM-dd from a date input, local time */
  dateFrom: string;
  /** yyyy-MM-dd, inclusive to the end of that day */
  dateTo: string;
}

export const NO_FILTERS: OrderFilters = { status: '', dateFrom: '', dateTo: '' };

const time = (order: AdminOrder) => {
  const parsed = order.createdAt ? parseISO(order.createdAt) : null;
  return parsed && isValid(parsed) ? parsed.getTime() : 0;
};

export function searchOrders(orders: AdminOrder[], term: string): AdminOrder[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return orders;
  return orders.filter((order) =>
    [customerName(order), order.phone, order.status, order.paymentMethod, order.id, order.orderNumber].some((field) =>
      field.toLowerCase().includes(needle),
    ),
  );
}

export function filterOrders(orders: AdminOrder[], filters: OrderFilters): AdminOrder[] {
  const from = filters.dateFrom ? startOfDay(parseISO(filters.dateFrom)).getTime() : null;
  const to = filters.dateTo ? endOfDay(parseISO(filters.dateTo)).getTime() : null;
  return orders.filter((order) => {
    if (filters.status && order.status !== filters.status) return false;
    const at = time(order);
    if (from !== null && at < from) return false;
    if (to !== null && at > to) return false;
    return true;
  });
}

export function sortOrders(orders: AdminOrder[], key: OrderSortKey): AdminOrder[] {
  const sorted = [...orders];
  const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
  const compare: Record<OrderSortKey, (a: AdminOrder, b: AdminOrder) => number> = {
    latest: (a, b) => time(b) - time(a),
    oldest: (a, b) => time(a) - time(b),
    'total-desc': (a, b) => b.total - a.total,
    'total-asc': (a, b) => a.total - b.total,
    'customer-asc': (a, b) => byText(customerName(a), customerName(b)),
    'customer-desc': (a, b) => byText(customerName(b), customerName(a)),
    'status-asc': (a, b) => byText(a.status, b.status),
    'status-desc': (a, b) => byText(b.status, a.status),
  };
  return sorted.sort(compare[key]);
}

export interface OrdersPage {
  rows: AdminOrder[];
  page: number;
  totalPages: number;
  first: number;
  last: number;
  total: number;
}

export function paginate(orders: AdminOrder[], page: number, size = ORDERS_PAGE_SIZE): OrdersPage {
  const totalPages = Math.max(1, Math.ceil(orders.length / size));
  const current = Math.min(Math.max(1, page), totalPages);
  const start = (current - 1) * size;
  const rows = orders.slice(start, start + size);
  return {
    rows,
    page: current,
    totalPages,
    first: rows.length ? start + 1 : 0,
    last: start + rows.length,
    total: orders.length,
  };
}

/** 'Size Distribution (PLACED Orders)': item count per size over PLACED orders. */
export function sizeDistribution(orders: AdminOrder[]): { size: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const order of orders) {
    if (order.status !== 'PLACED') continue;
    for (const item of order.items) {
      const size = (item.size ?? 'Unknown').replace(/^SIZE_/i, '');
      counts.set(size, (counts.get(size) ?? 0) + item.quantity);
    }
  }
  return [...counts.entries()].map(([size, count]) => ({ size, count })).sort((a, b) => a.size.localeCompare(b.size, undefined, { numeric: true }));
}

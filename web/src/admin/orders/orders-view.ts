import { endOfDay, parseISO, startOfDay } from 'date-fns';
import type { OrderListFilters } from './orders-api';
import type { OrderStatus } from './order-model';

// The orders page's controls and the query they make: the server searches,
// filters, sorts and pages.

export type OrderSortKey = 'latest' | 'oldest' | 'total-desc' | 'total-asc' | 'customer-asc' | 'customer-desc' | 'status-asc' | 'status-desc';

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
  /** Only orders from phones risky for cash on delivery. */
  risky?: boolean;
}

export const NO_FILTERS: OrderFilters = { status: '', dateFrom: '', dateTo: '', risky: false };

/** The controls as the server's filters; the admin's local days as instants, so both agree on where a day ends. */
export function listFilters(filters: OrderFilters, search: string, sort: OrderSortKey): OrderListFilters {
  const args: OrderListFilters = { sort: sort.replace('-', '_') };
  if (filters.status) args.status = filters.status;
  if (filters.dateFrom) args.dateFrom = startOfDay(parseISO(filters.dateFrom)).toISOString();
  if (filters.dateTo) args.dateTo = endOfDay(parseISO(filters.dateTo)).toISOString();
  if (search) args.search = search;
  if (filters.risky) args.risky = 'true';
  return args;
}

import { BadRequestException } from '@nestjs/common';
import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from '#domain/order/events.js';
import { isPaymentMethod, PAYMENT_METHODS, type PaymentMethod } from '#domain/shop-config.js';
import { parseDateBound, type DateBound } from '../shared/date-bounds.js';
import { parseSearch } from '../shared/paging.js';

/** Names sort on their first 200 characters: the expressions orders_customer_id_idx holds (a b-tree entry has a size limit, a name has none). */
const CUSTOMER = ['left(o.first_name, 200)', 'left(o.last_name, 200)'];

/** Sort name → SQL expressions on orders `o` and direction (ties broken by id in the query), each backed by an index. */
export const ORDER_SORTS = {
  latest: [['o.placed_at'], 'DESC'],
  oldest: [['o.placed_at'], 'ASC'],
  total_desc: [['o.total'], 'DESC'],
  total_asc: [['o.total'], 'ASC'],
  customer_asc: [CUSTOMER, 'ASC'],
  customer_desc: [CUSTOMER, 'DESC'],
  status_asc: [['o.status'], 'ASC'],
  status_desc: [['o.status'], 'DESC'],
} as const satisfies Record<string, readonly [readonly string[], 'ASC' | 'DESC']>;
export type OrderSort = keyof typeof ORDER_SORTS;

/** The sort names the old page sent, and a few obvious spellings, mapped onto ours. */
const SORT_ALIASES: Record<string, OrderSort> = {
  latest: 'latest', newest: 'latest', date_desc: 'latest', 'createdat,desc': 'latest', '-createdat': 'latest', desc: 'latest',
  oldest: 'oldest', date_asc: 'oldest', 'createdat,asc': 'oldest', createdat: 'oldest', asc: 'oldest',
  total_desc: 'total_desc', 'total,desc': 'total_desc', '-total': 'total_desc',
  total_asc: 'total_asc', 'total,asc': 'total_asc', total: 'total_asc',
  customer_asc: 'customer_asc', 'customer,asc': 'customer_asc', customer: 'customer_asc',
  customer_desc: 'customer_desc', 'customer,desc': 'customer_desc', '-customer': 'customer_desc',
  status_asc: 'status_asc', 'status,asc': 'status_asc', status: 'status_asc',
  status_desc: 'status_desc', 'status,desc': 'status_desc', '-status': 'status_desc',
};

export interface OrderFilters {
  status?: OrderStatus;
  /** Inclusive lower bound (start of the day when a date was given). */
  from?: DateBound;
  /** Inclusive upper bound: a date means to the end of that day (an admin picking 'to 3 May' means all of 3 May). */
  to?: DateBound;
  search?: string;
  /** COD for the call-to-confirm queue. */
  paymentMethod?: PaymentMethod;
  /** Only orders from phones that are risky for cash on delivery (thresholds in configuration). */
  risky?: boolean;
  sort: OrderSort;
  /** The statuses the reader's role sees (ORDER_SCOPES); absent for a role that sees them all. */
  scope?: readonly OrderStatus[];
}

/** Query string → filters; anything malformed is a 400, never silently ignored. */
export function parseOrderFilters(query: Record<string, unknown>): OrderFilters {
  const filters: OrderFilters = { sort: 'latest' };
  const status = query.status;
  if (status !== undefined && status !== '' && String(status).toUpperCase() !== 'ALL') {
    const s = typeof status === 'string' ? status.trim().toUpperCase() : status;
    if (!isOrderStatus(s)) throw new BadRequestException(`status must be one of ${ORDER_STATUSES.join(', ')}`);
    filters.status = s;
  }
  filters.from = parseDateBound(query.dateFrom, 'dateFrom');
  filters.to = parseDateBound(query.dateTo, 'dateTo');
  filters.search = parseSearch(query);
  if (query.paymentMethod !== undefined && query.paymentMethod !== '') {
    const m = typeof query.paymentMethod === 'string' ? query.paymentMethod.trim().toUpperCase() : query.paymentMethod;
    if (!isPaymentMethod(m)) throw new BadRequestException(`paymentMethod must be one of ${PAYMENT_METHODS.join(', ')}`);
    filters.paymentMethod = m;
  }
  if (query.risky !== undefined && query.risky !== '') {
    if (query.risky !== 'true' && query.risky !== 'false') throw new BadRequestException('risky must be true or false');
    filters.risky = query.risky === 'true';
  }
  if (query.sort !== undefined && query.sort !== '') {
    const key = typeof query.sort === 'string' ? SORT_ALIASES[query.sort.trim().toLowerCase()] : undefined;
    if (!key) throw new BadRequestException(`sort must be one of ${Object.keys(ORDER_SORTS).join(', ')}`);
    filters.sort = key;
  }
  return filters;
}

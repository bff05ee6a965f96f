/**
 * The one meaning of revenue, named wherever a figure of it shows (dashboard, governorates,
 * what-if, the orders export):
 *
 * - sales: the goods sold, after the category and promo-code discounts (no shipping, no COD fee),
 *   of orders that left the shop (SHIPPED or DELIVERED), less the goods returned (OrderReturned);
 * - collected: cash in hand, the whole total (shipping and fees included) of DELIVERED orders,
 *   less the cash refunded (RefundRecorded);
 * - pending: out for delivery, the whole total of SHIPPED orders, cash the courier should bring.
 */
import type { Piastres } from '../shared/money.js';
import type { OrderStatus, OrderTotals } from './events.js';
import { REVENUE_STATUSES } from './order-lifecycle.js';

export interface RevenueFigures {
  sales: Piastres;
  collected: Piastres;
  pending: Piastres;
}

/** Statuses whose goods count as sold. */
export const SALES_STATUSES: readonly OrderStatus[] = REVENUE_STATUSES;
/** Statuses whose total is cash in hand. */
export const COLLECTED_STATUSES: readonly OrderStatus[] = ['DELIVERED'];
/** Statuses whose total is out for delivery. */
export const PENDING_STATUSES: readonly OrderStatus[] = ['SHIPPED'];

/** What the labels say, on screen and in the export. */
export const REVENUE_LABELS: Readonly<Record<keyof RevenueFigures, string>> = {
  sales: 'Sales (goods after discounts, shipped or delivered)',
  collected: 'Collected (delivered, incl. shipping and fees)',
  pending: 'Pending (out for delivery)',
};

/** The goods' price after the category and promo-code discounts. */
export function goodsAfterDiscounts(totals: Pick<OrderTotals, 'subtotal' | 'discountFromPromotions' | 'discountFromPromoCode'>): Piastres {
  return totals.subtotal - totals.discountFromPromotions - totals.discountFromPromoCode;
}

/** What an order's returns and refunds took back: the goods returned and the cash handed back. */
export interface TakenBack {
  returned?: Piastres;
  refunded?: Piastres;
}

/** One order's share of each figure, given its goods after discounts (`sales`), its total, and what returns and refunds took back. */
export function orderRevenue(status: string, amounts: { sales: Piastres; total: Piastres } & TakenBack): RevenueFigures {
  const is = (statuses: readonly OrderStatus[]) => (statuses as readonly string[]).includes(status);
  return {
    sales: is(SALES_STATUSES) ? amounts.sales - (amounts.returned ?? 0) : 0,
    collected: is(COLLECTED_STATUSES) ? amounts.total - (amounts.refunded ?? 0) : 0,
    pending: is(PENDING_STATUSES) ? amounts.total : 0,
  };
}

export function sumRevenue(orders: Iterable<{ status: string; sales: Piastres; total: Piastres } & TakenBack>): RevenueFigures {
  const sum: RevenueFigures = { sales: 0, collected: 0, pending: 0 };
  for (const o of orders) {
    const r = orderRevenue(o.status, o);
    sum.sales += r.sales;
    sum.collected += r.collected;
    sum.pending += r.pending;
  }
  return sum;
}

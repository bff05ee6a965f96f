/**
 * The shop's money, one definition of each figure: the dashboard, the orders export (CSV and
 * XLSX), what-if and the analysts' projections compute and name them here, and nowhere else.
 *
 * Which orders are sales: those that left the shop and were not refused (SHIPPED or DELIVERED).
 * An order placed, confirmed or canceled never left; one refused at the door (REFUSED, or RETURNED
 * once the parcel is back) was never bought. Their goods count in no sales figure.
 *
 * - gross sales: the goods of the orders that are sales, at the price they were sold before any
 *   discount (the orders' subtotals);
 * - discounts: the category discounts and promo codes those orders got;
 * - returns: the goods of those orders that came back after delivery (each line's share of the
 *   goods after discounts);
 * - net sales: gross sales − discounts − returns. A refund is cash, not goods: it pays for a return
 *   already counted (or is a gesture), so it is cash refunded and never lowers net sales twice;
 * - delivery fees: what the orders that are sales charged for delivery (shipping and the COD fee);
 * - COD cash collected: the totals of delivered cash-on-delivery orders, the cash the couriers
 *   brought (cash only: an order paid online brings none);
 * - cash refunded: the cash handed back to shoppers;
 * - paid online: the totals of the orders that are sales and were paid online;
 * - deposit: cash taken before delivery on a cash-on-delivery order (the shop takes none yet: 0);
 * - left to collect: the totals of cash-on-delivery orders out for delivery (SHIPPED);
 * - refused amount: the totals of the orders refused at the door (REFUSED or RETURNED);
 * - courier fees: what the couriers' settlement files charged for their parcels, whatever the
 *   parcel's end.
 *
 * Identity, per order that is a sale: net sales + returns + delivery fees = its total.
 */
import type { OrderStatus, OrderTotals } from '../order/events.js';
import { REVENUE_STATUSES } from '../order/order-lifecycle.js';
import type { Piastres } from '../shared/money.js';

export const MONEY_FIGURES = [
  'grossSales', 'discounts', 'returns', 'netSales', 'deliveryFees', 'codCashCollected', 'cashRefunded',
  'paidOnline', 'deposit', 'leftToCollect', 'refusedAmount', 'courierFees',
] as const;
export type MoneyFigure = (typeof MONEY_FIGURES)[number];
export type MoneyFigures = Record<MoneyFigure, Piastres>;

/** Each figure's name, the same words on every screen, export and analysis, in both languages. */
export const MONEY_FIGURE_NAMES: Readonly<Record<MoneyFigure, { en: string; ar: string }>> = {
  grossSales: { en: 'Gross sales', ar: 'إجمالي المبيعات' },
  discounts: { en: 'Discounts', ar: 'الخصومات' },
  returns: { en: 'Returns', ar: 'المرتجعات' },
  netSales: { en: 'Net sales', ar: 'صافي المبيعات' },
  deliveryFees: { en: 'Delivery fees', ar: 'رسوم التوصيل' },
  codCashCollected: { en: 'COD cash collected', ar: 'النقد المحصَّل عند الاستلام' },
  cashRefunded: { en: 'Cash refunded', ar: 'النقد المردود' },
  paidOnline: { en: 'Paid online', ar: 'المدفوع أونلاين' },
  deposit: { en: 'Deposits', ar: 'العرابين' },
  leftToCollect: { en: 'Left to collect', ar: 'المتبقي للتحصيل' },
  refusedAmount: { en: 'Refused amount', ar: 'قيمة الطلبات المرفوضة' },
  courierFees: { en: 'Courier fees', ar: 'رسوم شركات الشحن' },
};

/** What each figure takes in, one line for the person reading it (a card's note, an export's). */
export const MONEY_FIGURE_NOTES: Readonly<Record<MoneyFigure, string>> = {
  grossSales: 'Goods of shipped and delivered orders, before discounts',
  discounts: 'Category discounts and promo codes on those orders',
  returns: 'Goods that came back after delivery',
  netSales: 'Gross sales − discounts − returns',
  deliveryFees: 'Shipping and COD fees of shipped and delivered orders',
  codCashCollected: 'Totals of delivered cash-on-delivery orders',
  cashRefunded: 'Cash handed back to shoppers',
  paidOnline: 'Totals of shipped and delivered orders paid online',
  deposit: 'Cash taken before delivery (none yet)',
  leftToCollect: 'Totals of cash-on-delivery orders out for delivery',
  refusedAmount: 'Totals of orders refused at the door',
  courierFees: "Fees in the couriers' settlement files",
};

/** The orders whose goods are sales. */
export const SALES_STATUSES: readonly OrderStatus[] = REVENUE_STATUSES;
/** The orders refused at the door, back or not yet. */
export const REFUSED_STATUSES: readonly OrderStatus[] = ['REFUSED', 'RETURNED'];

/** What one order's figures are made of (piastres). */
export interface OrderMoney {
  status: string;
  paymentMethod: string;
  /** Goods before discounts. */
  subtotal: Piastres;
  /** Category discounts plus the promo code's. */
  discounts: Piastres;
  /** What the shopper pays: subtotal − discounts + shipping + COD fee. */
  total: Piastres;
  /** Goods returned after delivery, and cash handed back. */
  returned: Piastres;
  refunded: Piastres;
  /** Fees the couriers' settlement files charged for its parcels. */
  courierFee: Piastres;
}

export const NO_MONEY: MoneyFigures = Object.freeze(Object.fromEntries(MONEY_FIGURES.map((f) => [f, 0])) as MoneyFigures);

/** Whether an order's goods count as sales. */
export const isSale = (status: string): boolean => (SALES_STATUSES as readonly string[]).includes(status);

/** The goods' price after the category and promo-code discounts: what a return takes back a share of. */
export function goodsAfterDiscounts(totals: Pick<OrderTotals, 'subtotal' | 'discountFromPromotions' | 'discountFromPromoCode'>): Piastres {
  return totals.subtotal - totals.discountFromPromotions - totals.discountFromPromoCode;
}

/** An order's figures' inputs from the totals it recorded (no returns, refunds or fees yet). */
export function orderMoneyOf(status: string, paymentMethod: string, t: Pick<OrderTotals, 'subtotal' | 'discountFromPromotions' | 'discountFromPromoCode' | 'total'>, taken: Partial<Pick<OrderMoney, 'returned' | 'refunded' | 'courierFee'>> = {}): OrderMoney {
  return { status, paymentMethod, subtotal: t.subtotal, discounts: t.discountFromPromotions + t.discountFromPromoCode, total: t.total, returned: taken.returned ?? 0, refunded: taken.refunded ?? 0, courierFee: taken.courierFee ?? 0 };
}

/** One order's share of each figure. */
export function orderMoney(o: OrderMoney): MoneyFigures {
  const sale = isSale(o.status);
  const cod = o.paymentMethod !== 'ONLINE';
  const grossSales = sale ? o.subtotal : 0;
  const discounts = sale ? o.discounts : 0;
  const returns = sale ? o.returned : 0;
  return {
    grossSales,
    discounts,
    returns,
    netSales: grossSales - discounts - returns,
    deliveryFees: sale ? o.total - (o.subtotal - o.discounts) : 0,
    codCashCollected: o.status === 'DELIVERED' && cod ? o.total : 0,
    cashRefunded: o.refunded,
    paidOnline: sale && !cod ? o.total : 0,
    deposit: 0,
    leftToCollect: o.status === 'SHIPPED' && cod ? o.total : 0,
    refusedAmount: (REFUSED_STATUSES as readonly string[]).includes(o.status) ? o.total : 0,
    courierFees: o.courierFee,
  };
}

/** a + sign × b, figure by figure (sign −1: what b no longer adds). */
export function addMoney(a: MoneyFigures, b: Partial<MoneyFigures>, sign: 1 | -1 = 1): MoneyFigures {
  return Object.fromEntries(MONEY_FIGURES.map((f) => [f, a[f] + sign * (b[f] ?? 0)])) as MoneyFigures;
}

export function sumMoney(orders: Iterable<OrderMoney>): MoneyFigures {
  let sum = NO_MONEY;
  for (const o of orders) sum = addMoney(sum, orderMoney(o));
  return sum;
}

/**
 * Figures read back from storage (a JSON object of sums): every figure present, as a number;
 * anything missing or not a number counts 0.
 */
export function moneyOf(stored: unknown): MoneyFigures {
  const from = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(MONEY_FIGURES.map((f) => [f, Number.isFinite(Number(from[f])) ? Number(from[f]) : 0])) as MoneyFigures;
}

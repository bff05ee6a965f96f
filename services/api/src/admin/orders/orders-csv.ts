import { csvRow } from '../exports/csv.js';
import { addMoney, MONEY_FIGURE_NAMES, MONEY_FIGURES, NO_MONEY, orderMoney, type MoneyFigures } from '#domain/money/figures.js';
import { governorateInfo, GOVERNORATES, SHOP_TIME_ZONE, type Governorate } from '#domain/shop-config.js';
import type { Permission } from '#domain/admin/staff-permissions.js';
import { ORDER_ROW_PERSONAL_FIELDS, shapeForReader, WITHHELD } from '#domain/personal-data/withheld.js';
import type { AdminOrderItemView, AdminOrderView } from './order-response.js';

/** What an export line reads of an order: the export's query selects exactly these (OrderReads.batches). */
export type OrderCsvSource = Pick<
  AdminOrderView,
  | 'orderNumber' | 'createdAt' | 'customerName' | 'phone' | 'email' | 'addressLine' | 'building' | 'apartment' | 'city' | 'governorate' | 'status' | 'paymentMethod'
  | 'promoCode' | 'notes' | 'subtotal' | 'discountFromPromoCode' | 'discountFromPromotions' | 'shippingCost' | 'codFee' | 'total'
  | 'returned' | 'refunded' | 'courierFee'
> & { items: Array<Pick<AdminOrderItemView, 'name' | 'size' | 'quantity'>> };

/**
 * The orders export's columns, in order (built on the server, so an export is never limited to one
 * page), the same in the CSV and the XLSX. Every amount of the total is there: Subtotal − both
 * discounts + Shipping + COD Fee = Total.
 */
export const ORDER_CSV_COLUMNS = [
  'Order Number', 'Date (Cairo)', 'Customer Name', 'Phone', 'Email', 'Address', 'Governorate', 'Status', 'Payment Method', 'Promo Code',
  'Subtotal', 'Promo Code Discount', 'Promotions Discount', 'Shipping', 'COD Fee', 'Total', 'Items', 'Notes',
] as const;

/** The money columns, summed in the totals row. */
export const ORDER_MONEY_COLUMNS = ['Subtotal', 'Promo Code Discount', 'Promotions Discount', 'Shipping', 'COD Fee', 'Total'] as const;

// The shop's clock (as the dashboard's days): a spreadsheet shows the time the shop saw, not UTC.
const CAIRO_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** `2025-03-01 14:05:09`, Cairo time (daylight saving included). */
export function cairoDateTime(iso: string): string {
  const part = Object.fromEntries(CAIRO_TIME.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

const KNOWN_GOVERNORATES = new Set<string>(GOVERNORATES.map((g) => g.code));

/** ALEXANDRIA → Alexandria: a spreadsheet is read by people. */
export function governorateLabel(code: string): string {
  return KNOWN_GOVERNORATES.has(code) ? governorateInfo(code as Governorate).nameEn : code;
}

/** An export line as its reader may read it: the customer's personal fields withheld without customers.read, the rest (money, items) kept. */
export function orderLineForReader(o: OrderCsvSource, permissions: ReadonlySet<Permission>): OrderCsvSource {
  return shapeForReader(o, permissions, ORDER_ROW_PERSONAL_FIELDS);
}

/** One export line's cells, typed (numbers stay numbers), in ORDER_CSV_COLUMNS order. */
export function orderCells(o: OrderCsvSource): Array<string | number | null> {
  // A withheld address reads so once, not once per part.
  const address = o.addressLine === WITHHELD ? WITHHELD : [o.addressLine, o.building && `Building ${o.building}`, o.apartment && `Apt ${o.apartment}`, o.city].filter(Boolean).join(', ');
  const items = o.items.map((i) => `${i.name}${i.size ? ` (${i.size.replace(/^SIZE_/, '')})` : ''} x${i.quantity}`).join('; ');
  return [
    o.orderNumber, cairoDateTime(o.createdAt), o.customerName, o.phone, o.email, address, governorateLabel(o.governorate), o.status, o.paymentMethod, o.promoCode,
    o.subtotal, o.discountFromPromoCode, o.discountFromPromotions, o.shippingCost, o.codFee, o.total, items, o.notes,
  ];
}

export function orderCsvRow(o: OrderCsvSource): string {
  return csvRow(orderCells(o).map((cell) => (typeof cell === 'number' ? cell.toFixed(2) : cell)));
}

/** Sums of the money columns and the money figures (money/figures.ts), kept while the export streams. */
export class OrderExportTotals {
  orders = 0;
  readonly money = new Map<(typeof ORDER_MONEY_COLUMNS)[number], number>(ORDER_MONEY_COLUMNS.map((c) => [c, 0]));
  private figures: MoneyFigures = NO_MONEY;

  add(o: OrderCsvSource): void {
    const cents = (egp: number) => Math.round(egp * 100);
    const amounts = [o.subtotal, o.discountFromPromoCode, o.discountFromPromotions, o.shippingCost, o.codFee, o.total];
    ORDER_MONEY_COLUMNS.forEach((c, i) => this.money.set(c, this.money.get(c)! + cents(amounts[i])));
    this.figures = addMoney(this.figures, orderMoney({
      status: o.status, paymentMethod: o.paymentMethod, subtotal: cents(o.subtotal), discounts: cents(o.discountFromPromoCode) + cents(o.discountFromPromotions),
      total: cents(o.total), returned: cents(o.returned), refunded: cents(o.refunded), courierFee: cents(o.courierFee),
    }));
    this.orders++;
  }

  /** The totals row's cells (EGP), aligned under ORDER_CSV_COLUMNS. */
  totalsCells(): Array<string | number | null> {
    return ORDER_CSV_COLUMNS.map((c, i) => (i === 0 ? 'Total' : i === 2 ? `${this.orders} orders` : ORDER_MONEY_COLUMNS.includes(c as never) ? this.money.get(c as never)! / 100 : null));
  }

  /** The summary lines: each money figure of the exported orders, net of returns, by its name and value (EGP). */
  summary(): Array<[string, number]> {
    return MONEY_FIGURES.map((f) => [MONEY_FIGURE_NAMES[f].en, this.figures[f] / 100]);
  }

  csv(): string {
    return csvRow(this.totalsCells().map((cell) => (typeof cell === 'number' ? cell.toFixed(2) : cell))) + this.summary().map(([name, egp]) => csvRow([name, egp.toFixed(2)])).join('');
  }
}

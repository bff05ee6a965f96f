/**
 * The flags checkout records on an order (never a refusal): a likely duplicate (the same person,
 * the same lines, within the owner's window), a large first order (to confirm before printing) and
 * many orders from one phone within an hour. The last is a flag and not a budget: anyone may type
 * someone else's phone, so a refusal per phone would let a stranger stop that customer ordering.
 * "Needs review" is not recorded: it follows the phone's refusals as they happen (needs-review.ts).
 */
import type { OrderItem } from '../order/events.js';
import type { Piastres } from '../shared/money.js';
import type { OrderScreeningSettings } from './screening-settings.js';

export const SCREENING_FLAGS = ['LIKELY_DUPLICATE', 'LARGE_FIRST_ORDER', 'MANY_ORDERS_FROM_PHONE'] as const;
export type ScreeningFlag = (typeof SCREENING_FLAGS)[number];

/**
 * What the back office shows: the recorded flags and two that follow the phone as it is now:
 * "needs review" (its refusals) and "phone blocked" (blocked after the order was placed: a later
 * checkout from it is refused, the orders already placed from it are flagged).
 */
export const ORDER_SCREENING_VIEW_FLAGS = ['PHONE_BLOCKED', 'NEEDS_REVIEW', ...SCREENING_FLAGS] as const;
export type OrderScreeningViewFlag = (typeof ORDER_SCREENING_VIEW_FLAGS)[number];

export const SCREENING_FLAG_LABELS: Readonly<Record<OrderScreeningViewFlag, string>> = {
  LIKELY_DUPLICATE: 'Likely duplicate',
  LARGE_FIRST_ORDER: 'Confirm before printing',
  MANY_ORDERS_FROM_PHONE: 'Many orders from one phone',
  NEEDS_REVIEW: 'Needs review',
  PHONE_BLOCKED: 'Phone blocked',
};

/** Flags that set an order apart from those to call straight away. */
export const REVIEW_FIRST_FLAGS: readonly OrderScreeningViewFlag[] = ['PHONE_BLOCKED', 'NEEDS_REVIEW'];

/** The part of a line that makes two orders "the same": what is printed, in which size, how many. */
type LineIdentity = Pick<OrderItem, 'kind' | 'posterId' | 'productId' | 'variantId' | 'size' | 'quantity' | 'customImagePath'>;

/** The order's lines as one text that ignores their order in the cart: equal texts, same lines. */
export function lineSignature(items: readonly LineIdentity[]): string {
  return items
    .map((i) => [i.kind, i.posterId ?? i.productId ?? i.customImagePath ?? '', i.variantId ?? '', i.size ?? '', i.quantity].join(':'))
    .sort()
    .join('|');
}

/** An order the person placed before, as their screening stream remembers it. */
export interface ScreenedOrder {
  orderId: string;
  orderNumber: string;
  placedAt: string;
  lines: string;
}

/** The order being placed. */
export interface OrderToScreen extends ScreenedOrder {
  total: Piastres;
}

export interface ScreeningResult {
  flags: ScreeningFlag[];
  duplicateOf: string | null;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Pure: the flags of `order` given the person's earlier orders (`earlier`, any order; `placedBefore`
 * counts every one, also those no longer remembered) and the owner's settings. The matching order
 * nearest in time within the window is the one it duplicates.
 */
export function screenOrder(order: OrderToScreen, earlier: readonly ScreenedOrder[], placedBefore: number, settings: OrderScreeningSettings): ScreeningResult {
  const flags: ScreeningFlag[] = [];
  let duplicateOf: string | null = null;
  if (settings.duplicateWindowMinutes > 0) {
    const at = Date.parse(order.placedAt);
    const windowMs = settings.duplicateWindowMinutes * MINUTE_MS;
    // Either side of it in time: checkouts racing are screened in whichever order they arrive.
    const gap = (o: ScreenedOrder) => Math.abs(at - Date.parse(o.placedAt));
    const match = earlier
      .filter((o) => o.orderId !== order.orderId && o.lines === order.lines && gap(o) <= windowMs)
      .sort((a, b) => gap(a) - gap(b))[0];
    if (match) {
      flags.push('LIKELY_DUPLICATE');
      duplicateOf = match.orderNumber;
    }
  }
  if (settings.largeFirstOrderMinimum > 0 && placedBefore === 0 && order.total >= settings.largeFirstOrderMinimum) flags.push('LARGE_FIRST_ORDER');
  if (settings.manyOrdersPerHour > 0) {
    // Either side in time, as for duplicates: racing checkouts are screened in whichever order they
    // arrive. placedAt is always toISOString's UTC text, whose order is time order: comparing the
    // texts spares parsing every remembered order on every checkout.
    const at = Date.parse(order.placedAt);
    const from = new Date(at - HOUR_MS).toISOString();
    const to = new Date(at + HOUR_MS).toISOString();
    const withinHour = earlier.filter((o) => o.orderId !== order.orderId && o.placedAt > from && o.placedAt < to).length;
    if (withinHour >= settings.manyOrdersPerHour) flags.push('MANY_ORDERS_FROM_PHONE');
  }
  return { flags, duplicateOf };
}

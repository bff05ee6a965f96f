import { readStorage, writeStorage } from '../../lib/storage';
import type { OrderRecap } from './pages/order-confirmation-page';

/**
 * The recap of the order this tab just placed, so a reload of its confirmation shows it again. It
 * names and locates the shopper, so it stays in session storage (this tab only, gone with it) and
 * never in the URL: someone else opening the confirmation's address sees the order number they
 * already have, nothing more.
 */
const KEY = 'order-confirmation';

export function rememberConfirmation(orderNumber: string, recap: OrderRecap): void {
  writeStorage(KEY, JSON.stringify({ orderNumber, recap }), 'session');
}

/** The recap this tab kept for that order, if any. */
export function rememberedConfirmation(orderNumber: string): OrderRecap | null {
  try {
    const value: unknown = JSON.parse(readStorage(KEY, 'session') ?? 'null');
    const kept = (value ?? {}) as { orderNumber?: unknown; recap?: unknown };
    return kept.orderNumber === orderNumber && isRecap(kept.recap) ? kept.recap : null;
  } catch {
    return null;
  }
}

function isRecap(value: unknown): value is OrderRecap {
  const r = value as Partial<OrderRecap> | null;
  return !!r && Array.isArray(r.items) && Array.isArray(r.address) && typeof r.cashToPay === 'number';
}

import { readStorage, writeStorage } from '../../lib/storage';

/**
 * The order this tab just placed, so the tracking form opens filled in. The phone is personal: it
 * stays in session storage (gone with the tab) and never goes into a URL, which would keep it in
 * history, logs and referrers.
 */
const KEY = 'tracked-order';

export interface RememberedOrder {
  orderNumber: string;
  phone: string;
}

export function rememberOrder(order: RememberedOrder): void {
  writeStorage(KEY, JSON.stringify(order), 'session');
}

/** The remembered order, if any and well-formed. */
export function rememberedOrder(): RememberedOrder | null {
  try {
    const value: unknown = JSON.parse(readStorage(KEY, 'session') ?? 'null');
    const { orderNumber, phone } = (value ?? {}) as Partial<RememberedOrder>;
    return typeof orderNumber === 'string' && typeof phone === 'string' ? { orderNumber, phone } : null;
  } catch {
    return null;
  }
}

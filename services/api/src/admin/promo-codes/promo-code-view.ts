import type { PromoCodeView } from './promo-code-response.js';

/** A promo code as the back-office shows it: the code is its id. */
export function promoCodeView(p: { code: string; percentOff: number; active: boolean; createdAt?: Date | string | null }): PromoCodeView {
  return { id: p.code, code: p.code, percentOff: p.percentOff, active: p.active, createdAt: p.createdAt ?? null };
}

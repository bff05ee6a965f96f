/**
 * Where a promo code stands today, from its switch, its dates (shop days, both inclusive) and its
 * uses: the one answer the promo list shows, so a code past its end or before its start is never
 * called active. The facts that outlast the switch (ended, used up, not yet started) come first.
 */
import type { PromoRules } from './promo-rules.js';

export const PROMO_STATUSES = ['active', 'scheduled', 'expired', 'used-up', 'inactive'] as const;
export type PromoStatus = (typeof PROMO_STATUSES)[number];

export interface PromoStanding extends Pick<PromoRules, 'startsOn' | 'endsOn' | 'usageLimit'> {
  active: boolean;
  /** Uses counted so far (orders placed with it, less those given back). */
  uses: number;
}

/** `today` is the shop day ('YYYY-MM-DD', shopDate). */
export function promoStatus(code: PromoStanding, today: string): PromoStatus {
  if (code.endsOn !== null && today > code.endsOn) return 'expired';
  if (code.usageLimit !== null && code.uses >= code.usageLimit) return 'used-up';
  if (code.startsOn !== null && today < code.startsOn) return 'scheduled';
  return code.active ? 'active' : 'inactive';
}

/** The status in the shop's two languages. */
export const PROMO_STATUS_WORDS: Readonly<Record<PromoStatus, { en: string; ar: string }>> = {
  active: { en: 'Active', ar: 'ساري' },
  scheduled: { en: 'Scheduled', ar: 'مجدول' },
  expired: { en: 'Expired', ar: 'منتهي' },
  'used-up': { en: 'Used up', ar: 'نفدت مرات استخدامه' },
  inactive: { en: 'Inactive', ar: 'موقوف' },
};

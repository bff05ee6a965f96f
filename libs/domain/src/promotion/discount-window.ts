/**
 * When a category discount is in force: shop days (Africa/Cairo), both inclusive, as promo codes'
 * dates are. An open end (null) never closes that side; no window at all: always (while active).
 */
import { DomainError } from '../shared/domain-error.js';
import { isShopDate } from '../shared/shop-date.js';
import { trimmed } from '../shared/validation.js';
import type { DiscountWindow } from './events.js';

export const OPEN_WINDOW: DiscountWindow = Object.freeze({ startsOn: null, endsOn: null });

/** A window as a form sends it: undefined keeps `base`'s value, null or '' opens that end. */
export type DiscountWindowInput = { startsOn?: unknown; endsOn?: unknown };

const MESSAGES = {
  startsOn: 'Enter the start as a date (YYYY-MM-DD)',
  endsOn: 'Enter the end as a date (YYYY-MM-DD)',
  endsBeforeStart: 'The end must not be before the start',
} as const;

const blank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

/** Every wrong end at once, by field (fieldErrors), code DISCOUNT_INVALID_DATES. */
export function validateDiscountWindow(input: DiscountWindowInput, base: DiscountWindow = OPEN_WINDOW): DiscountWindow {
  const window = { ...base };
  const errors: Record<string, string> = {};
  for (const k of ['startsOn', 'endsOn'] as const) {
    const v = input[k];
    if (v === undefined) continue;
    if (blank(v)) window[k] = null;
    else if (isShopDate(trimmed(v))) window[k] = trimmed(v);
    else errors[k] = MESSAGES[k];
  }
  if (!errors.startsOn && !errors.endsOn && window.startsOn && window.endsOn && window.endsOn < window.startsOn) errors.endsOn = MESSAGES.endsBeforeStart;
  const fields = Object.keys(errors);
  if (fields.length > 0) throw DomainError.validation('DISCOUNT_INVALID_DATES', `${fields[0]}: ${errors[fields[0]]}`, errors);
  return window;
}

export type DiscountStatus = 'inactive' | 'scheduled' | 'inForce' | 'ended';

/** Where an active discount's window stands on `today` (a shop day); switched off: inactive. */
export function discountStatus(d: { active: boolean } & Partial<DiscountWindow>, today: string): DiscountStatus {
  if (!d.active) return 'inactive';
  if (d.startsOn != null && today < d.startsOn) return 'scheduled';
  if (d.endsOn != null && today > d.endsOn) return 'ended';
  return 'inForce';
}

/**
 * Whether it takes money off on `today`. today undefined: the window is not checked (a replay of
 * orders already placed, whose recorded discounts were in force when they were priced).
 */
export function isDiscountInForce(d: { active: boolean } & Partial<DiscountWindow>, today: string | undefined): boolean {
  return today === undefined ? d.active : discountStatus(d, today) === 'inForce';
}

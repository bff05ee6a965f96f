/**
 * The owner's thresholds for the fake cash-on-delivery order defence. Each is a whole number and
 * 0 turns its check off, so a shop that wants none of them says so without a separate switch.
 */
import { DomainError } from '../shared/domain-error.js';
import { REMEMBERED_ORDERS } from './customer-screening.decider.js';
import { MAX_PRICE, type Piastres } from '../shared/money.js';

export interface OrderScreeningSettings {
  /** A phone with at least this many orders refused at the door goes to "needs review" (0: never). */
  reviewAfterRefusals: number;
  /** The same person ordering the same lines again within this many minutes is a likely duplicate (0: never). */
  duplicateWindowMinutes: number;
  /** A person's first order totalling at least this is to be confirmed before printing (0: never). */
  largeFirstOrderMinimum: Piastres;
  /** A person's orders beyond this many within an hour are flagged, never refused (0: never). */
  manyOrdersPerHour: number;
}

/** Until the owner sets them: refusals and duplicates are watched, large first orders are not. */
export const DEFAULT_ORDER_SCREENING_SETTINGS: OrderScreeningSettings = Object.freeze({
  reviewAfterRefusals: 2,
  duplicateWindowMinutes: 60,
  largeFirstOrderMinimum: 0,
  manyOrdersPerHour: 10,
});

/** More refusals than any real customer has; a larger number is a typing mistake. */
export const MAX_REVIEW_AFTER_REFUSALS = 1000;
/** Thirty days: a repeat later than that is a new order, not a double click. */
export const MAX_DUPLICATE_WINDOW_MINUTES = 30 * 24 * 60;
/** A person's screening stream remembers only so many recent orders: more could never be counted. */
export const MAX_MANY_ORDERS_PER_HOUR = REMEMBERED_ORDERS;

export const SCREENING_SETTINGS_MESSAGES = {
  reviewAfterRefusals: `Enter a whole number of refusals from 0 to ${MAX_REVIEW_AFTER_REFUSALS} (0: never)`,
  duplicateWindowMinutes: `Enter a whole number of minutes from 0 to ${MAX_DUPLICATE_WINDOW_MINUTES} (0: never)`,
  largeFirstOrderMinimum: `Enter an amount in piastres from 0 to ${MAX_PRICE} (0: never)`,
  manyOrdersPerHour: `Enter a whole number of orders from 0 to ${MAX_MANY_ORDERS_PER_HOUR} (0: never)`,
} as const;

export type OrderScreeningSettingsInput = { [K in keyof OrderScreeningSettings]?: unknown };

const LIMITS: Record<keyof OrderScreeningSettings, number> = {
  reviewAfterRefusals: MAX_REVIEW_AFTER_REFUSALS,
  duplicateWindowMinutes: MAX_DUPLICATE_WINDOW_MINUTES,
  largeFirstOrderMinimum: MAX_PRICE,
  manyOrdersPerHour: MAX_MANY_ORDERS_PER_HOUR,
};

const isWholeUpTo = (value: unknown, max: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

/**
 * The settings after a change: fields not sent keep their value; every bad field is named at
 * once (400 SCREENING_SETTINGS_INVALID with fieldErrors).
 */
export function validateScreeningSettings(input: OrderScreeningSettingsInput, current: OrderScreeningSettings): OrderScreeningSettings {
  const next = { ...current };
  const fieldErrors: Record<string, string> = {};
  for (const key of Object.keys(LIMITS) as (keyof OrderScreeningSettings)[]) {
    const value = input[key];
    if (value === undefined) continue;
    if (isWholeUpTo(value, LIMITS[key])) next[key] = value;
    else fieldErrors[key] = SCREENING_SETTINGS_MESSAGES[key];
  }
  const bad = Object.keys(fieldErrors);
  if (bad.length > 0) throw DomainError.validation('SCREENING_SETTINGS_INVALID', `${bad.join(', ')}: ${Object.values(fieldErrors).join('; ')}`, fieldErrors);
  return next;
}

/** The settings an event recorded, with the defaults for any field it lacks. */
export function screeningSettingsOf(data: Partial<OrderScreeningSettings> | undefined): OrderScreeningSettings {
  return { ...DEFAULT_ORDER_SCREENING_SETTINGS, ...(data ?? {}) };
}

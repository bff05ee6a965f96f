/**
 * Calendar dates of the shop (Africa/Cairo), as 'YYYY-MM-DD'. Promotions start and end on shop
 * days: a code that "ends on 30 November" works until midnight in Cairo, wherever the server runs.
 */
import { SHOP_TIME_ZONE } from '../shop-config.js';

const SHOP_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The shop's calendar day of an instant (ISO time). */
export function shopDate(instant: string | Date): string {
  return SHOP_DAY.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/**
 * The last `count` shop days up to the one `now` falls on, oldest first. Counted on the shop's
 * calendar, not the reader's: a browser west of Cairo late in its evening is already on Cairo's
 * next day, and a chart built on the browser's days would drop today's.
 */
export function lastShopDays(now: Date, count: number): string[] {
  const [year, month, day] = shopDate(now).split('-').map(Number);
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(year, month - 1, day - (count - 1 - i))).toISOString().slice(0, 10));
}

/** A real calendar date written 'YYYY-MM-DD' between the years 2000 and 2999 (no 31 February). */
export function isShopDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 2000 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** '2026-12-01' → '1 December', as the shop's English messages name a day. */
export function dayAndMonth(date: string): string {
  const m = DATE_PATTERN.exec(date);
  return m ? `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]}` : date;
}

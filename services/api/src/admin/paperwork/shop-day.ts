import { BadRequestException } from '@nestjs/common';
import { SHOP_TIME_ZONE } from '#domain/shop-config.js';
import { isFilterDate } from '../shared/date-bounds.js';

const CAIRO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in the shop's time zone, YYYY-MM-DD. */
export function shopToday(now: Date = new Date()): string {
  return CAIRO_DAY.format(now);
}

/** A shop day (YYYY-MM-DD); absent or empty: today; anything else a 400 naming `name`. */
export function parseShopDay(value: unknown, name: string, now: Date = new Date()): string {
  if (value === undefined || value === null || value === '') return shopToday(now);
  const text = typeof value === 'string' ? value.trim() : '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : undefined;
  if (!day || !isFilterDate(day) || day.toISOString().slice(0, 10) !== text) throw new BadRequestException(`${name} must be a day (YYYY-MM-DD)`);
  return text;
}

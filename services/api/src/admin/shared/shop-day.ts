import { BadRequestException } from '@nestjs/common';
import { SHOP_TIME_ZONE } from '#domain/shop-config.js';
import { isFilterDate } from './date-bounds.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Today's calendar day in Cairo (YYYY-MM-DD): the admin's periods are Cairo days, not UTC's. */
export function shopToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/**
 * The day `days` before (negative: after) a YYYY-MM-DD day, kept within the days a filter may name
 * (a default period ending on 0001-01-05 starts on 0001-01-01, not in a year PostgreSQL lacks).
 */
export function daysBefore(day: string, days: number): string {
  const d = new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000);
  if (isFilterDate(d)) return d.toISOString().slice(0, 10);
  return days > 0 ? '0001-01-01' : '9999-12-31';
}

/**
 * A period bound of the query, or undefined when absent. A day that does not exist (2026-02-30,
 * which Date.parse rolls over to March) or that PostgreSQL cannot hold is the client's 400.
 */
export function parseDay(value: unknown, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const v = typeof value === 'string' ? value.trim() : '';
  const d = new Date(`${v}T00:00:00Z`);
  if (!DATE_ONLY.test(v) || !isFilterDate(d) || d.toISOString().slice(0, 10) !== v) throw new BadRequestException(`${name} must be a date (YYYY-MM-DD)`);
  return v;
}

/**
 * Dates a filter may name: years 1 to 9999. JavaScript's Date reaches ±275,760 years and accepts
 * year 0, PostgreSQL's timestamps stop at 4713 BC and its dates have no year 0; a bound outside
 * this range is a client's mistake (400), not a query the database refuses (500).
 */
import { BadRequestException } from '@nestjs/common';

// Date.UTC maps years 0-99 to 1900-1999, so the bounds are parsed from text.
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

export function isFilterDate(d: Date): boolean {
  const t = d.getTime();
  return !Number.isNaN(t) && t >= EARLIEST && t <= LATEST;
}

/** A list filter's time bound: a shop day (YYYY-MM-DD) or an exact instant. */
export type DateBound = { date: string } | { instant: Date };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** `value` as a bound; absent or empty: none; anything else malformed is a 400 naming `name`. */
export function parseDateBound(value: unknown, name: string): DateBound | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new BadRequestException(`${name} must be a date (YYYY-MM-DD)`);
  const v = value.trim();
  if (DATE_ONLY.test(v)) {
    const d = new Date(`${v}T00:00:00Z`);
    if (!isFilterDate(d) || d.toISOString().slice(0, 10) !== v) throw new BadRequestException(`${name} must be a valid date (YYYY-MM-DD)`);
    return { date: v };
  }
  const instant = new Date(v);
  if (v.length > 40 || !isFilterDate(instant)) throw new BadRequestException(`${name} must be a date (YYYY-MM-DD)`);
  return { instant };
}

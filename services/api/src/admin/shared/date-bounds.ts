/**
 * Dates a filter may name: years 1 to 9999. JavaScript's Date reaches ±275,760 years and accepts
 * year 0, PostgreSQL's timestamps stop at 4713 BC and its dates have no year 0; a bound outside
 * this range is a client's mistake (400), not a query the database refuses (500).
 */
// Date.UTC maps years 0-99 to 1900-1999, so the bounds are parsed from text.
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

export function isFilterDate(d: Date): boolean {
  const t = d.getTime();
  return !Number.isNaN(t) && t >= EARLIEST && t <= LATEST;
}

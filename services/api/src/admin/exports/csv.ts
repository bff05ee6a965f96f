/**
 * CSV as spreadsheets read it (RFC 4180: comma, CRLF, quotes doubled), plus the formula-injection
 * guard: a cell a customer typed that starts with = + - @ (or a tab/CR) would run as a formula in
 * Excel or Sheets, so it gets a leading apostrophe. Numbers we produce are written as numbers.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A UTF-8 byte order mark first, so Excel shows Arabic names instead of mojibake. */
export const CSV_BOM = '\uFEFF';

/** yyyy-MM-dd of a date in UTC, for file names like orders_2026-11-22.csv. */
export function fileDate(date: Date = new Date()): string {
  return date.toISOString().slice(0, 10);
}

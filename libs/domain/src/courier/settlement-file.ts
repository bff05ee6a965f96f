/**
 * A courier's status/settlement file, parsed (pure: text in, lines or a 400 naming the field out).
 * CSV with a header row naming the columns: tracking number, status, collected amount, fee and
 * date, in any order, under the shop's names or a courier's own (HEADER_NAMES; docs/couriers.md
 * maps Bosta's export). Anything hostile refuses the whole file before a line is applied: a
 * missing column, a line or cell too long, too many lines, a cell a spreadsheet would run as a
 * formula (a leading =, +, -, @, tab or carriage return), an amount or date that is not one.
 */
import { DomainError } from '../shared/domain-error.js';
import type { Piastres } from '../shared/money.js';

export const MAX_SETTLEMENT_FILE_BYTES = 1_000_000;
/**
 * An import records every line's decision in one event (settlement-import.ts): 2,000 lines, each
 * at its longest, stay under 1 MB, EventStoreDB's largest append.
 */
export const MAX_SETTLEMENT_LINES = 2_000;
export const MAX_SETTLEMENT_LINE_LENGTH = 1_000;
const MAX_CELL_LENGTH = 100;
/** 1,000,000 EGP: more than any parcel's cash; a larger figure is a typo or an attack. */
const MAX_AMOUNT: Piastres = 100_000_000;

export const SETTLEMENT_STATUSES = ['delivered', 'refused', 'settled'] as const;
/** delivered: paid at the door, the courier holds the cash; refused: refused at the door; settled: the courier paid the shop for it. */
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export interface SettlementLine {
  /** The file's line number (the header is line 1). */
  line: number;
  trackingNumber: string;
  status: SettlementStatus;
  collected: Piastres;
  fee: Piastres;
  /** YYYY-MM-DD. */
  date: string;
}

type Column = 'trackingNumber' | 'status' | 'collected' | 'fee' | 'date';

/** Header names each column is known by (compared lower-cased, spaces and underscores alike). */
export const HEADER_NAMES: Readonly<Record<Column, readonly string[]>> = {
  trackingNumber: ['tracking number', 'tracking', 'awb'],
  status: ['status', 'state'],
  collected: ['collected', 'collected amount', 'cod', 'cod amount'],
  fee: ['fee', 'fees', 'courier fee', 'bosta fees', 'shipping fees'],
  date: ['date', 'updated at', 'delivered at'],
};

/** Status words each status is known by (lower-cased), the shop's and Bosta's. */
const STATUS_WORDS: Readonly<Record<SettlementStatus, readonly string[]>> = {
  delivered: ['delivered'],
  refused: ['refused', 'rejected', 'returned to business', 'returned to origin'],
  settled: ['settled', 'paid', 'cash collected and transferred'],
};

const FORMULA_START = /^[=+\-@\t\r]/;

function refuse(field: string, why: string): DomainError {
  return DomainError.validation('INVALID_SETTLEMENT_FILE', `${field} ${why}`, { [field]: why });
}

/** Splits CSV text into rows of cells (RFC 4180 quoting), refusing a line longer than the bound. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let lineLength = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (++lineLength > MAX_SETTLEMENT_LINE_LENGTH) throw refuse('file', `line ${rows.length + 1} is longer than ${MAX_SETTLEMENT_LINE_LENGTH} characters`);
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; }
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',' || ch === ';') { row.push(cell); cell = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      if (rows.length > MAX_SETTLEMENT_LINES + 1) throw refuse('file', `has more than ${MAX_SETTLEMENT_LINES} lines`);
      row = [];
      cell = '';
      lineLength = 0;
    } else cell += ch;
  }
  if (quoted) throw refuse('file', `line ${rows.length + 1} has an unclosed quote`);
  if (cell !== '' || row.length > 0) { row.push(cell); rows.push(row); }
  if (rows.length > MAX_SETTLEMENT_LINES + 1) throw refuse('file', `has more than ${MAX_SETTLEMENT_LINES} lines`);
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

const headerKey = (h: string) => h.trim().toLowerCase().replace(/[_\s]+/g, ' ');

function amount(text: string, field: string): Piastres {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return 0;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) throw refuse(field, 'must be an amount in EGP, such as 450 or 450.50');
  const [whole, fraction = ''] = t.split('.');
  const piastres = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (piastres > MAX_AMOUNT) throw refuse(field, 'is larger than any parcel’s');
  return piastres;
}

function day(text: string, field: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text.trim());
  const iso = m ? `${m[1]}-${m[2]}-${m[3]}` : '';
  if (!m || Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) || new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) !== iso) {
    throw refuse(field, 'must be a date such as 2026-11-20');
  }
  return iso;
}

function statusOf(text: string, field: string): SettlementStatus {
  const word = text.trim().toLowerCase().replace(/[_\s]+/g, ' ');
  const found = (Object.keys(STATUS_WORDS) as SettlementStatus[]).find((s) => STATUS_WORDS[s].includes(word));
  if (!found) throw refuse(field, `must be one of ${SETTLEMENT_STATUSES.join(', ')}`);
  return found;
}

/** The file's lines, or a DomainError (400) naming the field: `file`, or `line N collected`, ... */
export function parseSettlementFile(text: string): SettlementLine[] {
  if (text.length > MAX_SETTLEMENT_FILE_BYTES) throw refuse('file', `must be at most ${MAX_SETTLEMENT_FILE_BYTES} bytes`);
  const rows = csvRows(text.replace(/^\uFEFF/, ''));
  const [header, ...body] = rows;
  if (!header) throw refuse('file', 'is empty: it needs a header row and one line per parcel');
  const keys = header.map(headerKey);
  const index = {} as Record<Column, number>;
  for (const column of Object.keys(HEADER_NAMES) as Column[]) {
    const at = keys.findIndex((k) => HEADER_NAMES[column].includes(k));
    if (at === -1) throw refuse('file', `has no ${column} column (a header named ${HEADER_NAMES[column].map((n) => `"${n}"`).join(' or ')})`);
    index[column] = at;
  }
  if (body.length === 0) throw refuse('file', 'has a header but no lines');
  return body.map((cells, i) => {
    const line = i + 2;
    cells.forEach((c, col) => {
      if (FORMULA_START.test(c)) throw refuse(`line ${line} ${header[col]?.trim().slice(0, 40) || `column ${col + 1}`}`, 'starts with =, +, -, @ or a control character (a spreadsheet formula)');
      if (c.length > MAX_CELL_LENGTH) throw refuse(`line ${line} ${header[col]?.trim().slice(0, 40) || `column ${col + 1}`}`, `is longer than ${MAX_CELL_LENGTH} characters`);
    });
    const cell = (column: Column) => cells[index[column]] ?? '';
    const trackingNumber = cell('trackingNumber').trim();
    if (trackingNumber === '') throw refuse(`line ${line} trackingNumber`, 'is required');
    return {
      line,
      trackingNumber,
      status: statusOf(cell('status'), `line ${line} status`),
      collected: amount(cell('collected'), `line ${line} collected`),
      fee: amount(cell('fee'), `line ${line} fee`),
      date: day(cell('date'), `line ${line} date`),
    };
  });
}

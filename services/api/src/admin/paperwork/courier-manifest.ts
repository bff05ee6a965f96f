/**
 * The courier's daily manifest: one line per order shipped that shop day, what the courier needs
 * to deliver it and collect the cash. CSV (formula-safe cells, exports/csv.ts) and an A4 PDF.
 */
import { isolated } from '#domain/shared/bidi-text.js';
import { CSV_BOM, csvRow, type CsvCell } from '../exports/csv.js';
import { governorateLabel } from '../orders/orders-csv.js';
import { renderPages } from './packing-slip-pdf.js';
import { customerCount, ORDER_COUNT, SHOP_NAMES, type CustomerVoice } from '#domain/shared/customer-words.js';
import { amountToCollect, egp, onPaper, streetAddress, type PaperworkOrder } from './paperwork-order.js';

/** The manifest is the courier's: English, counted as English counts ("1 order"). */
const ENGLISH: CustomerVoice = { language: 'en', digits: 'latin' };
import { drawLine, type TextStyle } from './pdf-text.js';

export const MANIFEST_COLUMNS = ['Order Number', 'Customer Name', 'Phone', 'Governorate', 'City', 'Address', 'COD Amount', 'Items', 'Notes', 'Courier', 'Tracking Number'] as const;

/** `part`: how each part of the street is written (paper isolates them, see streetAddress). */
export function manifestCells(o: PaperworkOrder, part?: (text: string) => string): CsvCell[] {
  return [o.orderNumber, o.customerName, o.phone, governorateLabel(o.governorate), o.city, streetAddress(o, part), amountToCollect(o).toFixed(2), o.itemCount, o.notes, o.courier ?? null, o.trackingNumber ?? null];
}

export function manifestCsv(day: string, orders: readonly PaperworkOrder[]): string {
  const cash = orders.reduce((sum, o) => sum + Math.round(amountToCollect(o) * 100), 0);
  const items = orders.reduce((sum, o) => sum + o.itemCount, 0);
  return CSV_BOM + csvRow(MANIFEST_COLUMNS) + orders.map((o) => csvRow(manifestCells(o))).join('')
    + csvRow(['Total', `${customerCount(orders.length, ORDER_COUNT, ENGLISH)} shipped ${day}`, null, null, null, null, (cash / 100).toFixed(2), items, null, null, null]);
}

const PAGE: [number, number] = [841.89, 595.28]; // A4 landscape
const MARGIN = 28;
const ROWS_PER_PAGE = 22;
// Column widths in points, in MANIFEST_COLUMNS order: 785 pt of a landscape A4 inside its margins.
const WIDTHS = [78, 92, 70, 58, 62, 150, 62, 30, 75, 50, 58];
const S = (size: number, bold = false): TextStyle => ({ size, bold });

/** Rows of the PDF manifest: 22 orders a page, the totals under the last. */
export function manifestPdf(day: string, orders: readonly PaperworkOrder[]): Promise<Buffer> {
  const pages: Array<readonly PaperworkOrder[]> = [];
  for (let i = 0; i < orders.length; i += ROWS_PER_PAGE) pages.push(orders.slice(i, i + ROWS_PER_PAGE));
  if (pages.length === 0) pages.push([]);
  const cash = orders.reduce((sum, o) => sum + Math.round(amountToCollect(o) * 100), 0) / 100;
  return renderPages(pages.map((rows, index) => ({ rows, index })), PAGE, `Courier manifest ${day}`, (doc, { rows, index }) => {
    const width = PAGE[0] - 2 * MARGIN;
    drawLine(doc, `${SHOP_NAMES.en} - courier manifest ${day} (Cairo)`, MARGIN, MARGIN, width, S(14, true), 'left');
    drawLine(doc, `Page ${index + 1} of ${pages.length}   ·   ${customerCount(orders.length, ORDER_COUNT, ENGLISH)}   ·   cash to collect ${egp(cash)}`, MARGIN, MARGIN, width, S(9), 'right');
    let y = MARGIN + 30;
    const cells = (values: readonly string[], style: TextStyle) => {
      let x = MARGIN;
      values.forEach((v, i) => {
        drawLine(doc, v, x, y, WIDTHS[i] - 4, style, i === 6 || i === 7 ? 'right' : 'start');
        x += WIDTHS[i];
      });
    };
    cells(MANIFEST_COLUMNS.map((c) => (c === 'Tracking Number' ? 'Tracking' : c === 'Customer Name' ? 'Customer' : c)), S(8, true));
    y += 16;
    doc.save().moveTo(MARGIN, y - 3).lineTo(MARGIN + width, y - 3).stroke().restore();
    for (const o of rows) {
      cells(manifestCells(onPaper(o), isolated).map((c) => (c === null || c === undefined ? '' : String(c))), S(8));
      y += 21;
      doc.save().lineWidth(0.3).strokeColor('#999999').moveTo(MARGIN, y - 5).lineTo(MARGIN + width, y - 5).stroke().restore();
    }
    if (orders.length === 0) drawLine(doc, `No orders were marked shipped on ${day}.`, MARGIN, y, width, S(11), 'left');
  });
}

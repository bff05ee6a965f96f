import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Permission } from '#domain/admin/staff-permissions.js';
import { cairoDateTime, ORDER_CSV_COLUMNS, ORDER_MONEY_COLUMNS, orderCells, OrderExportTotals, orderLineForReader, type OrderCsvSource } from './orders-csv.js';

const MONEY_FORMAT = '#,##0.00';
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const WIDTHS: Partial<Record<(typeof ORDER_CSV_COLUMNS)[number], number>> = {
  'Order Number': 16, 'Date (Cairo)': 20, 'Customer Name': 24, Phone: 14, Email: 26, Address: 36, Governorate: 14, Items: 40, Notes: 40,
};

/**
 * A spreadsheet has no time zone: the cell holds Cairo's wall-clock time (a Date whose UTC fields
 * are Cairo's), so Excel shows the time the shop saw.
 */
function cairoWallClock(iso: string): Date {
  return new Date(`${cairoDateTime(iso).replace(' ', 'T')}Z`);
}

/**
 * The orders export as XLSX, streamed row by row with exceljs's streaming writer (each row is
 * committed and leaves memory, so 100k orders cost no more than a batch): the phone and every
 * text a customer typed as text cells (never a formula, never a number losing its leading 0),
 * the date as a date in shop time, money as numbers with two decimals, a frozen header, a totals
 * row and the revenue figures by name. The customer's personal fields read "withheld" for a
 * reader without customers.read.
 */
export async function writeOrdersXlsx(out: Writable, batches: AsyncIterable<OrderCsvSource[]>, permissions: ReadonlySet<Permission>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Orders', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = ORDER_CSV_COLUMNS.map((header) => ({
    header,
    key: header,
    width: WIDTHS[header] ?? 12,
    style: ORDER_MONEY_COLUMNS.includes(header as never) ? { numFmt: MONEY_FORMAT } : header === 'Date (Cairo)' ? { numFmt: DATE_FORMAT } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const totals = new OrderExportTotals();
  const date = ORDER_CSV_COLUMNS.indexOf('Date (Cairo)');
  for await (const batch of batches) {
    for (const order of batch) {
      const cells = orderCells(orderLineForReader(order, permissions));
      // Text cells stay text: exceljs writes a string as a string, so '=cmd' or '0101…' is shown as typed.
      cells[date] = null;
      const row = sheet.addRow(cells);
      row.getCell(date + 1).value = cairoWallClock(order.createdAt);
      row.commit();
      totals.add(order);
    }
  }
  const total = sheet.addRow(totals.totalsCells());
  total.font = { bold: true };
  total.commit();
  for (const [name, egp] of totals.summary()) {
    const line = sheet.addRow([name]);
    // Under Total, with the money format of the column.
    line.getCell(ORDER_CSV_COLUMNS.indexOf('Total') + 1).value = egp;
    line.commit();
  }
  sheet.commit();
  await workbook.commit();
}

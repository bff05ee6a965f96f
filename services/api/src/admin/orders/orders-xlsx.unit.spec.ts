import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { OrderCsvSource } from './orders-csv.js';
import { ORDER_CSV_COLUMNS } from './orders-csv.js';
import { writeOrdersXlsx } from './orders-xlsx.js';
import { ROLE_PERMISSIONS } from '#domain/admin/staff-permissions.js';

const order: OrderCsvSource = {
  orderNumber: 'PS-AAAA-BBBB', createdAt: '2025-07-15T21:05:09.000Z', customerName: 'Mona Hassan', phone: '01012345678', email: 'mona@example.com',
  addressLine: '1 Nile St', building: '2', apartment: '3', city: 'Maadi', governorate: 'ALEXANDRIA', status: 'DELIVERED', paymentMethod: 'COD',
  promoCode: 'WELCOME10', notes: '=HYPERLINK("http://evil","call")',
  subtotal: 440, discountFromPromoCode: 22, discountFromPromotions: 44, shippingCost: 80, codFee: 10, total: 464, returned: 0, refunded: 0, courierFee: 0,
  items: [{ name: 'Nile', size: 'SIZE_30x40', quantity: 2 }],
};

async function xlsxOf(orders: OrderCsvSource[]): Promise<ExcelJS.Worksheet> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeOrdersXlsx(out, (async function* () { yield orders; })(), ROLE_PERMISSIONS.owner);
  const workbook = new ExcelJS.Workbook();
  // exceljs's own reader: a real parser of the file a manager opens.
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook.getWorksheet('Orders')!;
}

describe('orders XLSX export', () => {
  it('opens with the phone as text (leading 0 intact), the date as a Cairo date, money as two-decimal numbers, a frozen header', async () => {
    const sheet = await xlsxOf([order]);
    const col = (name: (typeof ORDER_CSV_COLUMNS)[number]) => ORDER_CSV_COLUMNS.indexOf(name) + 1;
    expect(sheet.getRow(1).getCell(col('Phone')).value).toBe('Phone');
    const row = sheet.getRow(2);
    expect(row.getCell(col('Phone')).value).toBe('01012345678');
    expect(row.getCell(col('Phone')).type).toBe(ExcelJS.ValueType.String);
    const date = row.getCell(col('Date (Cairo)'));
    expect(date.value).toBeInstanceOf(Date);
    // 21:05 UTC in July is 00:05 the next day in Cairo (UTC+3).
    expect((date.value as Date).toISOString()).toBe('2025-07-16T00:05:09.000Z');
    expect(row.getCell(col('Total')).value).toBe(464);
    expect(row.getCell(col('Total')).numFmt).toBe('#,##0.00');
    expect(row.getCell(col('Governorate')).value).toBe('Alexandria');
    expect(row.getCell(col('Email')).value).toBe('mona@example.com');
    expect(row.getCell(col('Promo Code')).value).toBe('WELCOME10');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('keeps a typed formula as text (never a formula cell), and ends with totals and the money figures, net of returns', async () => {
    const sheet = await xlsxOf([{ ...order, returned: 100, refunded: 120 }, { ...order, orderNumber: 'PS-CCCC-DDDD', status: 'SHIPPED' }]);
    const notes = sheet.getRow(2).getCell(ORDER_CSV_COLUMNS.indexOf('Notes') + 1);
    expect(notes.type).toBe(ExcelJS.ValueType.String);
    expect(notes.value).toBe('=HYPERLINK("http://evil","call")');
    const total = ORDER_CSV_COLUMNS.indexOf('Total') + 1;
    expect(sheet.getRow(4).getCell(1).value).toBe('Total');
    expect(sheet.getRow(4).getCell(total).value).toBe(928);
    expect([5, 6, 7, 8, 9, 10, 11].map((r) => [sheet.getRow(r).getCell(1).value, sheet.getRow(r).getCell(total).value])).toEqual([
      ['Gross sales', 880], ['Discounts', 132], ['Returns', 100], ['Net sales', 648], ['Delivery fees', 180], ['COD cash collected', 464], ['Cash refunded', 120],
    ]);
  });
});

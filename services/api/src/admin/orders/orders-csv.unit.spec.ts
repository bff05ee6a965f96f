import { describe, expect, it } from '@jest/globals';
import { VALID_CHECKOUT } from '../../testing/seed-catalogue.js';
import { cairoDateTime, ORDER_CSV_COLUMNS, orderCsvRow, OrderExportTotals, type OrderCsvSource } from './orders-csv.js';

const order: OrderCsvSource = {
  orderNumber: 'PS-AAAA-BBBB',
  createdAt: '2025-01-15T22:30:00.000Z',
  customerName: 'Mona Hassan',
  phone: VALID_CHECKOUT.phone,
  addressLine: VALID_CHECKOUT.addressLine,
  building: VALID_CHECKOUT.building,
  apartment: VALID_CHECKOUT.apartment,
  city: VALID_CHECKOUT.city,
  governorate: VALID_CHECKOUT.governorate,
  status: 'PLACED',
  paymentMethod: VALID_CHECKOUT.paymentMethod,
  email: 'mona@example.com',
  notes: '=HYPERLINK("http://evil","call")',
  promoCode: 'WELCOME10',
  subtotal: 1000,
  discountFromPromoCode: 90,
  discountFromPromotions: 100,
  shippingCost: 60,
  codFee: 20,
  total: 890,
  items: [{ name: 'Nile', size: 'SIZE_30x40', quantity: 2 }],
};

describe('orders CSV line', () => {
  it('gives Cairo time, winter (UTC+2) and summer (UTC+3) alike, across midnight', () => {
    expect(cairoDateTime('2025-01-15T22:30:00.000Z')).toBe('2025-01-16 00:30:00');
    expect(cairoDateTime('2025-07-15T21:05:09.000Z')).toBe('2025-07-16 00:05:09');
  });

  it('has every amount of the total, so Subtotal − discounts + Shipping + COD fee = Total', () => {
    // Quoted cells (the address has commas) hold commas of their own.
    const cells = [...orderCsvRow(order).trim().matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]).slice(0, ORDER_CSV_COLUMNS.length);
    expect(cells).toHaveLength(ORDER_CSV_COLUMNS.length);
    const at = (column: (typeof ORDER_CSV_COLUMNS)[number]) => Number(cells[ORDER_CSV_COLUMNS.indexOf(column)]);
    expect(cells[ORDER_CSV_COLUMNS.indexOf('Date (Cairo)')]).toBe('2025-01-16 00:30:00');
    expect(at('Subtotal') - at('Promo Code Discount') - at('Promotions Discount') + at('Shipping') + at('COD Fee')).toBe(at('Total'));
    expect(at('Total')).toBe(890);
  });
});

describe('orders export: new columns, guard, totals and the revenue summary', () => {
  it('has e-mail, governorate by name, promo code and notes; a typed formula is defused', () => {
    const line = orderCsvRow(order);
    expect(line).toContain(',mona@example.com,');
    expect(line).toContain(',Cairo,PLACED,COD,WELCOME10,');
    // The formula-injection guard: a leading apostrophe, so a spreadsheet shows the text.
    expect(line).toContain(`"'=HYPERLINK(""http://evil"",""call"")"`);
  });

  it('ends with a totals row and sales, collected and pending by name', () => {
    const totals = new OrderExportTotals();
    totals.add({ ...order, status: 'DELIVERED' });
    totals.add({ ...order, status: 'SHIPPED', total: 500 });
    totals.add({ ...order, status: 'CANCELED' });
    const lines = totals.csv().trim().split('\r\n');
    expect(lines[0]).toBe('Total,,3 orders,,,,,,,,3000.00,270.00,300.00,180.00,60.00,2280.00,,');
    expect(lines.slice(1)).toEqual([
      '"Sales (goods after discounts, shipped or delivered)",1620.00',
      '"Collected (delivered, incl. shipping and fees)",890.00',
      'Pending (out for delivery),500.00',
    ]);
  });
});

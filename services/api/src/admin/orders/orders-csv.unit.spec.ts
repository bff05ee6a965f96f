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
  returned: 0,
  refunded: 0,
  courierFee: 0,
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

describe('orders export: new columns, guard, totals and the money figures', () => {
  it('has e-mail, governorate by name, promo code and notes; a typed formula is defused', () => {
    const line = orderCsvRow(order);
    expect(line).toContain(',mona@example.com,');
    expect(line).toContain(',Cairo,PLACED,COD,WELCOME10,');
    // The formula-injection guard: a leading apostrophe, so a spreadsheet shows the text.
    expect(line).toContain(`"'=HYPERLINK(""http://evil"",""call"")"`);
  });

  it('ends with a totals row and every money figure by name, net of returns; refused and canceled orders are no sales', () => {
    const totals = new OrderExportTotals();
    totals.add({ ...order, status: 'DELIVERED', returned: 300, refunded: 320, courierFee: 35 });
    totals.add({ ...order, status: 'SHIPPED' });
    totals.add({ ...order, status: 'CANCELED' });
    totals.add({ ...order, status: 'REFUSED', courierFee: 35 });
    const lines = totals.csv().trim().split('\r\n');
    expect(lines[0]).toBe('Total,,4 orders,,,,,,,,4000.00,360.00,400.00,240.00,80.00,3560.00,,');
    expect(lines.slice(1)).toEqual([
      'Gross sales,2000.00', 'Discounts,380.00', 'Returns,300.00', 'Net sales,1320.00', 'Delivery fees,160.00', 'COD cash collected,890.00',
      'Cash refunded,320.00', 'Paid online,0.00', 'Deposits,0.00', 'Left to collect,890.00', 'Refused amount,890.00', 'Courier fees,70.00',
    ]);
  });
});

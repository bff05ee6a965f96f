import { describe, expect, it } from '@jest/globals';
import { VALID_CHECKOUT } from '../../testing/seed-catalogue.js';
import { cairoDateTime, ORDER_CSV_COLUMNS, orderCsvRow, type OrderCsvSource } from './orders-csv.js';

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

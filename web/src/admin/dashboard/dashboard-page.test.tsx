import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MONEY_FIGURE_NAMES } from '../../../../libs/domain/src/money/figures';
import { renderAdmin } from '../testing/render-admin';
import { DashboardPage } from './dashboard-page';

// One delivered order of 460 of goods (545 with delivery) with 240 of them back and refunded, one out for delivery, one refused.
const money = {
  grossSales: 760, discounts: 40, returns: 240, netSales: 480, deliveryFees: 170, codCashCollected: 545, cashRefunded: 240,
  paidOnline: 0, deposit: 0, leftToCollect: 385, refusedAmount: 300, courierFees: 60,
};
const month = (m: string) => ({ month: m, orders: 3, netSales: 480, newCustomers: 2 });
const dashboard = {
  activeOrders: 1, money, parcelsOut: 1, refused: 1, returned: 1, totalOrders: 4, totalCustomers: 3, totalProducts: 12, totalAddons: 2,
  thisMonth: month('2026-11'), lastMonth: month('2026-10'), growth: { orders: 0, netSales: 0, customers: 0 },
  netSalesPerDay: [{ date: '2026-11-28', netSales: 480 }], ordersPerDay: [{ date: '2026-11-28', orders: 4 }],
  ordersByGovernorate: [{ governorate: 'CAIRO', orders: 3, money }], recentOrders: [],
};
const server = setupServer(
  http.get('*/api/admin/dashboard', () => HttpResponse.json(dashboard)),
  http.get('*/api/admin/dashboard/couriers', () => HttpResponse.json([])),
  http.get('*/api/admin/dashboard/delivery-by-governorate', () => HttpResponse.json([])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('dashboard money', () => {
  it('names each money figure once by its one name: net sales heads the page, no two cards share a caption and a value', async () => {
    renderAdmin(<DashboardPage />);
    await screen.findByRole('heading', { name: 'Dashboard' });
    const cards = [...document.querySelectorAll('div > p.text-sm.text-gray-500 + p.text-2xl')].map((value) => `${value.previousElementSibling!.textContent}=${value.textContent}`);
    expect(new Set(cards).size).toBe(cards.length);
    expect(cards).toContain('Net sales=LE 480.00');
    expect(cards.filter((c) => c.startsWith('Net sales='))).toHaveLength(1);
    for (const old of ['Total Revenue', 'Sales', 'Collected', 'Pending', 'Refunded']) expect(cards.some((c) => c.startsWith(`${old}=`))).toBe(false);
    const figures = within(screen.getByLabelText('Money'));
    expect(figures.getByText(MONEY_FIGURE_NAMES.returns.en).nextSibling?.textContent).toBe('LE 240.00');
    expect(figures.getByText(MONEY_FIGURE_NAMES.codCashCollected.en).nextSibling?.textContent).toBe('LE 545.00');
    expect(figures.getByText(MONEY_FIGURE_NAMES.leftToCollect.en).nextSibling?.textContent).toBe('LE 385.00');
    const table = screen.getByRole('table', { name: 'Money by governorate' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Governorate', 'Net sales', 'COD cash collected', 'Left to collect']);
  });
});

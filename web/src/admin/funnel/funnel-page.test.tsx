import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { FunnelView } from '../../api/generated-admin';
import { renderAdmin } from '../testing/render-admin';
import { FunnelPage } from './funnel-page';
import { formatRate, funnelSteps, overallConversion } from './funnel-rates';

const funnel: FunnelView = {
  from: '2026-11-01',
  to: '2026-11-26',
  totals: { cartsCreated: 40, linesAdded: 30, checkoutAttempted: 12, ordersPlaced: 9 },
  governorates: [
    { governorate: 'ALEXANDRIA', cartsCreated: 8, linesAdded: 6, checkoutAttempted: 3, ordersPlaced: 2 },
    { governorate: 'KAFR_EL_SHEIKH', cartsCreated: 0, linesAdded: 0, checkoutAttempted: 1, ordersPlaced: 0 },
    { governorate: 'UNKNOWN', cartsCreated: 32, linesAdded: 24, checkoutAttempted: 0, ordersPlaced: 0 },
  ],
  days: [{ day: '2026-11-26', cartsCreated: 40, linesAdded: 30, checkoutAttempted: 12, ordersPlaced: 9 }],
  rejections: [],
  abandoned: [],
  abandonedCount: 0,
  abandonedValue: 0,
};

const server = setupServer(http.get('*/api/admin/funnel', () => HttpResponse.json(funnel)));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('funnel conversion rates', () => {
  it('gives each step its share of the step before, and the whole funnel its orders per cart', () => {
    expect(funnelSteps(funnel.totals).map((s) => [s.label, s.count, s.previous && formatRate(s.previous.rate)])).toEqual([
      ['Carts created', 40, null],
      ['Lines added', 30, '75.0%'],
      ['Checkout attempted', 12, '40.0%'],
      ['Order placed', 9, '75.0%'],
    ]);
    expect(formatRate(overallConversion(funnel.totals))).toBe('22.5%');
  });

  it('has no rate, not NaN or Infinity, when the step before is empty', () => {
    const empty = { cartsCreated: 0, linesAdded: 0, checkoutAttempted: 0, ordersPlaced: 0 };
    expect(funnelSteps(empty).map((s) => s.previous?.rate ?? null)).toEqual([null, null, null, null]);
    expect(formatRate(overallConversion(empty))).toBe('—');
  });
});

describe('funnel page', () => {
  it('shows each step with its conversion from the step before, and the overall conversion', async () => {
    renderAdmin(<FunnelPage />);
    const chart = await screen.findByRole('region', { name: 'Cart funnel' });
    expect(within(chart).getAllByTestId('funnel-step').map((li) => li.textContent)).toEqual([
      'Carts created: 40',
      'Lines added: 3075.0% of carts created',
      'Checkout attempted: 1240.0% of lines added',
      'Order placed: 975.0% of checkout attempted',
    ]);
    expect(screen.getByTestId('funnel-overall')).toHaveTextContent('Overall conversion: 22.5% of carts created placed an order');
  });

  it('names governorates, and gives each row its conversion', async () => {
    renderAdmin(<FunnelPage />);
    const table = await screen.findByRole('table', { name: 'By governorate' });
    const rows = within(table).getAllByRole('row').map((row) => within(row).queryAllByRole('cell').map((c) => c.textContent));
    expect(rows.slice(1)).toEqual([
      ['Alexandria', '8', '6', '3', '2', '25.0%'],
      ['Kafr El Sheikh', '0', '0', '1', '0', '—'],
      ['Not known (no checkout)', '32', '24', '0', '0', '0.0%'],
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Conversion' })).toBeInTheDocument();
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { PromoCodesPage } from './promo-codes-page';

const welcome = {
  id: 'WELCOME10', code: 'WELCOME10', percentOff: 10, active: true, createdAt: '2026-11-26T10:00:00.000Z',
  startsOn: '2026-11-26', endsOn: '2026-12-02', usageLimit: 5, oncePerCustomer: true, minimumSubtotal: 300, category: null, uses: 1, remainingUses: 4,
};
const posts: unknown[] = [];
let listed: unknown[] = [welcome];
const server = setupServer(
  http.get('*/api/admin/promocodes', () => HttpResponse.json({ data: listed, currentPage: 1, totalPages: 1, totalItems: listed.length, pageSize: 20, hasNext: false, hasPrevious: false })),
  http.post('*/api/admin/promocodes', async ({ request }) => {
    posts.push(await request.json());
    return HttpResponse.json(welcome, { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  posts.length = 0;
  listed = [welcome];
});
afterAll(() => server.close());

describe('promo codes page', () => {
  it('lists uses against the limit and the rules, and says when a use is given back', async () => {
    renderAdmin(<PromoCodesPage />);
    expect(await screen.findByTestId('promo-uses-WELCOME10')).toHaveTextContent('1 of 5 (4 left)');
    expect(screen.getByText('2026-11-26 – 2026-12-02 · min LE 300 · once per customer')).toBeInTheDocument();
    expect(screen.getByTestId('promo-uses-note')).toHaveTextContent('gives the use back');
  });

  it('sends the rule fields with a new code, empty ones as no rule', async () => {
    renderAdmin(<PromoCodesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Promo Code' }));
    await userEvent.type(screen.getByLabelText('Code'), 'SUMMER');
    await userEvent.type(screen.getByLabelText('Discount %'), '10');
    await userEvent.type(screen.getByLabelText('Usage limit'), '50');
    await userEvent.type(screen.getByLabelText('Minimum subtotal (LE)'), '300');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'ANIME');
    await userEvent.click(screen.getByLabelText('Once per customer'));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(posts).toEqual([{ code: 'SUMMER', percentOff: 10, startsOn: null, endsOn: null, usageLimit: 50, oncePerCustomer: true, minimumSubtotal: 300, category: 'ANIME' }]),
    );
  });

  it('opens with no discount: the untouched form creates nothing and says the percent is required', async () => {
    renderAdmin(<PromoCodesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Promo Code' }));
    const percent = screen.getByLabelText('Discount %');
    expect(percent).toHaveValue(null);
    expect(percent).toBeRequired();
    await userEvent.type(screen.getByLabelText('Code'), 'SUMMER');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Enter the discount: a whole number from 1 to 100')).toBeInTheDocument();
    expect(percent).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);
  });

  it('calls a code past its end Expired, one before its start Scheduled, one out of uses Used up, never Active', async () => {
    const code = (c: string, rules: object) => ({ ...welcome, id: c, code: c, startsOn: null, endsOn: null, usageLimit: null, uses: 0, remainingUses: null, ...rules });
    listed = [
      code('OLD', { endsOn: '2020-01-31' }),
      code('SOON', { startsOn: '2999-01-01' }),
      code('ONLY1', { usageLimit: 1, uses: 1, remainingUses: 0 }),
      code('OPEN', {}),
      code('OFF', { active: false }),
    ];
    renderAdmin(<PromoCodesPage />);
    expect(await screen.findByTestId('promo-status-OLD')).toHaveTextContent('Expired');
    expect(screen.getByTestId('promo-status-SOON')).toHaveTextContent('Scheduled');
    expect(screen.getByTestId('promo-status-ONLY1')).toHaveTextContent('Used up');
    expect(screen.getByTestId('promo-status-OPEN')).toHaveTextContent('Active');
    expect(screen.getByTestId('promo-status-OFF')).toHaveTextContent('Inactive');
  });
});

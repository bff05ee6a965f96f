import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { WhatIfPanel } from './what-if-panel';

const report = {
  from: '2026-10-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z',
  draft: {
    discountCategory: null, discountPercent: null, promoCode: 'FOLLOW10', promoPercent: 10, freeShippingThreshold: null, codFee: 15,
    discountStartsOn: null, discountEndsOn: null, promoStartsOn: null, promoEndsOn: null, promoMinimumSubtotal: null, promoCategory: null, promoUsageLimit: null, promoOncePerCustomer: null,
  },
  orders: 1200, ordersAffected: 1100, salesOrders: 1000, discountGiven: 20000.5,
  moneyBefore: { grossSales: 280500, discounts: 500, returns: 240, netSales: 279760, deliveryFees: 20000, codCashCollected: 0, cashRefunded: 0, paidOnline: 0, deposit: 0, leftToCollect: 0, refusedAmount: 0, courierFees: 0 },
  moneyAfter: { grossSales: 280500, discounts: 20500.5, returns: 222.5, netSales: 259777, deliveryFees: 20000, codCashCollected: 0, cashRefunded: 0, paidOnline: 0, deposit: 0, leftToCollect: 0, refusedAmount: 0, courierFees: 0 },
  averageOrderValueBefore: 250, averageOrderValueAfter: 233.33,
  ordersCrossingFreeShipping: 0, ordersLosingFreeShipping: 0, ordersNotReproduced: 0, ordersScanned: 5000, seconds: 0.8,
};
const posts: Record<string, unknown>[] = [];
let polls = 0;
// The poll after the first waits for the test to have seen the running state: no race with the poll interval.
let releaseCompletion: () => void = () => {};
let completionReleased = new Promise<void>((resolve) => (releaseCompletion = resolve));
const server = setupServer(
  http.post('*/api/admin/what-if', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posts.push(body);
    if (body.promoPercent === 500) return HttpResponse.json({ statusCode: 400, message: 'The promo code must take a whole percent between 1 and 100' }, { status: 400 });
    return HttpResponse.json({ jobId: 'j1', state: 'waiting', statusUrl: '/api/admin/what-if/j1' }, { status: 202 });
  }),
  // Running on the first poll, done on a later one (once the test let it).
  http.get('*/api/admin/what-if/j1', async () => {
    if (polls++ === 0) return HttpResponse.json({ id: 'j1', state: 'active', progress: 40, error: null, report: null });
    await completionReleased;
    return HttpResponse.json({ id: 'j1', state: 'completed', progress: 100, error: null, report });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  posts.length = 0;
  polls = 0;
  releaseCompletion();
  completionReleased = new Promise<void>((resolve) => (releaseCompletion = resolve));
});
afterAll(() => server.close());

describe('what-if panel', () => {
  it('sends the draft with blanks as null and whole local days, shows progress, then the figures', async () => {
    renderAdmin(<WhatIfPanel rule="promo" />);
    await userEvent.type(screen.getByLabelText('Draft promo code'), ' follow10 ');
    await userEvent.type(screen.getByLabelText('Draft promo %'), '10');
    await userEvent.type(screen.getByLabelText('COD fee (EGP)'), '15');
    await userEvent.clear(screen.getByLabelText('Orders from'));
    await userEvent.type(screen.getByLabelText('Orders from'), '2026-10-01');
    await userEvent.clear(screen.getByLabelText('Orders to'));
    await userEvent.type(screen.getByLabelText('Orders to'), '2026-10-31');
    await userEvent.click(screen.getByRole('button', { name: 'Try it on past orders' }));

    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'What-if progress' })).toHaveAttribute('aria-valuenow', '40'), { timeout: 5000 });
    releaseCompletion();
    expect(posts).toEqual([{
      discountCategory: null, discountPercent: null, promoCode: 'follow10', promoPercent: 10, freeShippingThreshold: null, codFee: 15,
      discountStartsOn: null, discountEndsOn: null, promoStartsOn: null, promoEndsOn: null, promoMinimumSubtotal: null, promoCategory: null, promoUsageLimit: null, promoOncePerCustomer: false,
      from: new Date(2026, 9, 1).toISOString(), to: new Date(2026, 10, 1).toISOString(),
    }]);
    const table = await screen.findByRole('table', { name: 'What-if result' }, { timeout: 5000 });
    expect(screen.getByRole('progressbar', { name: 'What-if progress' })).toHaveAttribute('aria-valuenow', '100');
    const row = (name: string) => within(within(table).getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(row('Orders affected')).toEqual(['', '1,100']);
    expect(row('Orders shipped or delivered')).toEqual(['1,000', '1,000']);
    expect(row('Net sales')).toEqual(['LE 279,760.00', 'LE 259,777.00']);
    expect(row('Returns')).toEqual(['LE 240.00', 'LE 222.50']);
    expect(row('Discounts')).toEqual(['LE 500.00', 'LE 20,500.50 (+LE 20,000.50)']);
    expect(row('Average order value')).toEqual(['LE 250.00', 'LE 233.33']);
  });

  it("shows the server's message when the draft is refused", async () => {
    renderAdmin(<WhatIfPanel rule="promo" />);
    await userEvent.type(screen.getByLabelText('Draft promo code'), 'BIG');
    await userEvent.type(screen.getByLabelText('Draft promo %'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Try it on past orders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The promo code must take a whole percent between 1 and 100');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('on the Discounts page drafts a category discount', async () => {
    renderAdmin(<WhatIfPanel rule="discount" categories={['ANIME', 'CARS']} />);
    await userEvent.selectOptions(screen.getByLabelText('Draft category'), 'ANIME');
    await userEvent.type(screen.getByLabelText('Draft discount %'), '20');
    await userEvent.type(screen.getByLabelText('Free shipping from (EGP)'), '999.5');
    await userEvent.click(screen.getByRole('button', { name: 'Try it on past orders' }));
    await screen.findByRole('progressbar', { name: 'What-if progress' });
    expect(posts[0]).toMatchObject({ discountCategory: 'ANIME', discountPercent: 20, promoCode: null, promoPercent: null, freeShippingThreshold: 999.5 });
  });

  it('drafts a code with the rules of a real one', async () => {
    renderAdmin(<WhatIfPanel rule="promo" />);
    await userEvent.type(screen.getByLabelText('Draft promo code'), 'FOLLOW15');
    await userEvent.type(screen.getByLabelText('Draft promo %'), '15');
    await userEvent.type(screen.getByLabelText('Draft starts on'), '2026-10-05');
    await userEvent.type(screen.getByLabelText('Draft ends on (last day)'), '2026-10-20');
    await userEvent.type(screen.getByLabelText('Draft minimum subtotal (EGP)'), '900');
    await userEvent.selectOptions(screen.getByLabelText('Draft code category'), 'ANIME');
    await userEvent.type(screen.getByLabelText('Draft usage limit'), '100');
    await userEvent.click(screen.getByLabelText('Draft: once per customer'));
    await userEvent.click(screen.getByRole('button', { name: 'Try it on past orders' }));
    await screen.findByRole('progressbar', { name: 'What-if progress' });
    expect(posts[0]).toMatchObject({
      promoCode: 'FOLLOW15', promoPercent: 15, promoStartsOn: '2026-10-05', promoEndsOn: '2026-10-20', promoMinimumSubtotal: 900, promoCategory: 'ANIME', promoUsageLimit: 100, promoOncePerCustomer: true,
      discountStartsOn: null, discountEndsOn: null,
    });
  });

  it('drafts a category discount with a window', async () => {
    renderAdmin(<WhatIfPanel rule="discount" categories={['ANIME', 'CARS']} />);
    await userEvent.type(screen.getByLabelText('Draft discount %'), '20');
    await userEvent.type(screen.getByLabelText('Draft starts on'), '2026-10-05');
    await userEvent.click(screen.getByRole('button', { name: 'Try it on past orders' }));
    await screen.findByRole('progressbar', { name: 'What-if progress' });
    expect(posts[0]).toMatchObject({ discountPercent: 20, discountStartsOn: '2026-10-05', discountEndsOn: null, promoStartsOn: null, promoOncePerCustomer: null });
  });
});


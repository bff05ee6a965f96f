import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { OrderScreeningPage } from './order-screening-page';

const blocked = { id: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f', phone: '01007654321', reason: 'REFUSED_PARCELS', blockedBy: 'boss', blockedByRole: 'owner', blockedAt: '2026-11-26T10:00:00.000Z' };
const puts: unknown[] = [];
const posts: unknown[] = [];
const server = setupServer(
  http.get('*/api/admin/order-screening/settings', () => HttpResponse.json({ reviewAfterRefusals: 2, duplicateWindowMinutes: 60, largeFirstOrderMinimum: 0, manyOrdersPerHour: 10 })),
  http.put('*/api/admin/order-screening/settings', async ({ request }) => {
    const body = (await request.json()) as Record<string, number>;
    puts.push(body);
    if (body.reviewAfterRefusals < 0) return HttpResponse.json({ statusCode: 400, message: ['reviewAfterRefusals: enter a whole number of refusals from 0 to 1000 (0: never)'] }, { status: 400 });
    return HttpResponse.json(body);
  }),
  http.get('*/api/admin/order-screening/blocked-phones', () => HttpResponse.json({ data: [blocked], currentPage: 1, totalPages: 1, totalItems: 1, pageSize: 50, hasNext: false, hasPrevious: false })),
  http.post('*/api/admin/order-screening/blocked-phones', async ({ request }) => {
    posts.push(await request.json());
    return HttpResponse.json({ ...blocked, phone: '01112223334', reason: 'FAKE_ORDERS' }, { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  puts.length = 0;
  posts.length = 0;
});
afterAll(() => server.close());

describe('order screening page', () => {
  it('lists blocked phones with the reason and who blocked them, by name', async () => {
    renderAdmin(<OrderScreeningPage />);
    const row = await screen.findByTestId('blocked-phone');
    expect(row).toHaveTextContent('01007654321');
    expect(row).toHaveTextContent('Refused parcels');
    expect(row).toHaveTextContent('boss (owner)');
    expect(row).not.toHaveTextContent('REFUSED_PARCELS');
  });

  it('sends the thresholds as numbers and shows the server\'s refusal naming the field', async () => {
    renderAdmin(<OrderScreeningPage />);
    const form = await screen.findByRole('form', { name: 'Screening settings' });
    const refusals = within(form).getByLabelText('Needs review after refused parcels');
    await userEvent.clear(refusals);
    await userEvent.type(refusals, '-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(puts).toEqual([{ reviewAfterRefusals: -1, duplicateWindowMinutes: 60, largeFirstOrderMinimum: 0, manyOrdersPerHour: 10 }]));
    expect(await screen.findByText(/reviewAfterRefusals: enter a whole number/)).toBeInTheDocument();
  });

  it('blocks a phone with the chosen reason', async () => {
    renderAdmin(<OrderScreeningPage />);
    const form = await screen.findByRole('form', { name: 'Block a phone' });
    await userEvent.type(within(form).getByLabelText('Phone'), '0111 222 3334');
    await userEvent.selectOptions(within(form).getByLabelText('Reason'), 'Abusive on calls');
    await userEvent.click(within(form).getByRole('button', { name: 'Block phone' }));
    await waitFor(() => expect(posts).toEqual([{ phone: '0111 222 3334', reason: 'ABUSIVE_CALLS' }]));
  });
});

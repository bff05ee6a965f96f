import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { StaffActivityPage } from './staff-activity-page';

const row = (i: number, over: Record<string, unknown>) => ({
  eventId: `e${i}`, time: '2026-11-21T12:30:00.000Z', actor: 'sara', actorRole: 'agent', type: 'OrderStatusChanged',
  orderId: null, orderNumber: null, member: null, details: {}, ...over,
});
const ROWS = [
  row(1, { orderId: 'o1', orderNumber: 'PS-AAAA1111', details: { from: 'PLACED', to: 'CONFIRMED' } }),
  row(2, { type: 'PersonalDataCorrected', orderId: 'o1', orderNumber: 'PS-AAAA1111', details: { fields: ['city'] } }),
  row(3, { actor: 'boss', actorRole: 'owner', type: 'StaffRoleChanged', member: 'sara', details: { role: 'agent', previousRole: 'shipping' } }),
  row(4, { actor: 'old.admin', actorRole: 'unknown', orderNumber: 'PS-BBBB2222', details: { from: 'SHIPPED', to: 'PLACED', correction: true } }),
  row(5, { actor: 'boss', actorRole: 'owner', type: 'StaffTwoFactorLockedOut', member: 'boss', details: { until: '2026-11-21T12:45:00.000Z' } }),
];
const asked: URLSearchParams[] = [];

const server = setupServer(
  http.get('*/api/admin/staff-activity/members', () => HttpResponse.json([{ username: 'boss', role: 'owner' }, { username: 'sara', role: 'agent' }])),
  http.get('*/api/admin/staff-activity', ({ request }) => {
    const params = new URL(request.url).searchParams;
    asked.push(params);
    const data = ROWS.filter((r) => !params.get('staff') || r.actor === params.get('staff'));
    return HttpResponse.json({ data, currentPage: 1, totalPages: 1, totalItems: data.length, itemsPerPage: 50, hasNextPage: false, hasPreviousPage: false });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('staff activity page', () => {
  it('shows who did what in which role, linking each order change to its order', async () => {
    renderAdmin(<StaffActivityPage />);
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('sara (agent)Status Placed → ConfirmedPS-AAAA1111'),
      expect.stringContaining('sara (agent)Corrected customer details (city)PS-AAAA1111'),
      expect.stringContaining('boss (owner)Changed the role of sara: shipping → agent—'),
      expect.stringContaining('old.admin (role not recorded)Corrected status Shipped → PlacedPS-BBBB2222'),
      expect.stringMatching(/^.*boss \(owner\)Two-factor codes locked after 5 wrong ones, until Nov 21, 2026 \d+:45 [AP]M: someone may hold the password/),
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'PS-AAAA1111' })).toHaveAttribute('href', '/admin/orders/PS-AAAA1111');
  });

  it('asks the server for one member and the days chosen, from the first page', async () => {
    renderAdmin(<StaffActivityPage />);
    await screen.findAllByTestId('activity-row');
    await userEvent.selectOptions(await screen.findByLabelText('Staff member'), 'sara');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(2));
    await waitFor(() => expect(asked.at(-1)?.get('from')).toBe('2026-11-01'));
    expect(asked.at(-1)?.get('staff')).toBe('sara');
    expect(asked.at(-1)?.get('page')).toBe('1');
    expect(asked.at(-1)?.get('size')).toBe('50');
  });
});

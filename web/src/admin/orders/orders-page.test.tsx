import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { clearSession, storeSession } from '../auth/admin-session';
import { OrdersPage } from './orders-page';

type Status = 'PLACED' | 'SHIPPED' | 'CANCELED';
/** The moves the server offers (AdminOrderView.nextStatuses) for the statuses these fixtures use. */
const NEXT: Record<Status, Status[]> = { PLACED: ['SHIPPED', 'CANCELED'], SHIPPED: ['PLACED', 'CANCELED'], CANCELED: ['PLACED', 'SHIPPED'] };

function order(n: number, overrides: Partial<{ status: Status; placedAt: string; total: number; firstName: string; phone: string }> = {}) {
  const placedAt = overrides.placedAt ?? new Date(Date.UTC(2026, 9, n, 10, 0)).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    orderNumber: `PS-TEST-${String(n).padStart(4, '0')}`,
    status: overrides.status ?? 'PLACED',
    nextStatuses: NEXT[overrides.status ?? 'PLACED'],
    revision: 0,
    phoneRisk: { orders: 1, delivered: 0, refused: 0, canceled: 0, risky: false },
    screening: { flags: [], duplicateOf: null },
    staffNotes: [],
    firstName: overrides.firstName ?? `Customer${String(n).padStart(2, '0')}`,
    lastName: 'Test',
    phone: overrides.phone ?? `0100000${String(n).padStart(4, '0')}`,
    addressLine: '1 Nile St',
    building: '2',
    apartment: '3',
    city: 'Cairo',
    governorate: 'CAIRO',
    paymentMethod: 'COD',
    paymentReference: null,
    promoCode: null,
    subtotal: 100 * n,
    discountFromPromoCode: 0,
    discountFromPromotions: 0,
    shippingCost: 50,
    codFee: 10,
    total: overrides.total ?? 100 * n + 60,
    createdAt: placedAt,
    items: [{ itemId: `i${n}`, posterNameSnapshot: `Poster ${n}`, size: 'SIZE_30x40', quantity: n % 3 === 0 ? 2 : 1, unitPrice: 100, imageUrl: null, customImagePath: null }],
  };
}

let orders = Array.from({ length: 12 }, (_, i) => order(i + 1));
const listQueries: URLSearchParams[] = [];
const statusCalls: unknown[] = [];

type Order = ReturnType<typeof order>;
const SORTS: Record<string, (a: Order, b: Order) => number> = {
  latest: (a, b) => b.createdAt.localeCompare(a.createdAt),
  oldest: (a, b) => a.createdAt.localeCompare(b.createdAt),
  total_desc: (a, b) => b.total - a.total,
  total_asc: (a, b) => a.total - b.total,
  customer_asc: (a, b) => a.firstName.localeCompare(b.firstName),
  customer_desc: (a, b) => b.firstName.localeCompare(a.firstName),
};

/** What the server's GET /api/admin/orders answers: filtered, searched, sorted, one page. */
function selected(params: URLSearchParams): Order[] {
  const [status, search, from, to] = ['status', 'search', 'dateFrom', 'dateTo'].map((k) => params.get(k));
  return orders
    .filter((o) => !status || o.status === status)
    .filter((o) => !from || Date.parse(o.createdAt) >= Date.parse(from))
    .filter((o) => !to || Date.parse(o.createdAt) <= Date.parse(to))
    .filter((o) => !search || [o.orderNumber, o.firstName, o.lastName, o.phone, o.paymentMethod].join(' ').toLowerCase().includes(search.toLowerCase()))
    .sort(SORTS[params.get('sort') ?? 'latest']);
}

const server = setupServer(
  http.get('*/api/admin/orders', ({ request }) => {
    const params = new URL(request.url).searchParams;
    listQueries.push(params);
    const all = selected(params);
    const [page, size] = [Number(params.get('page')), Number(params.get('size'))];
    const totalPages = Math.max(1, Math.ceil(all.length / size));
    const data = all.slice((page - 1) * size, page * size);
    return HttpResponse.json({ data, orders: data, currentPage: page, totalPages, totalItems: all.length, itemsPerPage: size, hasNextPage: page < totalPages, hasPreviousPage: page > 1 });
  }),
  http.get('*/api/admin/orders/size-distribution', ({ request }) => {
    const items = selected(new URL(request.url).searchParams).filter((o) => o.status === 'PLACED').flatMap((o) => o.items);
    return HttpResponse.json([{ size: '30x40', count: items.reduce((n, i) => n + i.quantity, 0) }]);
  }),
  http.get('*/api/admin/orders/:id/history', ({ params }) => HttpResponse.json({ orderId: params.id, orderNumber: 'PS-TEST-0001', events: [] })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  clearSession();
  server.resetHandlers();
  orders = Array.from({ length: 12 }, (_, i) => order(i + 1));
  listQueries.length = 0;
  statusCalls.length = 0;
});
afterAll(() => server.close());

const rows = () => screen.getAllByTestId('order-row');
const firstOrderNumber = () => within(rows()[0]).getAllByRole('button')[0].textContent;

describe('orders page', () => {
  it('offers the packer the statuses it is listed, and shows what the server withheld as withheld', async () => {
    const claims = { sub: 'pat.packer', role: 'ADMIN', srole: 'shipping', exp: Math.floor(Date.now() / 1000) + 1800 };
    storeSession(`${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify(claims))}.sig`);
    orders = orders.map((o) => ({ ...o, email: 'withheld', notes: 'withheld' }));
    renderAdmin(<OrdersPage />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    const offered = within(screen.getByLabelText('Status')).getAllByRole('option').map((o) => o.getAttribute('value'));
    expect(offered).toEqual(['', 'PLACED', 'CONFIRMED', 'SHIPPED', 'REFUSED']);
    await userEvent.click(within(rows()[0]).getAllByRole('button')[0]);
    const customer = await screen.findByRole('region', { name: 'Customer information' });
    // The parcel's fields as given; the e-mail and the delivery notes said to be withheld, not shown as data.
    expect(within(customer).getByText('01000000012')).toBeInTheDocument();
    expect(within(customer).getAllByTitle('Personal data your role may not read').map((e) => e.textContent)).toEqual(['withheld', 'withheld']);
  });

  it('shows 10 orders a page, latest first, with Previous/Next and the range text', async () => {
    renderAdmin(<OrdersPage />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(firstOrderNumber()).toBe('PS-TEST-0012');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(listQueries.at(-1)?.get('page')).toBe('2');
    expect(listQueries.at(-1)?.get('size')).toBe('10');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Showing 11 to 12 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('sorts oldest first, by total and by customer, and searches by phone', async () => {
    orders[4] = order(5, { total: 99999, firstName: 'Aaron' });
    renderAdmin(<OrdersPage />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    const sort = screen.getByLabelText('Sort');
    await userEvent.selectOptions(sort, 'oldest');
    await waitFor(() => expect(firstOrderNumber()).toBe('PS-TEST-0001'));
    await userEvent.selectOptions(sort, 'total-desc');
    await waitFor(() => expect(firstOrderNumber()).toBe('PS-TEST-0005'));
    expect(listQueries.at(-1)?.get('sort')).toBe('total_desc');
    await userEvent.selectOptions(sort, 'customer-asc');
    await waitFor(() => expect(listQueries.at(-1)?.get('sort')).toBe('customer_asc'));
    await waitFor(() => expect(firstOrderNumber()).toBe('PS-TEST-0005'));
    await userEvent.selectOptions(sort, 'customer-desc');
    await waitFor(() => expect(firstOrderNumber()).toBe('PS-TEST-0012'));

    await userEvent.type(screen.getByLabelText('Search'), '01000000007');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(firstOrderNumber()).toBe('PS-TEST-0007');
    expect(listQueries.at(-1)?.get('search')).toBe('01000000007');
  });

  it('applies the status filter and an inclusive date range only on Apply, and Clear resets them', async () => {
    orders[2] = order(3, { status: 'SHIPPED' });
    // Late on Oct 8 local time: an inclusive 'to' of Oct 8 must keep it.
    const late = new Date(2026, 9, 8, 23, 30).toISOString();
    orders[7] = order(8, { status: 'SHIPPED', placedAt: late });
    renderAdmin(<OrdersPage />);
    await waitFor(() => expect(rows()).toHaveLength(10));

    const filter = screen.getByLabelText('Status');
    // Names on screen, codes on the wire.
    expect(within(filter).getAllByRole('option').map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
      ['All Statuses', ''],
      ['Placed', 'PLACED'],
      ['Confirmed', 'CONFIRMED'],
      ['Shipped', 'SHIPPED'],
      ['Delivered', 'DELIVERED'],
      ['Refused', 'REFUSED'],
      ['Returned', 'RETURNED'],
      ['Canceled', 'CANCELED'],
    ]);
    await userEvent.selectOptions(filter, 'Shipped');
    expect(rows()).toHaveLength(10); // nothing changes before Apply
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(listQueries.at(-1)?.get('status')).toBe('SHIPPED');

    await userEvent.type(screen.getByLabelText('From'), '2026-10-08');
    await userEvent.type(screen.getByLabelText('To'), '2026-10-08');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(firstOrderNumber()).toBe('PS-TEST-0008');
    const sent = listQueries.at(-1)!;
    expect(new Date(sent.get('dateTo')!).getTime()).toBe(new Date(2026, 9, 8, 23, 59, 59, 999).getTime());
    expect(new Date(sent.get('dateFrom')!).getTime()).toBe(new Date(2026, 9, 8).getTime());

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByText('Showing 1 to 10 of 12')).toBeInTheDocument();
  });

  it('shows the new status at once and restores the old one when the save fails', async () => {
    server.use(
      http.patch('*/api/admin/orders/:id/status', async ({ request }) => {
        statusCalls.push(await request.json());
        await delay(150);
        return HttpResponse.json({ message: 'boom' }, { status: 500 });
      }),
    );
    renderAdmin(<OrdersPage />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    const select = screen.getByLabelText('Status of PS-TEST-0012');
    expect(select).toHaveValue('PLACED');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Placed', 'Shipped', 'Canceled']);
    await userEvent.selectOptions(select, 'SHIPPED');
    expect(screen.getByLabelText('Status of PS-TEST-0012')).toHaveValue('SHIPPED');
    expect(await screen.findByText('Failed to update order status. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Status of PS-TEST-0012')).toHaveValue('PLACED');
    expect(statusCalls).toEqual([{ status: 'SHIPPED' }]);
  });

  it('asks before canceling, then keeps the new status and says so when the save succeeds', async () => {
    let patches = 0;
    server.use(
      http.patch('*/api/admin/orders/:id/status', async ({ request, params }) => {
        patches++;
        const { status } = (await request.json()) as { status: Status };
        orders = orders.map((o) => (o.id === params.id ? { ...o, status } : o));
        return HttpResponse.json({ id: params.id, status }, { headers: { 'X-Event-Position': '42/42' } });
      }),
    );
    renderAdmin(<OrdersPage />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    const before = (screen.getByLabelText('Status of PS-TEST-0011') as HTMLSelectElement).value;
    await userEvent.selectOptions(screen.getByLabelText('Status of PS-TEST-0011'), 'CANCELED');
    await userEvent.click(await screen.findByRole('button', { name: 'Keep order' }));
    expect(patches).toBe(0);
    expect(screen.getByLabelText('Status of PS-TEST-0011')).toHaveValue(before);
    await userEvent.selectOptions(screen.getByLabelText('Status of PS-TEST-0011'), 'CANCELED');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    // The toast says the move in words, never the status code.
    expect(await screen.findByText('Order PS-TEST-0011 marked as canceled')).toBeInTheDocument();
    expect(patches).toBe(1);
    expect(screen.getByLabelText('Status of PS-TEST-0011')).toHaveValue('CANCELED');
  });

  it('shows the empty state and the error panel', async () => {
    orders = [];
    const { unmount } = renderAdmin(<OrdersPage />);
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    unmount();
    server.use(http.get('*/api/admin/orders', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 })));
    renderAdmin(<OrdersPage />);
    expect(await screen.findByText('Error loading orders')).toBeInTheDocument();
    expect(screen.getAllByText('Database unavailable').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('counts sizes over PLACED orders and expands a row with customer, summary and items', async () => {
    renderAdmin(<OrdersPage />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: 'Count Sizes' }));
    const dialog = screen.getByRole('dialog', { name: 'Size Distribution (PLACED and CONFIRMED Orders)' });
    // 12 orders, quantity 2 for every third: 8 + 4*2 = 16 items of 30x40, counted by the server.
    expect(await within(dialog).findByText('30x40')).toBeInTheDocument();
    expect(within(dialog).getByText('16 items')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(screen.getByRole('button', { name: 'PS-TEST-0012' }));
    const details = screen.getByLabelText('Customer information');
    expect(within(details).getByText('Customer12 Test')).toBeInTheDocument();
    expect(within(details).getByText('None')).toBeInTheDocument();
    const summary = screen.getByLabelText('Order summary');
    expect(within(summary).getByText('COD fee')).toBeInTheDocument();
    expect(within(summary).queryByText('Promo code discount')).toBeNull();
    const items = screen.getByLabelText('Order items');
    expect(within(items).getByText('No image available')).toBeInTheDocument();
    expect(within(items).getByText('30x40cm')).toBeInTheDocument();
  });
});

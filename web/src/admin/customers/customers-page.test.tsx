import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { CustomersPage } from './customers-page';

const customers = Array.from({ length: 45 }, (_, i) => ({
  id: `010000000${String(i).padStart(2, '0')}`,
  phone: `010000000${String(i).padStart(2, '0')}`,
  subjectId: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
  firstName: `Name${i}`,
  lastName: 'Test',
  email: null,
  addressLine: '1 Nile St',
  building: '2',
  apartment: '3',
  city: 'Cairo',
  governorate: 'CAIRO',
  createdAt: '2026-10-01T10:00:00.000Z',
  lastOrderAt: '2026-10-01T10:00:00.000Z',
  orderCount: 1,
}));
const asked: URLSearchParams[] = [];
const erasures: unknown[] = [];
const preview = {
  subjectId: customers[7].subjectId, alreadyErased: false, fields: ['name', 'phone', 'e-mail', 'address'],
  orders: [{ id: 'o1', orderNumber: 'PS-AAAA1111', status: 'CANCELED', placedAt: '2026-10-01T10:00:00.000Z', finished: true, openBecause: null, finishableAt: null, cancellable: false }],
  hold: null,
  newsletterAddresses: 1, uploads: ['custom/p.jpg'], exports: ['job-1.csv'], replaySchemas: [{ schema: 'analyst_q3', until: null, position: '1/1', projection: null }],
};

const HOLD = {
  orderIds: ['o1', 'o2'], reason: 'SUBJECT_REQUEST', heldAt: '2026-11-29T10:00:00.000Z', expectedEnd: null,
  legalBasis: 'Held under Law 151/2020 on the protection of personal data: the data is needed to perform the contract of the open orders (delivery, returns) and to meet legal obligations.',
};
/** One order waiting to ship, one with the courier: only holding can apply. */
const openPreview = {
  ...preview,
  orders: [
    { id: 'o1', orderNumber: 'PS-AAAA1111', status: 'PLACED', placedAt: '2026-10-01T10:00:00.000Z', finished: false, openBecause: 'not-shipped', finishableAt: null, cancellable: true },
    { id: 'o2', orderNumber: 'PS-BBBB2222', status: 'SHIPPED', placedAt: '2026-10-02T10:00:00.000Z', finished: false, openBecause: 'on-its-way', finishableAt: null, cancellable: false },
  ],
};

// The server's answer: search on name and phone, then one page with the contract's fields.
const server = setupServer(
  http.get('*/api/admin/customers', ({ request }) => {
    const params = new URL(request.url).searchParams;
    asked.push(params);
    const search = params.get('search');
    const all = customers.filter((c) => !search || `${c.firstName} ${c.lastName} ${c.phone}`.toLowerCase().includes(search.toLowerCase()));
    const [page, size] = [Number(params.get('page')), Number(params.get('size'))];
    const totalPages = Math.max(1, Math.ceil(all.length / size));
    const data = all.slice((page - 1) * size, page * size);
    return HttpResponse.json({
      data,
      customers: data,
      items: data,
      currentPage: page,
      totalPages,
      totalItems: all.length,
      itemsPerPage: size,
      hasNextPage: page < totalPages,
      hasPreviousPage: page > 1,
    });
  }),
);

server.use(
  http.get('*/api/admin/customers/:subjectId/erasure', ({ params }) => HttpResponse.json({ ...preview, subjectId: params.subjectId })),
  http.post('*/api/admin/customers/:subjectId/erasure', async ({ request }) => {
    const body = (await request.json()) as { phone: string; reason: string; openOrders?: string };
    erasures.push(body);
    if (body.phone !== customers[7].phone) return HttpResponse.json({ statusCode: 400, message: "phone: this is not the customer's phone" }, { status: 400 });
    if (body.openOrders === 'hold') return HttpResponse.json({ ...openPreview, hold: HOLD, keysDestroyed: 0, deletedExports: [], deletedUploads: [] });
    return HttpResponse.json({ ...preview, keysDestroyed: 2, deletedExports: ['job-1.csv'], deletedUploads: ['custom/p.jpg'] });
  }),
);
const permanent = server.listHandlers();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers(...permanent);
  asked.length = 0;
});
afterAll(() => server.close());

describe('customers page', () => {
  it('asks the server for one page at a time, and searches on the server from page 1', async () => {
    renderAdmin(<CustomersPage />);
    expect(await screen.findByText('Showing 1 to 20 of 45')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 41 to 45 of 45')).toBeInTheDocument();
    expect(screen.getByText('Name44 Test')).toBeInTheDocument();
    expect(asked.map((p) => p.get('page'))).toEqual(['1', '2', '3']);

    await userEvent.type(screen.getByLabelText('Search customers'), '01000000007');
    expect(await screen.findByText('Showing 1 to 1 of 1')).toBeInTheDocument();
    expect(screen.getByText('Name7 Test')).toBeInTheDocument();
    // Asked once typing paused, back on page 1.
    expect(asked.filter((p) => p.get('search')).map((p) => [p.get('search'), p.get('page')])).toEqual([['01000000007', '1']]);
  });

  it('says so when nothing matches', async () => {
    renderAdmin(<CustomersPage />);
    await screen.findByText('Showing 1 to 20 of 45');
    await userEvent.type(screen.getByLabelText('Search customers'), 'nobody');
    await waitFor(() => expect(screen.getByText('No customers found')).toBeInTheDocument());
  });

  it('erases a customer: lists what will go, asks for the phone and a reason, names the field it refuses, then shows what was deleted', async () => {
    renderAdmin(<CustomersPage />);
    await screen.findByText('Showing 1 to 20 of 45');
    await userEvent.click(screen.getByRole('button', { name: 'Erase personal data of Name7 Test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase personal data' });
    expect(await screen.findByText(/1 order: PS-AAAA1111/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('1 custom-poster photo deleted');
    expect(dialog).toHaveTextContent('analyst_q3');
    const submit = screen.getByRole('button', { name: 'Erase personal data' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Type the customer's phone to confirm"), '01000000008');
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'SUBJECT_REQUEST');
    await userEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent("phone: this is not the customer's phone");
    await userEvent.clear(screen.getByLabelText("Type the customer's phone to confirm"));
    await userEvent.type(screen.getByLabelText("Type the customer's phone to confirm"), '01000000007');
    await userEvent.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent('Personal data erased.');
    expect(dialog).toHaveTextContent('Export files deleted: job-1.csv');
    expect(dialog).toHaveTextContent('Photos deleted: custom/p.jpg');
    expect(erasures).toEqual([{ phone: '01000000008', reason: 'SUBJECT_REQUEST' }, { phone: '01000000007', reason: 'SUBJECT_REQUEST' }]);
  });

  it('lists the unfinished orders with their status, offers to cancel only what has not shipped, and shows a chosen hold with its legal basis and expected end', async () => {
    server.use(http.get('*/api/admin/customers/:subjectId/erasure', ({ params }) => HttpResponse.json({ ...openPreview, subjectId: params.subjectId })));
    erasures.length = 0;
    renderAdmin(<CustomersPage />);
    await screen.findByText('Showing 1 to 20 of 45');
    await userEvent.click(screen.getByRole('button', { name: 'Erase personal data of Name7 Test' }));
    const open = await screen.findByRole('region', { name: 'Unfinished orders' });
    expect(within(open).getByTestId('open-orders').textContent).toBe('PS-AAAA1111: Placed (not shipped yet)PS-BBBB2222: Shipped (with the courier)');
    expect(within(open).getByRole('radio', { name: /Cancel them first/ })).toBeDisabled();
    expect(open).toHaveTextContent('Not possible: PS-BBBB2222 left the shop and cannot be cancelled.');
    await userEvent.type(screen.getByLabelText("Type the customer's phone to confirm"), '01000000007');
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'SUBJECT_REQUEST');
    expect(screen.getByRole('button', { name: 'Erase personal data' })).toBeDisabled();
    await userEvent.click(within(open).getByRole('radio', { name: /Hold the erasure/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Hold the erasure' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Erasure held: nothing was erased yet.');
    const held = screen.getByRole('region', { name: 'Erasure held' });
    expect(within(held).getByTestId('hold-reason')).toHaveTextContent(/^Held under Law 151\/2020 .*contract of the open orders.*legal obligations/);
    expect(within(held).getByTestId('hold-end')).toHaveTextContent('Expected to run: when the open orders are delivered or back, plus the return window');
    expect(erasures).toEqual([{ phone: '01000000007', reason: 'SUBJECT_REQUEST', openOrders: 'hold' }]);
  });
});

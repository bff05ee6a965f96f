import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from 'react-router';
import { renderAdmin } from '../testing/render-admin';
import { OrderPage } from './order-page';
import { UNDO_MS } from './use-status-move';

type Status = 'PLACED' | 'SHIPPED' | 'DELIVERED';
const NEXT: Record<Status, string[]> = { PLACED: ['CONFIRMED', 'SHIPPED', 'CANCELED'], SHIPPED: ['PLACED', 'DELIVERED', 'REFUSED', 'CANCELED'], DELIVERED: ['REFUSED'] };
let status: Status = 'PLACED';
const order = () => ({
  id: '00000000-0000-4000-8000-000000000001', orderNumber: 'PS-TEST-0001', status, nextStatuses: NEXT[status], revision: 2,
  phoneRisk: { orders: 3, delivered: 1, refused: 2, canceled: 0, risky: true },
  screening: { flags: ['NEEDS_REVIEW', 'LIKELY_DUPLICATE', 'MANY_ORDERS_FROM_PHONE'], duplicateOf: 'PS-TEST-0000' },
  staffNotes: [],
  courierTracking: status === 'PLACED' ? null : { courier: 'Bosta', trackingNumber: 'BX-1234', url: 'https://bosta.co/tracking-shipments?shipment-number=BX-1234' },
  firstName: 'Mona', lastName: 'Adel', phone: '01012345678', email: null, addressLine: '1 Nile St', building: '2', apartment: '3', city: 'Cairo', governorate: 'CAIRO',
  paymentMethod: 'COD', paymentReference: null, promoCode: null, notes: null,
  subtotal: 400, discountFromPromoCode: 0, discountFromPromotions: 26, shippingCost: 50, codFee: 10, taxAmount: 0, total: 434,
  createdAt: '2026-11-20T10:00:00.000Z',
  items: [{ itemId: 'i1', name: 'Nile at dusk', size: 'SIZE_30x40', quantity: 2, unitPrice: 187, imageUrl: null, customImagePath: null, priceRules: [] }],
});
const changes: unknown[] = [];

const server = setupServer(
  http.get('*/api/admin/orders/:number', ({ params }) =>
    params.number === 'PS-TEST-0001' || params.number === order().id ? HttpResponse.json(order()) : HttpResponse.json({ message: 'Order not found' }, { status: 404 }),
  ),
  http.get('*/api/admin/orders/:number/history', () => HttpResponse.json({ orderId: order().id, orderNumber: 'PS-TEST-0001', events: [] })),
  http.post('*/api/admin/orders/:id/status-changes', async ({ request }) => {
    changes.push(await request.json());
    return HttpResponse.json({ changed: true });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  changes.length = 0;
  status = 'PLACED';
  vi.useRealTimers();
});
afterAll(() => server.close());

const renderAt = (path: string) =>
  renderAdmin(
    <Routes>
      <Route path="/admin/orders/:orderNumber" element={<OrderPage />} />
    </Routes>,
    { route: path },
  );

describe('the order page', () => {
  it('shows the order at its number: customer, items, totals, risk and its allowed moves', async () => {
    renderAt('/admin/orders/PS-TEST-0001');
    expect(await screen.findByRole('heading', { name: 'Order PS-TEST-0001' })).toBeInTheDocument();
    expect(screen.getByText('Mona Adel')).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent(/^Placed$/);
    expect(screen.queryByText('CAIRO')).not.toBeInTheDocument();
    expect(screen.getByText('Nile at dusk')).toBeInTheDocument();
    expect(screen.getAllByText(/refused 2 of 3/).length).toBeGreaterThan(0);
    // The screening flags by name, never by code.
    expect(screen.getByText('Needs review')).toBeInTheDocument();
    expect(screen.getByText('Likely duplicate of PS-TEST-0000')).toBeInTheDocument();
    expect(screen.getByText('Many orders from one phone')).toBeInTheDocument();
    expect(screen.queryByText('LIKELY_DUPLICATE')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correct a mistake…' })).not.toBeInTheDocument();
  });

  it('a shipped order names its courier and links its tracking number to the courier; a placed one shows neither', async () => {
    renderAt('/admin/orders/PS-TEST-0001');
    await screen.findByRole('heading', { name: 'Order PS-TEST-0001' });
    expect(screen.queryByText('Courier')).not.toBeInTheDocument();
    cleanup();
    status = 'DELIVERED';
    renderAt('/admin/orders/PS-TEST-0001');
    expect(await screen.findByText('Bosta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'BX-1234' })).toHaveAttribute('href', 'https://bosta.co/tracking-shipments?shipment-number=BX-1234');
  });

  it('an unknown number is a not-found page', async () => {
    renderAt('/admin/orders/PS-NOPE');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No order has the number PS-NOPE.');
  });

  it('a forward move waits with an Undo; undone, nothing is sent; left alone, it is sent once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/admin/orders/PS-TEST-0001');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    act(() => void vi.advanceTimersByTime(UNDO_MS * 2));
    expect(changes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    act(() => void vi.advanceTimersByTime(UNDO_MS));
    await waitFor(() => expect(changes).toEqual([{ status: 'CONFIRMED', expectedRevision: 2 }]));
  });

  it('cancel asks for a reason first', async () => {
    const user = userEvent.setup();
    renderAt('/admin/orders/PS-TEST-0001');
    await user.click(await screen.findByRole('button', { name: 'Cancel order…' }));
    const dialog = screen.getByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel order' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'customer asked');
    await user.click(confirm);
    await waitFor(() => expect(changes).toEqual([{ status: 'CANCELED', reason: 'customer asked', expectedRevision: 2 }]));
  });

  it('undoing DELIVERED is offered only as a correction, with a reason', async () => {
    status = 'DELIVERED';
    const user = userEvent.setup();
    renderAt('/admin/orders/PS-TEST-0001');
    expect(screen.queryByRole('button', { name: /Mark refused/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Correct a mistake…' }));
    expect(screen.getByTestId('order-status')).toHaveTextContent(/^Delivered$/);
    const corrections = screen.getByLabelText('Corrections');
    expect(corrections).toHaveTextContent('Undo Delivered: set it to');
    await user.click(within(corrections).getByRole('button', { name: 'Refused' }));
    const dialog = screen.getByRole('dialog', { name: 'Correct PS-TEST-0001: Delivered → Refused' });
    expect(dialog).toHaveTextContent('This undoes Delivered');
    await user.type(within(dialog).getByLabelText(/Reason/), 'courier mixed up parcels');
    await user.click(within(dialog).getByRole('button', { name: 'Record correction' }));
    await waitFor(() => expect(changes).toEqual([{ status: 'REFUSED', reason: 'courier mixed up parcels', correction: true, expectedRevision: 2 }]));
  });
});

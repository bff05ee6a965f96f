import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { OrderHistoryTimeline } from './order-history-timeline';

const server = setupServer(
  // The API's shape: { orderId, orderNumber, events: [{ eventId, type, time, actor, changes }] }.
  http.get('*/api/admin/orders/o-1/history', () =>
    HttpResponse.json({
      orderId: 'o-1',
      orderNumber: 'PS-AAAA-BBBB',
      events: [
        { eventId: 'e1', type: 'OrderPlaced', time: '2026-11-20T10:00:00.000Z', actor: { kind: 'shopper', id: 'cart-1' }, changes: { total: 530 } },
        {
          eventId: 'e2',
          type: 'OrderStatusChanged',
          time: '2026-11-21T12:30:00.000Z',
          actor: { kind: 'admin', id: 'alice', role: 'agent' },
          changes: { status: { from: 'PLACED', to: 'SHIPPED' }, reason: null },
        },
        {
          eventId: 'e3',
          type: 'OrderStatusChanged',
          time: '2026-11-22T09:00:00.000Z',
          // Recorded before events named the author's role.
          actor: { kind: 'admin', id: 'mona', role: 'unknown' },
          changes: { status: { from: 'SHIPPED', to: 'PLACED' }, reason: 'shipped by mistake', correction: true },
        },
        {
          eventId: 'e4',
          type: 'PersonalDataCorrected',
          time: '2026-11-23T09:00:00.000Z',
          actor: { kind: 'admin', id: 'mona', role: 'manager' },
          changes: { governorate: { from: 'CAIRO', to: 'RED_SEA' }, city: { from: 'Cairo', to: 'Hurghada' } },
        },
      ],
    }),
  ),
  http.get('*/api/admin/orders/o-2/history', () =>
    HttpResponse.json({
      orderId: 'o-2',
      orderNumber: 'PS-CCCC-DDDD',
      events: [
        {
          eventId: 'e5',
          type: 'OrderEdited',
          time: '2026-11-24T09:00:00.000Z',
          actor: { kind: 'admin', id: 'sara', role: 'agent' },
          changes: {
            edited: ['addressLine', 'governorate', 'lines'],
            corrected: ['addressLine'],
            governorate: { from: 'CAIRO', to: 'ALEXANDRIA' },
            totals: { subtotal: { from: 30000, to: 72000 }, shippingCost: { from: 6000, to: 7000 }, total: { from: 38000, to: 81000 } },
            total: 81000,
            lines: { from: [{ name: 'Salah', size: 'SIZE_20x30', quantity: 2, lineTotal: 30000 }], to: [{ name: 'Salah', size: 'SIZE_20x30', quantity: 2, lineTotal: 30000 }, { name: 'Spirited Away', size: 'SIZE_50x70', quantity: 1, lineTotal: 42000 }] },
            reason: 'customer moved',
          },
        },
        { eventId: 'e6', type: 'OrderNoteAdded', time: '2026-11-24T10:00:00.000Z', actor: { kind: 'admin', id: 'sara', role: 'agent' }, changes: { note: true } },
      ],
    }),
  ),
  http.get('*/api/admin/orders/broken/history', () => HttpResponse.json({ message: 'nope' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('order audit trail', () => {
  it('shows an edit as a diff: personal fields by name only, governorate, lines and money before → after', async () => {
    renderAdmin(<OrderHistoryTimeline orderId="o-2" />);
    const [edit, note] = await screen.findAllByTestId('timeline-entry');
    expect(within(edit).getByText('Order edited')).toBeInTheDocument();
    expect(edit).toHaveTextContent('customer details changed: addressLine');
    expect(edit).toHaveTextContent('governorate: Cairo → Alexandria');
    expect(edit).toHaveTextContent('lines: Salah 20x30cm × 2 → Salah 20x30cm × 2, Spirited Away 50x70cm × 1');
    expect(edit).toHaveTextContent('Shipping: LE 60.00 → LE 70.00');
    expect(edit).toHaveTextContent('Total: LE 380.00 → LE 810.00');
    expect(edit).toHaveTextContent('reason: customer moved');
    expect(within(note).getByText('Staff note added')).toBeInTheDocument();
    expect(note).toHaveTextContent('by sara (agent)');
  });

  it('lists each event with who, when and what changed', async () => {
    renderAdmin(<OrderHistoryTimeline orderId="o-1" />);
    const entries = await screen.findAllByTestId('timeline-entry');
    expect(entries).toHaveLength(4);
    expect(within(entries[0]).getByText('Order placed')).toBeInTheDocument();
    expect(entries[0]).toHaveTextContent('by Customer');
    expect(within(entries[1]).getByText('Status changed')).toBeInTheDocument();
    expect(entries[1]).toHaveTextContent('by alice (agent)');
    expect(entries[1]).toHaveTextContent('status: Placed → Shipped');
    expect(entries[1]).not.toHaveTextContent('reason');
    expect(entries[1]).toHaveTextContent(/Nov 21, 2026 \d{1,2}:30 [AP]M/);
  });

  it('shows a correction as one, with its reason', async () => {
    renderAdmin(<OrderHistoryTimeline orderId="o-1" />);
    const entries = await screen.findAllByTestId('timeline-entry');
    expect(within(entries[2]).getByTestId('correction')).toHaveTextContent('Correction');
    expect(entries[2]).toHaveTextContent('status: Shipped → Placed');
    expect(entries[2]).toHaveTextContent('reason: shipped by mistake');
    expect(entries[2]).toHaveTextContent('by mona (role not recorded)');
    expect(within(entries[1]).queryByTestId('correction')).toBeNull();
  });

  it('names statuses and governorates in what changed, and leaves other values as they are', async () => {
    renderAdmin(<OrderHistoryTimeline orderId="o-1" />);
    const entries = await screen.findAllByTestId('timeline-entry');
    expect(entries[3]).toHaveTextContent('governorate: Cairo → Red Sea');
    expect(entries[3]).toHaveTextContent('city: Cairo → Hurghada');
    expect(entries[3]).not.toHaveTextContent('RED_SEA');
  });

  it('says when the history cannot be read', async () => {
    renderAdmin(<OrderHistoryTimeline orderId="broken" />);
    expect(await screen.findByText('Failed to load the order history')).toBeInTheDocument();
  });

  it("names the courier as the actor of a delivery its file recorded, not the admin who imported it", async () => {
    server.use(
      http.get('*/api/admin/orders/o-3/history', () =>
        HttpResponse.json({
          orderId: 'o-3', orderNumber: 'PS-EEEE-FFFF',
          events: [{ eventId: 'e7', type: 'OrderStatusChanged', time: '2026-11-25T09:00:00.000Z', actor: { kind: 'courier', id: 'Bosta' }, changes: { status: { from: 'SHIPPED', to: 'DELIVERED' }, reason: null } }],
        }),
      ),
    );
    renderAdmin(<OrderHistoryTimeline orderId="o-3" />);
    const [delivered] = await screen.findAllByTestId('timeline-entry');
    expect(delivered).toHaveTextContent('Bosta (courier)');
    expect(delivered).not.toHaveTextContent('admin');
  });
});

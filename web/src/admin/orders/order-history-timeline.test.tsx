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
        {
          eventId: 'e1',
          type: 'OrderPlaced',
          time: '2026-11-20T10:00:00.000Z',
          actor: { kind: 'shopper', id: 'cart-1' },
          changes: { total: 53000 },
          wording: { code: 'order.placed', args: { orderNumber: 'PS-AAAA-BBBB', total: 530, items: 2, paymentMethod: 'COD', promoCode: null } },
        },
        {
          eventId: 'e2',
          type: 'OrderStatusChanged',
          time: '2026-11-21T12:30:00.000Z',
          actor: { kind: 'admin', id: 'alice', role: 'agent' },
          changes: { status: { from: 'PLACED', to: 'SHIPPED' }, reason: null, courier: 'Bosta', trackingNumber: 'BST-991' },
          wording: { code: 'order.statusChanged', args: { from: 'PLACED', to: 'SHIPPED', reason: null, courier: 'Bosta', trackingNumber: 'BST-991' } },
        },
        {
          eventId: 'e3',
          type: 'OrderStatusChanged',
          time: '2026-11-22T09:00:00.000Z',
          // Recorded before events named the author's role.
          actor: { kind: 'admin', id: 'mona', role: 'unknown' },
          changes: { status: { from: 'SHIPPED', to: 'PLACED' }, reason: 'shipped by mistake', correction: true },
          wording: { code: 'order.statusCorrected', args: { from: 'SHIPPED', to: 'PLACED', reason: 'shipped by mistake' } },
        },
        {
          eventId: 'e4',
          type: 'PersonalDataCorrected',
          time: '2026-11-23T09:00:00.000Z',
          actor: { kind: 'admin', id: 'mona', role: 'manager' },
          changes: { corrected: ['phone', 'addressLine'] },
          wording: { code: 'order.detailsCorrected', args: { fields: ['phone', 'addressLine'] } },
        },
        {
          eventId: 'e7',
          type: 'OrderReturned',
          time: '2026-11-25T09:00:00.000Z',
          actor: { kind: 'admin', id: 'mona', role: 'manager' },
          changes: { returned: 240, itemCount: 1, reason: null },
          wording: { code: 'order.returned', args: { items: 1, refund: 240, reason: null } },
        },
        {
          eventId: 'e8',
          type: 'SettlementLineRecorded',
          time: '2026-11-26T09:00:00.000Z',
          actor: { kind: 'admin', id: 'mona', role: 'manager' },
          changes: { courier: 'Bosta', trackingNumber: 'BST-991', line: 4, outcome: 'contradictory', reason: 'the order was refused' },
          wording: { code: 'order.settlementLine', args: { courier: 'Bosta', trackingNumber: 'BST-991', line: 4, outcome: 'contradictory', reason: 'the order was refused' } },
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
          wording: {
            code: 'order.edited',
            args: {
              fields: ['addressLine', 'governorate', 'lines'],
              governorate: { from: 'CAIRO', to: 'ALEXANDRIA' },
              lines: { from: [{ name: 'Salah', size: 'SIZE_20x30', quantity: 2 }], to: [{ name: 'Salah', size: 'SIZE_20x30', quantity: 2 }, { name: 'Spirited Away', size: 'SIZE_50x70', quantity: 1 }] },
              totals: [{ figure: 'subtotal', from: 300, to: 720 }, { figure: 'shippingCost', from: 60, to: 70 }, { figure: 'total', from: 380, to: 810 }],
              reason: 'customer moved',
            },
          },
        },
        {
          eventId: 'e6',
          type: 'OrderNoteAdded',
          time: '2026-11-24T10:00:00.000Z',
          actor: { kind: 'admin', id: 'sara', role: 'agent' },
          changes: { note: true },
          wording: { code: 'order.noteAdded', args: {} },
        },
      ],
    }),
  ),
  http.get('*/api/admin/orders/broken/history', () => HttpResponse.json({ message: 'nope' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Raw keys, field names and codes that must never reach staff. */
const DEVELOPER_WORDS = /\b(trackingNumber|itemCount|returned|addressLine|shippingCost|SHIPPED|PLACED|RED_SEA|CAIRO|SIZE_\w+|status):/;

describe('order audit trail', () => {
  it('says an edit in sentences: fields by name only, governorate, posters and money now and before', async () => {
    renderAdmin(<OrderHistoryTimeline orderId="o-2" />);
    const [edit, note] = await screen.findAllByTestId('timeline-entry');
    expect(edit).toHaveTextContent(
      'Order edited: changed the street address; moved from Cairo to Alexandria; posters now 2 × Salah (20x30cm), 1 × Spirited Away (50x70cm) (were 2 × Salah (20x30cm)); ' +
        'subtotal LE 720.00 (was LE 300.00); shipping LE 70.00 (was LE 60.00); total LE 810.00 (was LE 380.00). Reason: customer moved',
    );
    expect(within(note).getByText('A staff note was added')).toBeInTheDocument();
    expect(note).toHaveTextContent('by sara (agent)');
    for (const entry of [edit, note]) expect(entry.textContent).not.toMatch(DEVELOPER_WORDS);
  });

  it('lists each event as a sentence with who and when', async () => {
    renderAdmin(<OrderHistoryTimeline orderId="o-1" />);
    const entries = await screen.findAllByTestId('timeline-entry');
    expect(entries).toHaveLength(6);
    expect(entries[0]).toHaveTextContent('Order PS-AAAA-BBBB placed with 2 items for LE 530.00, cash on delivery');
    expect(entries[0]).toHaveTextContent('by Customer');
    expect(entries[1]).toHaveTextContent('Marked as shipped (was placed); handed to Bosta, tracking number BST-991');
    expect(entries[1]).toHaveTextContent('by alice (agent)');
    expect(entries[1]).not.toHaveTextContent('Reason');
    expect(entries[1]).toHaveTextContent(/Nov 21, 2026 \d{1,2}:30 [AP]M/);
    expect(entries[3]).toHaveTextContent('Customer details corrected: the phone number and the street address');
    expect(entries[4]).toHaveTextContent('Returned 1 item; LE 240.00 handed back');
    expect(entries[5]).toHaveTextContent("Bosta's file, line 4 (tracking number BST-991): not applied, it contradicts the order. Reason: the order was refused");
    for (const entry of entries) expect(entry.textContent).not.toMatch(DEVELOPER_WORDS);
  });

  it('shows a correction as one, with its reason', async () => {
    renderAdmin(<OrderHistoryTimeline orderId="o-1" />);
    const entries = await screen.findAllByTestId('timeline-entry');
    expect(within(entries[2]).getByTestId('correction')).toHaveTextContent('Correction');
    expect(entries[2]).toHaveTextContent('Back to placed, undoing shipped. Reason: shipped by mistake');
    expect(entries[2]).toHaveTextContent('by mona (role not recorded)');
    expect(within(entries[1]).queryByTestId('correction')).toBeNull();
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
          events: [{ eventId: 'e7', type: 'OrderStatusChanged', time: '2026-11-25T09:00:00.000Z', actor: { kind: 'courier', id: 'Bosta' }, changes: { status: { from: 'SHIPPED', to: 'DELIVERED' }, reason: null }, wording: { code: 'order.statusChanged', args: { from: 'SHIPPED', to: 'DELIVERED', reason: null } } }],
        }),
      ),
    );
    renderAdmin(<OrderHistoryTimeline orderId="o-3" />);
    const [delivered] = await screen.findAllByTestId('timeline-entry');
    expect(delivered).toHaveTextContent('Bosta (courier)');
    expect(delivered).not.toHaveTextContent('admin');
  });
});

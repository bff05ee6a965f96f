import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { CallQueuePage } from './call-queue-page';

const order = (n: number, customer: { firstName: string; lastName: string; phone: string; addressLine: string; city: string }) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`, orderNumber: `PS-TEST-000${n}`, status: 'PLACED', nextStatuses: ['CONFIRMED', 'SHIPPED', 'CANCELED'], revision: 0,
  phoneRisk: { orders: 1, delivered: 0, refused: 0, canceled: 0, risky: false }, screening: { flags: [], duplicateOf: null }, staffNotes: [], courierTracking: null,
  ...customer, email: null, building: '2', apartment: '3', governorate: 'CAIRO', paymentMethod: 'COD', paymentReference: null, promoCode: null, notes: null,
  subtotal: 400, discountFromPromoCode: 0, discountFromPromotions: 0, shippingCost: 50, codFee: 10, taxAmount: 0, total: 460, createdAt: '2026-11-20T10:00:00.000Z',
  items: [{ itemId: `i${n}`, name: 'Nile at dusk', size: 'SIZE_30x40', quantity: 2, unitPrice: 200, imageUrl: null, customImagePath: null, priceRules: [] }],
});
const ORDERS = [
  order(1, { firstName: 'Mona', lastName: 'Adel', phone: '01012345678', addressLine: '1 Nile St', city: 'Cairo' }),
  // Erased while still placed (before erasures waited for open orders): nobody is left to call.
  order(2, { firstName: '[erased]', lastName: '[erased]', phone: '[erased]', addressLine: '[erased]', city: '[erased]' }),
  // Its phone was blocked after it was placed.
  { ...order(3, { firstName: 'Fake', lastName: 'Buyer', phone: '01009998877', addressLine: '9 Any St', city: 'Cairo' }), screening: { flags: ['PHONE_BLOCKED'], duplicateOf: null } },
];

const server = setupServer(
  http.get('*/api/admin/orders', () => HttpResponse.json({ data: ORDERS, currentPage: 1, totalPages: 1, totalItems: 3, itemsPerPage: 50, hasNextPage: false, hasPreviousPage: false })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the call queue', () => {
  it('offers Confirm on an order with someone to call, never on one whose customer was erased', async () => {
    renderAdmin(<CallQueuePage />);
    const live = await screen.findByRole('listitem', { name: 'Order PS-TEST-0001' });
    const erased = screen.getByRole('listitem', { name: 'Order PS-TEST-0002' });
    expect(within(live).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(within(erased).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(erased).toHaveTextContent('Customer erased: nobody to call');
    expect(within(erased).getByRole('button', { name: 'Cancel…' })).toBeInTheDocument();
  });

  it('sets an order whose phone was blocked after it was placed apart, flagged, with those to review', async () => {
    renderAdmin(<CallQueuePage />);
    const review = await screen.findByRole('region', { name: 'Needs review' });
    const blocked = within(review).getByRole('listitem', { name: 'Order PS-TEST-0003' });
    expect(within(blocked).getByTestId('screening-flags')).toHaveTextContent('Phone blocked');
    expect(within(review).queryByRole('listitem', { name: 'Order PS-TEST-0001' })).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { api } from '../../lib/api';
import { renderAdmin } from '../testing/render-admin';
import { useNewOrderToast } from './use-new-order-toast';

let newest = 'PS-AAAA-0001';
let asked = 0;
const server = setupServer(
  http.get('*/api/admin/orders', () => {
    asked++;
    const order = { id: `id-${newest}`, orderNumber: newest, firstName: 'Mona', lastName: 'Adel', total: 434 };
    return HttpResponse.json({ data: [order], orders: [order], currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 1, hasNextPage: false, hasPreviousPage: false });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

function Probe() {
  useNewOrderToast();
  return null;
}

describe('new order toast', () => {
  it('announces an order placed after the page opened, linking to its page, and not the one already there', async () => {
    const { store } = renderAdmin(<Probe />);
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByTestId('toast')).toBeNull();
    newest = 'PS-BBBB-0002';
    // What a live `orders` change does.
    act(() => void store.dispatch(api.util.invalidateTags(['Order'])));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('New order');
    expect(toast).toHaveTextContent('PS-BBBB-0002 · Mona Adel');
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/admin/orders/PS-BBBB-0002');
  });
});

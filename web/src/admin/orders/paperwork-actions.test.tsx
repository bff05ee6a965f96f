import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { storeSession } from '../auth/admin-session';
import { ManifestDownload, OrderPaperworkButtons, PrintSelectedButtons } from './paperwork-actions';

const tokenFor = (srole: string) =>
  `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: 'pat.packer', role: 'ADMIN', srole, exp: Math.floor(Date.now() / 1000) + 1800 }))}.sig`;

const asked: Array<{ url: string; method: string; body: unknown }> = [];
const pdf = () => new HttpResponse(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': 'application/pdf' } });
const server = setupServer(
  http.post('*/api/admin/paperwork/packing-slips', async ({ request }) => {
    asked.push({ url: request.url, method: request.method, body: await request.json() });
    return pdf();
  }),
  http.get('*/api/admin/orders/:number/packing-slip', ({ request }) => {
    asked.push({ url: request.url, method: request.method, body: null });
    return pdf();
  }),
  http.get('*/api/admin/paperwork/manifest.csv', ({ request }) => {
    asked.push({ url: request.url, method: request.method, body: null });
    return new HttpResponse('Order Number\r\n', { headers: { 'Content-Type': 'text/csv' } });
  }),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  URL.createObjectURL = vi.fn(() => 'blob:paperwork');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});
afterAll(() => server.close());

describe('paperwork buttons', () => {
  it('prints the selected orders as one batch, A4 or labels', async () => {
    storeSession(tokenFor('shipping'));
    renderAdmin(<PrintSelectedButtons orderNumbers={['PS-AAAA-0001', 'PS-AAAA-0002']} />);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print packing slips' }));
    await userEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked.map((a) => [a.method, a.body])).toEqual([
      ['POST', { orders: ['PS-AAAA-0001', 'PS-AAAA-0002'], paper: 'A4' }],
      ['POST', { orders: ['PS-AAAA-0001', 'PS-AAAA-0002'], paper: 'LABEL_10x15' }],
    ]);
  });

  it('offers no print before a selection, nor past the batch limit', () => {
    storeSession(tokenFor('manager'));
    const { unmount } = renderAdmin(<PrintSelectedButtons orderNumbers={[]} />);
    expect(screen.getByRole('button', { name: 'Print packing slips' })).toBeDisabled();
    unmount();
    renderAdmin(<PrintSelectedButtons orderNumbers={Array.from({ length: 201 }, (_, i) => `PS-${i}`)} />);
    expect(screen.getByText('At most 200 orders at once')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print labels' })).toBeDisabled();
  });

  it("asks for one order's label and the chosen day's manifest", async () => {
    storeSession(tokenFor('shipping'));
    renderAdmin(
      <>
        <OrderPaperworkButtons orderNumber="PS-AAAA-0001" />
        <ManifestDownload />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Label' }));
    const day = screen.getByLabelText('Courier manifest');
    await userEvent.clear(day);
    await userEvent.type(day, '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Manifest CSV' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked.map((a) => new URL(a.url).pathname + new URL(a.url).search)).toEqual([
      '/api/admin/orders/PS-AAAA-0001/packing-slip?paper=LABEL_10x15',
      '/api/admin/paperwork/manifest.csv?date=2026-03-01',
    ]);
  });

  it('shows the call centre no paperwork', () => {
    storeSession(tokenFor('agent'));
    renderAdmin(
      <>
        <OrderPaperworkButtons orderNumber="PS-AAAA-0001" />
        <PrintSelectedButtons orderNumbers={['PS-AAAA-0001']} />
        <ManifestDownload />
      </>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

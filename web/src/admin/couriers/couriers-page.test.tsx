import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { storeSession } from '../auth/admin-session';
import { CouriersPage } from './couriers-page';

const tokenFor = (claims: Record<string, unknown>) =>
  `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: 'sara', role: 'ADMIN', exp: Math.floor(Date.now() / 1000) + 1800, ...claims }))}.sig`;

const bosta = { id: 'k1', name: 'Bosta', trackingUrlTemplate: null };
let uploads: string[] = [];
let patches: Array<{ id: string; body: unknown }> = [];
let progressReads = 0;
const server = setupServer(
  http.get('*/api/admin/couriers', () => HttpResponse.json([bosta])),
  http.get('*/api/admin/dashboard/couriers', () => HttpResponse.json([{ id: 'k1', name: 'Bosta', parcelsOut: 1, delivered: 2, refused: 1, owed: 845.5, settled: 0, fees: 75 }])),
  http.patch('*/api/admin/couriers/:id', async ({ request, params }) => {
    const body = (await request.json()) as { name: string; trackingUrlTemplate: string | null };
    patches.push({ id: String(params.id), body });
    return HttpResponse.json({ id: params.id, ...body });
  }),
  http.post('*/api/admin/couriers/:id/settlements', async ({ request, params }) => {
    const form = await request.formData();
    uploads.push(`${params.id}:${await (form.get('file') as File).text()}`);
    return HttpResponse.json({
      importId: 'i1', fileHash: 'h', courierId: 'k1', applied: 1, unchanged: 0, unmatched: 1, contradictory: 0, rejected: 0,
      lines: [
        { line: 2, trackingNumber: 'A-1', status: 'delivered', outcome: 'applied', effect: 'delivered', orderNumber: 'PS-1', message: null },
        { line: 3, trackingNumber: 'Z-9', status: 'delivered', outcome: 'unmatched', effect: null, orderNumber: null, message: 'No order was shipped with Bosta under this tracking number' },
      ],
    });
  }),
  // The projector applies the line after the answer: first not yet, then done.
  http.get('*/api/admin/couriers/:id/settlements/:importId', ({ params }) => {
    const done = progressReads++ === 0 ? 0 : 1;
    return HttpResponse.json({
      importId: params.importId, courierId: params.id, fileHash: 'h', importedAt: '2026-11-29T00:00:00.000Z', lines: 2, toApply: 1, done, finished: done === 1,
      applied: done, unchanged: 0, unmatched: 1, contradictory: 0, rejected: 0,
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  uploads = [];
  patches = [];
  progressReads = 0;
});
afterAll(() => server.close());

describe('couriers page', () => {
  it('shows the cash each courier owes, and imports a file listing what each line did', async () => {
    storeSession(tokenFor({ srole: 'manager' }));
    renderAdmin(<CouriersPage />);
    const row = await screen.findByRole('row', { name: 'Cash of Bosta' });
    expect(within(row).getByText('LE 845.50')).toBeInTheDocument();
    // A manager imports files but does not add couriers.
    expect(screen.queryByRole('form', { name: 'Add courier' })).toBeNull();

    await screen.findByRole('option', { name: 'Bosta' });
    await userEvent.upload(screen.getByLabelText('CSV file'), new File(['tracking,status,collected,fee,date\n'], 'bosta.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(uploads).toEqual(['k1:tracking,status,collected,fee,date\n']));
    expect(await screen.findByRole('cell', { name: /^Unmatched/ })).toHaveTextContent('No order was shipped with Bosta');
    expect(screen.getByRole('cell', { name: 'Applied: delivered' })).toBeInTheDocument();
    // Applied N of M until the projector has applied every line, then the final counts.
    expect(await screen.findByText('Applied 0 of 1')).toBeInTheDocument();
    expect(await screen.findByText('Done: 1 applied, 0 already recorded, 1 not applied', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).toBeNull();
  });

  it('lets the owner add a courier', async () => {
    storeSession(tokenFor({ srole: 'owner' }));
    renderAdmin(<CouriersPage />);
    expect(await screen.findByRole('form', { name: 'Add courier' })).toBeInTheDocument();
  });

  it('says a refused tracking link in words, not by the field name the API uses', async () => {
    server.use(
      http.post('*/api/admin/couriers', () =>
        HttpResponse.json(
          {
            statusCode: 400, error: 'Bad Request', message: 'trackingUrlTemplate must start with https://', code: 'INVALID_TRACKING_URL',
            fieldErrors: { trackingUrlTemplate: 'must start with https://' },
            wording: { code: 'field.invalid', args: { field: 'trackingUrlTemplate', detail: 'must start with https://' } },
          },
          { status: 400 },
        ),
      ),
    );
    storeSession(tokenFor({ srole: 'owner' }));
    renderAdmin(<CouriersPage />);
    const form = await screen.findByRole('form', { name: 'Add courier' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Aramex');
    await userEvent.type(within(form).getByLabelText(/Tracking link/), 'http://aramex.com/t/{{tracking}');
    await userEvent.click(within(form).getByRole('button', { name: 'Add courier' }));
    expect(await screen.findByText('The tracking link must start with https://')).toBeInTheDocument();
    expect(screen.queryByText(/trackingUrlTemplate/)).toBeNull();
  });

  it('lets the owner rename a courier and give it a tracking link, and a manager not', async () => {
    storeSession(tokenFor({ srole: 'owner' }));
    const { unmount } = renderAdmin(<CouriersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Bosta' }));
    const form = screen.getByRole('form', { name: 'Edit Bosta' });
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveValue('Bosta');
    await userEvent.clear(name);
    await userEvent.type(name, 'Bosta Express');
    await userEvent.type(within(form).getByLabelText(/Tracking link/), 'https://bosta.co/t?n={{tracking}');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([{ id: 'k1', body: { name: 'Bosta Express', trackingUrlTemplate: 'https://bosta.co/t?n={tracking}' } }]));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Bosta' })).toBeNull());
    unmount();

    storeSession(tokenFor({ srole: 'manager' }));
    renderAdmin(<CouriersPage />);
    await screen.findByRole('option', { name: 'Bosta' });
    expect(screen.queryByRole('button', { name: 'Edit Bosta' })).toBeNull();
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { ProjectionsPage } from './projections-page';

const running = {
  name: 'gallery', version: 1, checkpoint: '10/12', state: 'running', owner: 'r1', eventsHandled: 5, lastEventAt: null,
  lag: { events: 0, atLeast: false, seconds: 0 }, lastError: null, failure: null, rebuild: null, lastRebuildRequest: null,
};
const failed = {
  ...running,
  name: 'announcement',
  checkpoint: '8/9',
  state: 'failed',
  lag: { events: 3, atLeast: false, seconds: 42 },
  lastError: 'announcement boom refused',
  failure: {
    eventType: 'AnnouncementChanged',
    eventId: '6f1c2d3e-0000-4000-8000-000000000001',
    position: '9/10',
    error: 'announcement boom refused',
    firstFailedAt: '2026-11-22T10:00:00.000Z',
    attempts: 4,
    nextRetryAt: '2026-11-22T10:00:15.000Z',
  },
};

let projections: Array<Record<string, unknown>> = [failed, running];
const retries: string[] = [];
const rebuilds: string[] = [];
const server = setupServer(
  http.get('*/api/admin/projections', () => HttpResponse.json(projections)),
  http.post('*/api/admin/projections/:name/retry', ({ params }) => {
    retries.push(String(params.name));
    projections = projections.map((p) => (p.name === params.name ? { ...p, state: 'running', failure: null, lastError: null } : p));
    return HttpResponse.json({ projection: params.name, status: 'retry requested' }, { status: 202 });
  }),
  http.post('*/api/admin/projections/:name/rebuild', ({ params }) => {
    rebuilds.push(String(params.name));
    return HttpResponse.json({ projection: params.name, requestId: '1', status: 'requested' }, { status: 202 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  projections = [failed, running];
  retries.length = 0;
  rebuilds.length = 0;
});
afterAll(() => server.close());

describe('projections page', () => {
  it('shows what a failed projection stopped on and where its retries stand', async () => {
    renderAdmin(<ProjectionsPage />);
    const failure = within(await screen.findByLabelText('Failure of announcement'));
    expect(failure.getByText('announcement boom refused')).toBeInTheDocument();
    expect(failure.getByText('AnnouncementChanged', { exact: false })).toBeInTheDocument();
    expect(failure.getByText('6f1c2d3e-0000-4000-8000-000000000001')).toBeInTheDocument();
    expect(failure.getByText('9/10')).toBeInTheDocument();
    expect(failure.getByText(/^4, failing since/)).toBeInTheDocument();
    expect(screen.getByText('failed')).toBeInTheDocument();
    // Only the failed projection offers a retry; both can be rebuilt.
    expect(screen.getAllByRole('button', { name: /Retry .* now/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Rebuild announcement' })).toBeEnabled();
    expect(screen.queryByLabelText('Failure of gallery')).not.toBeInTheDocument();
  });

  it('Retry now calls the retry endpoint and the page shows the projection running again', async () => {
    renderAdmin(<ProjectionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry announcement now' }));
    await waitFor(() => expect(retries).toEqual(['announcement']));
    expect(await screen.findByText('Retry requested')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Failure of announcement')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Retry announcement now' })).not.toBeInTheDocument();
    expect(rebuilds).toEqual([]);
  });

  it('a failed retry request says so', async () => {
    server.use(http.post('*/api/admin/projections/:name/retry', () => HttpResponse.json({ statusCode: 409, message: 'announcement is not failed: nothing to retry' }, { status: 409 })));
    renderAdmin(<ProjectionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry announcement now' }));
    expect(await screen.findByText('announcement is not failed: nothing to retry')).toBeInTheDocument();
  });
});

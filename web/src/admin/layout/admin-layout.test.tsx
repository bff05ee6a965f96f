import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from 'react-router';
import { AUTH_TOKEN_KEY, readStorage } from '../../lib/storage';
import { markTwoFactorPending, storeSession } from '../auth/admin-session';
import { renderAdmin } from '../testing/render-admin';
import { AdminLayout } from './admin-layout';

const token = `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: 'alice', role: 'ADMIN', exp: Math.floor(Date.now() / 1000) + 1800 }))}.sig`;
let logoutAuthorization: Array<string | null> = [];
let logoutStatus = 204;

const server = setupServer(
  // The live updates' stream: open, with nothing to say.
  http.get('*/api/admin/live', () => new HttpResponse(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('event: ready\ndata: {}\n\n')) }), { headers: { 'Content-Type': 'text/event-stream' } })),
  http.post('*/api/admin/auth/logout', ({ request }) => {
    logoutAuthorization.push(request.headers.get('Authorization'));
    return logoutStatus === 204 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json({ message: 'down' }, { status: logoutStatus });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => storeSession(token));
afterEach(() => {
  server.resetHandlers();
  logoutAuthorization = [];
  logoutStatus = 204;
});
afterAll(() => server.close());

function renderLayout() {
  return renderAdmin(
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route index element={<p>Dashboard page</p>} />
      </Route>
      <Route path="/login" element={<p>Login page</p>} />
    </Routes>,
  );
}

describe('admin layout logout', () => {
  it('ends the session on the server with the bearer token, then forgets it and goes to /login', async () => {
    renderLayout();
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(logoutAuthorization).toEqual([`Bearer ${token}`]);
    expect(readStorage(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('still signs this browser out when the server fails to answer the logout', async () => {
    logoutStatus = 500;
    renderLayout();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByText('Login page')).toBeInTheDocument());
    expect(logoutAuthorization).toHaveLength(1);
    expect(readStorage(AUTH_TOKEN_KEY)).toBeNull();
  });
});

describe('admin layout while a required second factor is not set up', () => {
  function renderAt(path: string) {
    return renderAdmin(
      <Routes>
        <Route path="/admin" element={<AdminLayout />}>
          <Route index element={<p>Dashboard page</p>} />
          <Route path="orders" element={<p>Orders page</p>} />
          <Route path="two-factor" element={<p>Set-up page</p>} />
        </Route>
      </Routes>,
      { route: path },
    );
  }

  it('offers only the set-up page, and sends every other page there', async () => {
    markTwoFactorPending(true);
    renderAt('/admin/orders');
    expect(await screen.findByText('Set-up page')).toBeInTheDocument();
    expect(screen.queryByText('Orders page')).toBeNull();
    const links = within(screen.getByRole('navigation', { name: 'Admin' })).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Two-Factor Sign-In']);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows the whole menu once it is set up', async () => {
    markTwoFactorPending(false);
    renderAt('/admin/orders');
    expect(await screen.findByText('Orders page')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getAllByRole('link').length).toBeGreaterThan(10);
  });
});

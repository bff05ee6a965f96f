import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from 'react-router';
import { AdminApp } from '../admin-routes';
import { renderAdmin } from '../testing/render-admin';
import { storeSession } from './admin-session';

const tokenFor = (claims: Record<string, unknown>) =>
  `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: 'sara.agent', role: 'ADMIN', exp: Math.floor(Date.now() / 1000) + 1800, ...claims }))}.sig`;

const server = setupServer(
  http.get('*/api/admin/live', () => new HttpResponse(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('event: ready\ndata: {}\n\n')) }), { headers: { 'Content-Type': 'text/event-stream' } })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderAt(route: string) {
  return renderAdmin(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
      <Route path="/login" element={<p>Login page</p>} />
    </Routes>,
    { route },
  );
}

const navLinks = () => within(screen.getByRole('navigation', { name: 'Admin' })).getAllByRole('link').map((a) => a.textContent);

describe('the back-office follows the role', () => {
  it('shows an agent only the pages its role may use', async () => {
    storeSession(tokenFor({ srole: 'agent' }));
    renderAt('/admin/password');
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(navLinks()).toEqual(['Orders', 'Call Queue', 'Messages', 'Change Password', 'Two-Factor Sign-In', 'Sessions']);
  });

  it('shows a packer orders and nothing of the call centre', async () => {
    storeSession(tokenFor({ srole: 'shipping' }));
    renderAt('/admin/password');
    await screen.findByRole('heading', { name: 'Change Password' });
    expect(navLinks()).toEqual(['Orders', 'Change Password', 'Two-Factor Sign-In', 'Sessions']);
  });

  it('answers a deep link to a forbidden page with the forbidden page and a way back', async () => {
    storeSession(tokenFor({ srole: 'agent' }));
    renderAt('/admin/pricing');
    expect(await screen.findByRole('heading', { name: 'Your role cannot open this page' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Orders' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
  });

  it('keeps the fake-order defence the owner\'s: a manager deep-linking to it sees the forbidden page', async () => {
    storeSession(tokenFor({ srole: 'manager' }));
    renderAt('/admin/order-screening');
    expect(await screen.findByRole('heading', { name: 'Your role cannot open this page' })).toBeInTheDocument();
    expect(navLinks()).not.toContain('Order Screening');
  });

  it('sends a role without the dashboard from /admin to its first page, not to a loop', async () => {
    storeSession(tokenFor({ srole: 'shipping' }));
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
  });

  it('treats a token from the one-admin back-office as the owner: every link', async () => {
    storeSession(tokenFor({}));
    renderAt('/admin/password');
    await screen.findByRole('heading', { name: 'Change Password' });
    expect(navLinks()).toContain('Staff');
    expect(navLinks()).toContain('Pricing');
    expect(navLinks()).toContain('Staff Activity');
    expect(navLinks()).toContain('Order Screening');
    expect(navLinks()).toContain('Couriers');
    expect(navLinks()).toContain('Messages');
    expect(navLinks()).toHaveLength(24);
  });
});

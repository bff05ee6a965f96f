import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { makeStore } from '../../app/store';
import { Toaster } from '../../lib/toast';
import LoginPage from './login-page';
import { RequireAdmin } from './require-admin';

const token = (exp: number) =>
  `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: 'alice', role: 'ADMIN', exp }))}.sig`;
const inMinutes = (m: number) => Math.floor(Date.now() / 1000) + m * 60;

const server = setupServer(
  http.post('*/api/admin/auth/login', async ({ request }) => {
    const { username, password } = (await request.json()) as { username: string; password: string };
    if (username === 'alice' && password === 'right') return HttpResponse.json({ token: token(inMinutes(30)) });
    return HttpResponse.json({ message: 'Invalid username or password' }, { status: 401 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderApp(start: string) {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[start]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route
            path="/admin/*"
            element={
              <RequireAdmin>
                <Where />
              </RequireAdmin>
            }
          />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </Provider>,
  );
}

describe('login page and protected wrapper', () => {
  it('sends a signed-out admin to /login, then back to where they came from after signing in', async () => {
    renderApp('/admin/orders');
    await userEvent.type(await screen.findByLabelText('Username'), '  alice ');
    await userEvent.type(screen.getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login successful. Redirecting...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/orders'), { timeout: 2000 });
    expect(localStorage.getItem('auth-token')).toMatch(/\.sig$/);
  });

  it('shows the 401 message for a wrong password once, as the Error toast', async () => {
    renderApp('/login');
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ErrorInvalid username or password');
    expect(screen.getAllByText('Invalid username or password')).toHaveLength(1);
    expect(localStorage.getItem('auth-token')).toBeNull();
  });

  it('says a missing field once, inline, without asking the server', async () => {
    renderApp('/login');
    await userEvent.type(screen.getByLabelText('Username'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Username and password are required');
    expect(screen.getAllByText('Username and password are required')).toHaveLength(1);
  });

  it('explains a missing token and an unreachable server', async () => {
    server.use(http.post('*/api/admin/auth/login', () => HttpResponse.json({})));
    renderApp('/login');
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('No authentication token received')).toBeInTheDocument();

    server.use(http.post('*/api/admin/auth/login', () => HttpResponse.error()));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('No response from server. Please check your connection.')).not.toHaveLength(0);

    server.use(http.post('*/api/admin/auth/login', () => HttpResponse.json({}, { status: 429 })));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Login failed with status 429')).not.toHaveLength(0);
  });

  it('removes an expired token and goes to /login; a live one opens the page', async () => {
    localStorage.setItem('auth-token', token(inMinutes(-1)));
    renderApp('/admin/posters');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(localStorage.getItem('auth-token')).toBeNull();
  });

  it('asks an enrolled member for a code after the password, says why a code is refused, and signs in with the right one', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/admin/auth/login', () => HttpResponse.json({ twoFactorRequired: true, challenge: 'challenge-1', mustEnrolTwoFactor: false, mustChangePassword: false })),
      http.post('*/api/admin/auth/login/two-factor', async ({ request }) => {
        const body = (await request.json()) as { challenge: string; code?: string; recoveryCode?: string };
        sent.push(body);
        if (body.challenge === 'challenge-1' && (body.code === '123456' || body.recoveryCode === 'abcde-fghjk')) return HttpResponse.json({ token: token(inMinutes(30)), twoFactorRequired: false });
        return HttpResponse.json({ message: 'That code is wrong or was already used' }, { status: 401 });
      }),
    );
    renderApp('/admin/orders');
    await userEvent.type(await screen.findByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(localStorage.getItem('auth-token')).toBeNull();

    await userEvent.type(screen.getByLabelText('Authentication code'), '12 34');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code must be the 6 digits your authenticator app shows')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Authentication code'));
    await userEvent.type(screen.getByLabelText('Authentication code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is wrong or was already used; wait for the next one')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Authentication code'));
    await userEvent.type(screen.getByLabelText('Authentication code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/orders'), { timeout: 2000 });
    expect(sent).toEqual([
      { challenge: 'challenge-1', code: '654321' },
      { challenge: 'challenge-1', code: '123456' },
    ]);
  });

  it('sends a member who must set up a second factor to the set-up page', async () => {
    server.use(http.post('*/api/admin/auth/login', () => HttpResponse.json({ token: token(inMinutes(30)), mustEnrolTwoFactor: true, mustChangePassword: false, twoFactorRequired: false })));
    renderApp('/admin/orders');
    await userEvent.type(await screen.findByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/two-factor'), { timeout: 2000 });
  });

  it('lets a live session through', async () => {
    localStorage.setItem('auth-token', token(inMinutes(10)));
    renderApp('/admin/posters');
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/posters');
  });
});

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorStatus } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { btnPrimary, input } from '../shared/styles';
import { Field } from '../shared/field';
import { useLoginMutation } from './auth-api';
import { storeSession } from './admin-session';

const REDIRECT_DELAY_MS = 500;

/** Where the admin came from: router state (string or location) or a ?from= query parameter. */
function originOf(state: unknown, search: string): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login')) return from;
  if (from && typeof from === 'object' && typeof (from as { pathname?: unknown }).pathname === 'string') {
    const loc = from as { pathname: string; search?: string };
    if (!loc.pathname.startsWith('/login')) return loc.pathname + (loc.search ?? '');
  }
  const query = new URLSearchParams(search).get('from');
  if (query && query.startsWith('/') && !query.startsWith('//') && !query.startsWith('/login')) return query;
  return '/admin';
}

function loginFailureMessage(error: unknown): string {
  const status = errorStatus(error);
  if (status === 401) return 'Invalid username or password';
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'No response from server. Please check your connection.';
  if (typeof status === 'number') return `Login failed with status ${status}`;
  return 'Login failed. Please try again.';
}

export default function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [login, { isLoading }] = useLoginMutation();
  const [redirecting, setRedirecting] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name || !password) {
      setFailure('Username and password are required');
      return;
    }
    setFailure(null);
    let message: string;
    try {
      const answer = await login({ username: name, password }).unwrap();
      const token = answer?.token;
      if (token) {
        storeSession(token);
        setRedirecting(true);
        toast.success('Login successful. Redirecting...', undefined, 2000);
        // A one-time password is changed before anything else: the server refuses everything else until then.
        const target = answer.mustChangePassword ? '/admin/password' : originOf(location.state, location.search);
        timer.current = window.setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
        return;
      }
      message = 'No authentication token received';
    } catch (error) {
      message = loginFailureMessage(error);
    }
    // Said once: the server's answer is the 'Error' toast; the inline alert is for the form's own check.
    toast.error('Error', message, 2100);
  };

  const busy = isLoading || redirecting;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4">
      <form onSubmit={onSubmit} noValidate className="w-full max-w-sm space-y-4 rounded-lg bg-white p-6 shadow-md" aria-labelledby="login-title">
        <h1 id="login-title" className="text-center text-2xl font-bold text-gray-900">
          Admin Login
        </h1>
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <Field id="login-username" label="Username">
          <input
            id="login-username"
            name="username"
            autoComplete="username"
            required
            className={input}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </Field>
        <Field id="login-password" label="Password">
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={input}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <button type="submit" className={`${btnPrimary} w-full`} disabled={busy}>
          {isLoading ? 'Signing in...' : 'Sign in'}
        </button>
        <p className="text-center text-sm">
          <Link to="/" className="text-indigo-700 hover:underline">
            Return to home
          </Link>
        </p>
      </form>
    </main>
  );
}

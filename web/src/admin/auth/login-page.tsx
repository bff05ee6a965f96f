import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorStatus } from '../../lib/api';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { btnPrimary, input } from '../shared/styles';
import { Field } from '../shared/field';
import type { LoginResponseDto } from '../../api/generated-admin';
import { useLoginMutation, useLoginWithSecondFactorMutation } from './auth-api';
import { markTwoFactorPending, storeSession } from './admin-session';

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

function secondFactorFailureMessage(error: unknown, recovery: boolean): string {
  const status = errorStatus(error);
  if (status === 401) return recovery ? 'That recovery code is wrong or was already used' : 'That code is wrong or was already used; wait for the next one';
  if (status === 429) return 'Too many attempts. Please wait a few minutes and try again.';
  return errorMessage(error, 'Sign-in failed. Please try again.');
}

export default function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [login, { isLoading: passwordLoading }] = useLoginMutation();
  const [loginWithSecondFactor, { isLoading: codeLoading }] = useLoginWithSecondFactorMutation();
  // The password was right and a second factor is set up: the challenge waits for a code.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const isLoading = passwordLoading || codeLoading;
  const [redirecting, setRedirecting] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const signedIn = (answer: LoginResponseDto): boolean => {
    const token = answer?.token;
    if (!token) return false;
    storeSession(token);
    markTwoFactorPending(!answer.mustChangePassword && answer.mustEnrolTwoFactor === true);
    setRedirecting(true);
    toast.success('Login successful. Redirecting...', undefined, 2000);
    // A one-time password is changed, then a required second factor set up, before anything else:
    // the server refuses everything else until then.
    const target = answer.mustChangePassword ? '/admin/password' : answer.mustEnrolTwoFactor ? '/admin/two-factor' : originOf(location.state, location.search);
    timer.current = window.setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    return true;
  };

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
      if (answer?.twoFactorRequired && answer.challenge) {
        setChallenge(answer.challenge);
        setPassword('');
        return;
      }
      if (signedIn(answer)) return;
      message = 'No authentication token received';
    } catch (error) {
      message = loginFailureMessage(error);
    }
    // Said once: the server's answer is the 'Error' toast; the inline alert is for the form's own check.
    toast.error('Error', message, 2100);
  };

  const onCode = async (event: FormEvent) => {
    event.preventDefault();
    const given = code.replace(/\s/g, '');
    if (!useRecovery && !/^\d{6}$/.test(given)) return setFailure('Code must be the 6 digits your authenticator app shows');
    if (useRecovery && !/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(given)) return setFailure('Recovery code must be one of your ten codes (xxxxx-xxxxx)');
    setFailure(null);
    let message: string;
    try {
      const answer = await loginWithSecondFactor({ challenge: challenge!, ...(useRecovery ? { recoveryCode: given } : { code: given }) }).unwrap();
      if (signedIn(answer)) return;
      message = 'No authentication token received';
    } catch (error) {
      message = secondFactorFailureMessage(error, useRecovery);
      // The five minutes after the password are over: start again.
      if (errorStatus(error) === 400 && /sign-in expired/i.test(message)) setChallenge(null);
    }
    setFailure(message);
  };

  if (challenge) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4">
        <form onSubmit={onCode} noValidate className="w-full max-w-sm space-y-4 rounded-lg bg-white p-6 shadow-md" aria-labelledby="code-title">
          <h1 id="code-title" className="text-center text-2xl font-bold text-gray-900">
            Two-factor sign-in
          </h1>
          <p className="text-sm text-gray-700">
            {useRecovery ? 'Enter one of your recovery codes. Each works once.' : 'Enter the 6-digit code your authenticator app shows for this shop.'}
          </p>
          {failure && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {failure}
            </p>
          )}
          <Field id="login-code" label={useRecovery ? 'Recovery code' : 'Authentication code'}>
            <input
              id="login-code"
              name="code"
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              autoFocus
              className={input}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </Field>
          <button type="submit" className={`${btnPrimary} w-full`} disabled={isLoading || redirecting}>
            {codeLoading ? 'Checking...' : 'Verify'}
          </button>
          <p className="flex justify-between text-sm">
            <button type="button" className="text-indigo-700 hover:underline" onClick={() => { setUseRecovery(!useRecovery); setCode(''); setFailure(null); }}>
              {useRecovery ? 'Use the app’s code' : 'Use a recovery code'}
            </button>
            <button type="button" className="text-indigo-700 hover:underline" onClick={() => { setChallenge(null); setCode(''); setFailure(null); }}>
              Start again
            </button>
          </p>
        </form>
      </main>
    );
  }

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

import { isStaffRole, type StaffRole } from '../../../../libs/domain/src/admin/staff-permissions';
import { AUTH_TOKEN_KEY, readStorage, writeStorage } from '../../lib/storage';

// The admin token is valid 30 minutes from last activity. The server slides the
// expiry by answering X-Renewed-Token (stored by the shared baseQuery), so the token's own `exp`
// claim is the source of truth; tokens without one fall back to the time they were last stored.

export const SESSION_MINUTES = 30;
export const SESSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;
const SESSION_MS = SESSION_MINUTES * 60 * 1000;
const STORED_AT_KEY = 'auth-token-stored-at';
const TWO_FACTOR_PENDING_KEY = 'two-factor-pending';

interface TokenClaims {
  exp?: number;
  sub?: string;
  username?: string;
  role?: string;
  roles?: string[];
  /** The staff role when the token was last renewed: which pages to show (the server decides). */
  srole?: string;
}

export function decodeToken(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const claims = JSON.parse(json) as unknown;
    return claims && typeof claims === 'object' ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string): void {
  writeStorage(AUTH_TOKEN_KEY, token);
  writeStorage(STORED_AT_KEY, String(Date.now()));
}

export function clearSession(): void {
  writeStorage(AUTH_TOKEN_KEY, null);
  writeStorage(STORED_AT_KEY, null);
  writeStorage(TWO_FACTOR_PENDING_KEY, null);
}

/**
 * Whether the signed-in member must still set up the second factor their role requires, as the
 * sign-in (or password change) answered: until then the server refuses every page but the set-up,
 * so the back-office offers only that one. Kept across a reload; cleared once set up.
 */
export function markTwoFactorPending(pending: boolean): void {
  writeStorage(TWO_FACTOR_PENDING_KEY, pending ? '1' : null);
}

export function isTwoFactorPending(): boolean {
  return readStorage(TWO_FACTOR_PENDING_KEY) === '1';
}

export function sessionToken(): string | null {
  return readStorage(AUTH_TOKEN_KEY);
}

/** True while a stored token exists and has not expired; an expired token is removed. */
export function isSessionValid(now = Date.now()): boolean {
  const token = sessionToken();
  if (!token) return false;
  const claims = decodeToken(token);
  let expiresAt: number;
  if (claims?.exp) expiresAt = claims.exp * 1000;
  else expiresAt = Number(readStorage(STORED_AT_KEY) ?? now) + SESSION_MS;
  if (!claims || expiresAt <= now) {
    clearSession();
    return false;
  }
  return true;
}

/** ADMIN is the only recognised role; a token naming another role is refused. */
export function sessionRole(): string | null {
  const token = sessionToken();
  const claims = token ? decodeToken(token) : null;
  if (!claims) return null;
  return claims.role ?? claims.roles?.[0] ?? 'ADMIN';
}

export function sessionUsername(): string | null {
  const token = sessionToken();
  const claims = token ? decodeToken(token) : null;
  return claims?.username ?? claims?.sub ?? null;
}

/**
 * The staff role of the signed-in member, as the server last renewed it into the token. A token
 * without one comes from the one-admin back-office: its holder is the owner.
 */
export function sessionStaffRole(): StaffRole | null {
  const token = sessionToken();
  const claims = token ? decodeToken(token) : null;
  if (!claims) return null;
  if (claims.srole === undefined) return 'owner';
  return isStaffRole(claims.srole) ? claims.srole : null;
}

/**
 * Login guessing limits, in memory (per API process). An attempt is counted when it starts,
 * before the password is checked, so parallel guesses cannot all slip in while the first ones
 * are still being verified; a success refunds it. Past a few free failures a key backs off
 * exponentially (never a fixed lock), and only one attempt at a time is let through after a wait.
 *
 * These limits are for devices without a valid device cookie (device-cookies.ts): per account,
 * and per client as a generous ceiling against one address spraying usernames. A trusted device
 * draws on neither, so neither limit can lock the owner out of their own laptop.
 */
export interface BackoffPolicy {
  /** Failures allowed before backing off. */
  freeFailures: number;
  /** Wait after the first failure past the free ones; doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
}

interface KeyState {
  failures: number;
  inFlight: number;
  blockedUntil: number;
  lastSeen: number;
}

/** success forgives the key; failure keeps the count; refund undoes an attempt never made. */
export type Outcome = 'success' | 'failure' | 'refund';

export type Attempt = { allowed: true; settle: (outcome: Outcome) => void } | { allowed: false; retryAfterMs: number };

const MAX_KEYS = 50_000;

export class BackoffLimiter {
  private readonly keys = new Map<string, KeyState>();

  constructor(
    private readonly policy: BackoffPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt now, or says how long to wait. Synchronous: atomic in Node's event loop. */
  begin(key: string): Attempt {
    const t = this.now();
    let s = this.keys.get(key);
    if (s && s.inFlight === 0 && s.blockedUntil <= t && t - s.lastSeen > this.policy.maxDelayMs) {
      this.keys.delete(key); // quiet for longer than the longest back-off: forgiven
      s = undefined;
    }
    if (s && s.blockedUntil > t) return { allowed: false, retryAfterMs: s.blockedUntil - t };
    if (s && s.failures >= this.policy.freeFailures && s.inFlight > 0) return { allowed: false, retryAfterMs: this.policy.baseDelayMs };
    if (!s) {
      if (this.keys.size >= MAX_KEYS) this.prune(t);
      s = { failures: 0, inFlight: 0, blockedUntil: 0, lastSeen: t };
      this.keys.set(key, s);
    }
    const state = s;
    const blockedBefore = state.blockedUntil;
    state.failures++;
    state.inFlight++;
    state.lastSeen = t;
    // The attempt that uses up the last free failure starts the wait, so sequential and parallel
    // guessing both get exactly `freeFailures` checks (no extra one for whoever waits for the rest).
    const over = state.failures - this.policy.freeFailures + 1;
    if (over > 0) state.blockedUntil = t + Math.min(this.policy.maxDelayMs, this.policy.baseDelayMs * 2 ** Math.min(30, over - 1));
    let settled = false;
    return {
      allowed: true,
      settle: (outcome) => {
        if (settled) return;
        settled = true;
        state.inFlight--;
        if (outcome === 'success' && this.keys.get(key) === state) this.keys.delete(key);
        if (outcome === 'refund') {
          state.failures--;
          state.blockedUntil = blockedBefore;
        }
      },
    };
  }

  private prune(t: number): void {
    for (const [k, s] of this.keys) if (s.inFlight === 0 && s.blockedUntil <= t) this.keys.delete(k);
    // Still full (an attack from very many clients): drop the oldest half rather than grow.
    if (this.keys.size >= MAX_KEYS) [...this.keys.keys()].slice(0, MAX_KEYS / 2).forEach((k) => this.keys.delete(k));
  }
}

/** Both limits of a login from an untrusted device: the account's, and the client's ceiling. */
export class LoginThrottle {
  constructor(
    private readonly perClient: BackoffLimiter,
    private readonly perAccount: BackoffLimiter,
  ) {}

  begin(username: string, client: string): Attempt {
    const account = this.perAccount.begin(username.toLowerCase());
    if (!account.allowed) return account;
    const whole = this.perClient.begin(client);
    if (!whole.allowed) {
      account.settle('refund');
      return whole;
    }
    return {
      allowed: true,
      settle: (outcome) => {
        account.settle(outcome);
        whole.settle(outcome);
      },
    };
  }
}

/**
 * Five free failures per account from untrusted devices, then 30 s, 1 min, 2 min … up to 15 min.
 * A hundred per client: an office behind one address mistypes far less than that, a sprayer more.
 */
export function defaultLoginThrottle(now: () => number = Date.now): LoginThrottle {
  return new LoginThrottle(
    new BackoffLimiter({ freeFailures: 100, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000 }, now),
    new BackoffLimiter({ freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000 }, now),
  );
}

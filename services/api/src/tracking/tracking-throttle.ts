import { BackoffLimiter } from '../auth/login-rate-limiter.js';

/**
 * Order tracking answers "does this order number go with this phone": guessing is limited per
 * client like logins are. Ten free misses, then 30 s doubling to 15 min; a match forgives.
 */
export function defaultTrackingThrottle(now: () => number = Date.now): BackoffLimiter {
  return new BackoffLimiter({ freeFailures: 10, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000 }, now);
}

/** Back-off of a failed projection: base, doubling per failed attempt, up to max. */
export interface RetryBackoff {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY_BACKOFF: RetryBackoff = { baseMs: 1000, maxMs: 5 * 60_000 };

export function retryDelayMs(attempts: number, backoff: RetryBackoff): number {
  // The exponent is capped so 2^n never overflows into Infinity on a projection failing for days.
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(Math.max(0, attempts - 1), 40));
}

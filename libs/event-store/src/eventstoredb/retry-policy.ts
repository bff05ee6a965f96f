/** How often, and after what pauses, the adapter tries again before giving up. */
export interface RetryPolicy {
  /** Tries after the first one. */
  retries: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** The nth retry (1-based) waits twice as long as the one before, capped. */
export function retryDelayMs(policy: RetryPolicy, retry: number): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (retry - 1));
}

/** Resolves after `ms`, or as soon as `signal` aborts (a close() must not wait out a back-off). */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Failed-attempt counter per key in a fixed window, in memory (per API process). Login is
 * limited per client IP and per username, so neither spraying one account from many IPs nor
 * many accounts from one IP gets far. Only failures count: a shop whose admins log in often is
 * never locked out by its own successes. Several replicas each keep their own window.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { start: number; failures: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the key already used up its failures in the current window. */
  blocked(key: string): boolean {
    const w = this.current(key);
    return w !== undefined && w.failures >= this.maxFailures;
  }

  fail(key: string): void {
    const t = this.now();
    let w = this.current(key);
    if (!w) {
      w = { start: t, failures: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 10_000) this.prune(t);
    }
    w.failures++;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string) {
    const w = this.windows.get(key);
    if (w && this.now() - w.start >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private prune(t: number): void {
    for (const [k, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(k);
  }
}

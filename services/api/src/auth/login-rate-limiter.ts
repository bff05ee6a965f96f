/**
 * Fixed-window attempt counter, in memory (per API process). Login is limited per client IP
 * and per username so neither spraying one account from many IPs nor many accounts from one IP
 * gets far. Several API replicas each keep their own window: the limit is per replica.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt; false when the key is over its limit for the current window. */
  hit(key: string): boolean {
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || t - w.start >= this.windowMs) {
      w = { start: t, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 10_000) this.prune(t);
    }
    w.count++;
    return w.count <= this.max;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(t: number): void {
    for (const [k, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(k);
  }
}

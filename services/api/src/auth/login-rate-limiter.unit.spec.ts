import { describe, expect, it } from '@jest/globals';
import { BackoffLimiter, defaultLoginThrottle, type Attempt } from './login-rate-limiter.js';

const policy = { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 8000 };
const allowed = (a: Attempt) => (a.allowed ? a : undefined);

describe('BackoffLimiter', () => {
  it('lets the free failures through, then backs off exponentially up to the cap', () => {
    let now = 0;
    const limiter = new BackoffLimiter(policy, () => now);
    for (let i = 0; i < 3; i++) allowed(limiter.begin('k'))!.settle('failure'); // the 3rd sets a 1 s wait
    expect(limiter.begin('k')).toEqual({ allowed: false, retryAfterMs: 1000 });
    now += 1000;
    allowed(limiter.begin('k'))!.settle('failure'); // 4th: 2 s
    expect(limiter.begin('k')).toEqual({ allowed: false, retryAfterMs: 2000 });
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const refused = limiter.begin('k');
      now += refused.allowed ? 0 : refused.retryAfterMs;
      waits.push(refused.allowed ? 0 : refused.retryAfterMs);
      allowed(limiter.begin('k'))!.settle('failure');
    }
    expect(waits).toEqual([2000, 4000, 8000, 8000, 8000]);
    expect(limiter.begin('other').allowed).toBe(true);
  });

  it('lets exactly the free failures through whether they come one by one or all at once', () => {
    const oneByOne = new BackoffLimiter(policy, () => 0);
    let checked = 0;
    for (let i = 0; i < 10; i++) {
      const a = oneByOne.begin('k');
      if (a.allowed) {
        checked++;
        a.settle('failure');
      }
    }
    expect(checked).toBe(3);
  });

  it('counts an attempt when it starts: parallel attempts past the free ones are refused', () => {
    const limiter = new BackoffLimiter(policy, () => 0);
    const results = Array.from({ length: 40 }, () => limiter.begin('k'));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it('forgives on success, and undoes a refunded attempt', () => {
    const limiter = new BackoffLimiter(policy, () => 0);
    for (let i = 0; i < 2; i++) allowed(limiter.begin('k'))!.settle('failure');
    allowed(limiter.begin('k'))!.settle('success');
    for (let i = 0; i < 3; i++) allowed(limiter.begin('k'))!.settle('refund');
    expect(limiter.begin('k').allowed).toBe(true);
  });

  it('forgets a key that stayed quiet longer than the longest back-off', () => {
    let now = 0;
    const limiter = new BackoffLimiter(policy, () => now);
    for (let i = 0; i < 6; i++) {
      const a = limiter.begin('k');
      if (a.allowed) a.settle('failure');
    }
    now += 8001 + 8000;
    for (let i = 0; i < 3; i++) allowed(limiter.begin('k'))!.settle('failure');
  });
});

describe('login throttle', () => {
  it("limits an account's untrusted devices together, wherever they are, without touching other accounts", () => {
    const throttle = defaultLoginThrottle(() => 0);
    const guesses = Array.from({ length: 40 }, () => throttle.begin('admin', '10.0.0.66'));
    expect(guesses.filter((g) => g.allowed)).toHaveLength(5);
    expect(throttle.begin('ADMIN', '10.0.0.7').allowed).toBe(false);
    expect(throttle.begin('sara', '10.0.0.66').allowed).toBe(true);
  });

  it('limits one client spraying many usernames, above what a busy office mistypes', () => {
    const throttle = defaultLoginThrottle(() => 0);
    let allowedCount = 0;
    for (let i = 0; i < 300; i++) {
      const a = throttle.begin(`user${i}`, '10.0.0.66');
      if (a.allowed) {
        allowedCount++;
        a.settle('failure');
      }
    }
    expect(allowedCount).toBe(100);
  });
});

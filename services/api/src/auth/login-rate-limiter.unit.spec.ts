import { describe, expect, it } from '@jest/globals';
import { AttemptLimiter } from './login-rate-limiter.js';

describe('AttemptLimiter', () => {
  it('blocks a key after its failures in the window, and forgets them when the window ends', () => {
    let now = 0;
    const limiter = new AttemptLimiter(3, 1000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.blocked('ip')).toBe(false);
      limiter.fail('ip');
    }
    expect(limiter.blocked('ip')).toBe(true);
    expect(limiter.blocked('other')).toBe(false);
    now = 1000;
    expect(limiter.blocked('ip')).toBe(false);
  });

  it('is cleared by a reset (a successful login)', () => {
    const limiter = new AttemptLimiter(1, 1000, () => 0);
    limiter.fail('admin');
    expect(limiter.blocked('admin')).toBe(true);
    limiter.reset('admin');
    expect(limiter.blocked('admin')).toBe(false);
  });
});

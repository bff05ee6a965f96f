import { randomUUID } from 'node:crypto';
import type { GuessCounter } from './guess-counter.port.js';
import { RedisGuessCounter } from './redis-guess-counter.js';

/** Answers nothing: the Redis counter must never need it while Redis answers. */
const unused: GuessCounter = {
  take: () => Promise.reject(new Error('fallback used')),
  refund: () => Promise.reject(new Error('fallback used')),
  close: async () => undefined,
};

/**
 * Second-factor and device guess counts on the test redis-server (REDIS_URL, from jest's global
 * setup): two counters on one Redis stand for two API processes, on the test's clock.
 */
describe('RedisGuessCounter on a real Redis', () => {
  let t = 7_000_000;
  const now = () => t;
  const prefix = `test:guesses:${randomUUID()}:`;
  const a = new RedisGuessCounter(process.env.REDIS_URL!, unused, prefix, now);
  const b = new RedisGuessCounter(process.env.REDIS_URL!, unused, prefix, now);
  const limit = { limit: 5, windowMs: 15 * 60_000 };

  beforeAll(async () => {
    await Promise.all([a.connect(), b.connect()]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('is one count across processes: five in the window, then refused until the window that began with the first ends', async () => {
    const taken = [];
    for (const [i, counter] of [a, b, a, b, a, b].entries()) {
      taken.push(await counter.take('account:sara', limit));
      t += i === 0 ? 60_000 : 1000;
    }
    expect(taken.map((x) => (x.allowed ? x.count : 'refused'))).toEqual([1, 2, 3, 4, 5, 'refused']);
    expect(taken[4]).toMatchObject({ windowEndsAt: 7_000_000 + 15 * 60_000 });
    expect(taken[5]).toEqual({ allowed: false, retryAfterMs: 15 * 60_000 - 60_000 - 4000 });
    t += 15 * 60_000;
    expect(await b.take('account:sara', limit)).toMatchObject({ allowed: true, count: 1 });
  });

  it('lets exactly five through when forty race from two processes, and a refund gives one back', async () => {
    const all = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take('race', limit)));
    expect(all.filter((x) => x.allowed)).toHaveLength(5);
    await a.refund('race');
    expect((await b.take('race', limit)).allowed).toBe(true);
    expect((await a.take('race', limit)).allowed).toBe(false);
  });

  it('keeps no key in clear', async () => {
    await a.take('account:mona.secret', limit);
    const { Redis } = await import('ioredis');
    const raw = new Redis(process.env.REDIS_URL!);
    try {
      const keys = await raw.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join(' ')).not.toContain('mona');
    } finally {
      raw.disconnect();
    }
  });
});

describe('RedisGuessCounter without Redis', () => {
  it('counts in the shared fallback (PostgreSQL in the API), never in this process alone', async () => {
    const calls: string[] = [];
    const shared: GuessCounter = {
      take: async (key) => {
        calls.push(`take ${key}`);
        return { allowed: false, retryAfterMs: 60_000 };
      },
      refund: async (key) => {
        calls.push(`refund ${key}`);
      },
      close: async () => undefined,
    };
    // A port nothing listens on: every command fails at once (no offline queue).
    const counter = new RedisGuessCounter('redis://127.0.0.1:1', shared, 'test:guesses:down:');
    await counter.connect().catch(() => undefined);
    try {
      expect(await counter.take('account:sara', { limit: 5, windowMs: 60_000 })).toEqual({ allowed: false, retryAfterMs: 60_000 });
      await counter.refund('account:sara');
      expect(calls).toEqual(['take account:sara', 'refund account:sara']);
    } finally {
      await counter.close();
    }
  });
});

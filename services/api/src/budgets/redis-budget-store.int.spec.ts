import { randomUUID } from 'node:crypto';
import type { BudgetRule } from '#platform/config/budgets-config.js';
import { MemoryBudgetStore } from './memory-budget-store.js';
import { RedisBudgetStore } from './redis-budget-store.js';

/**
 * The Redis store on the test redis-server (REDIS_URL, from jest's global setup): two stores on
 * one Redis stand for two API processes. The clock is the test's, passed to the script, so the
 * refill is exact and nothing waits for real time.
 */
const url = process.env.REDIS_URL!;
const rule: BudgetRule = { amount: 10, periodMs: 60_000, burst: 3 };

describe('RedisBudgetStore on a real Redis', () => {
  let t = 5_000_000;
  const now = () => t;
  // A prefix of its own: runs (and other suites on the same Redis) never share a bucket.
  const prefix = `test:budget:${randomUUID()}:`;
  const a = new RedisBudgetStore(url, prefix, now);
  const b = new RedisBudgetStore(url, prefix, now);

  beforeAll(async () => {
    await Promise.all([a.connect(), b.connect()]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('is one budget across processes, refused with the exact wait, refilled on the clock', async () => {
    const verdicts = [];
    for (const store of [a, b, a, b]) verdicts.push(await store.spend('cart:1.2.3.4', rule, 1));
    expect(verdicts).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }, { allowed: false, retryAfterMs: 6_000 }]);
    t += 6_000;
    expect(await b.spend('cart:1.2.3.4', rule, 1)).toEqual({ allowed: true });
    expect((await a.spend('cart:1.2.3.4', rule, 1)).allowed).toBe(false);
    expect(await a.spend('cart:5.6.7.8', rule, 1)).toEqual({ allowed: true });
  });

  it('lets exactly the burst through when many spends race from two processes', async () => {
    const all = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).spend('race', rule, 1)));
    expect(all.filter((v) => v.allowed)).toHaveLength(3);
  });

  it('agrees with the in-process store on the same sequence (one arithmetic)', async () => {
    const memory = new MemoryBudgetStore(now);
    const bytes: BudgetRule = { amount: 2 * 1024 ** 3, periodMs: 3_600_000, burst: 200 * 1024 ** 2 };
    const costs = [10 * 1024 ** 2, 150 * 1024 ** 2, 30 * 1024 ** 2, 20 * 1024 ** 2, 5, 300 * 1024 ** 2];
    for (const cost of costs) {
      const [r, m] = [await a.spend('bytes', bytes, cost), await memory.spend('bytes', bytes, cost)];
      expect(r.allowed).toBe(m.allowed);
      if (!r.allowed && !m.allowed) expect(r.retryAfterMs).toBeCloseTo(m.retryAfterMs, 0);
      t += 1000;
    }
  });

  it('shares the slots in flight, gives one back on release, and lets a lapsed one go', async () => {
    const s1 = await a.enter('uploads:c', 2, 60_000);
    const s2 = await b.enter('uploads:c', 2, 60_000);
    expect([s1.entered, s2.entered]).toEqual([true, true]);
    expect((await a.enter('uploads:c', 2, 60_000)).entered).toBe(false);
    if (s1.entered) await s1.release();
    expect((await b.enter('uploads:c', 2, 60_000)).entered).toBe(true);
    expect((await a.enter('uploads:c', 2, 60_000)).entered).toBe(false);
    t += 60_001; // the holders died without releasing: their leases lapse
    expect((await a.enter('uploads:c', 2, 60_000)).entered).toBe(true);
  });

  it('keeps budgets in the process while Redis cannot answer', async () => {
    // Never connected: with no offline queue every command fails at once, as while Redis is down.
    const gone = new RedisBudgetStore('redis://127.0.0.1:1', prefix, now);
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push((await gone.spend('cart:9.9.9.9', rule, 1)).allowed);
    expect(verdicts).toEqual([true, true, true, false]);
    await gone.close();
  });
});

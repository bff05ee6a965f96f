import type { BudgetRule } from '#platform/config/budgets-config.js';
import { MemoryBudgetStore } from './memory-budget-store.js';

/** A clock the test moves by hand: no test here waits for real time. */
function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

const tenPerMinuteBurst3: BudgetRule = { amount: 10, periodMs: 60_000, burst: 3 };

async function spendMany(store: MemoryBudgetStore, key: string, rule: BudgetRule, n: number, cost = 1) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await store.spend(key, rule, cost));
  return out;
}

describe('MemoryBudgetStore (token bucket)', () => {
  it('lets a burst through, then refuses with the exact wait until one unit has refilled', async () => {
    const c = clock();
    const store = new MemoryBudgetStore(c.now);
    const verdicts = await spendMany(store, 'cart:1.2.3.4', tenPerMinuteBurst3, 4);
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]).toEqual({ allowed: false, retryAfterMs: 6_000 }); // one unit per 6 s
    c.advance(5_999);
    expect((await store.spend('cart:1.2.3.4', tenPerMinuteBurst3, 1)).allowed).toBe(false);
    c.advance(1);
    expect((await store.spend('cart:1.2.3.4', tenPerMinuteBurst3, 1)).allowed).toBe(true);
    expect((await store.spend('cart:1.2.3.4', tenPerMinuteBurst3, 1)).allowed).toBe(false);
  });

  it('holds the average rate over a long run: a flood gets the rate, not more', async () => {
    const c = clock();
    const store = new MemoryBudgetStore(c.now);
    let allowed = 0;
    // 155 attempts a second (the attack's cart rate) for ten minutes.
    for (let ms = 0; ms < 600_000; ms += 1000) {
      for (const v of await spendMany(store, 'k', tenPerMinuteBurst3, 155)) if (v.allowed) allowed++;
      c.advance(1000);
    }
    expect(allowed).toBe(3 + 100 - 1); // the burst, then one per 6 s (the first refill lands at 6 s)
  });

  it('keeps clients apart', async () => {
    const c = clock();
    const store = new MemoryBudgetStore(c.now);
    await spendMany(store, 'cart:a', tenPerMinuteBurst3, 3);
    expect((await store.spend('cart:a', tenPerMinuteBurst3, 1)).allowed).toBe(false);
    expect((await store.spend('cart:b', tenPerMinuteBurst3, 1)).allowed).toBe(true);
  });

  it('spends by cost (bytes), and a spend larger than the bucket costs the whole bucket', async () => {
    const c = clock();
    const store = new MemoryBudgetStore(c.now);
    const bytes: BudgetRule = { amount: 1000, periodMs: 1000, burst: 100 };
    expect((await store.spend('b', bytes, 60)).allowed).toBe(true);
    expect(await store.spend('b', bytes, 60)).toEqual({ allowed: false, retryAfterMs: 20 });
    c.advance(1000);
    expect((await store.spend('b', bytes, 1_000_000)).allowed).toBe(true);
    expect((await store.spend('b', bytes, 1)).allowed).toBe(false);
  });

  it('forgets a client whose bucket has refilled, and never grows past its cap', async () => {
    const c = clock();
    const store = new MemoryBudgetStore(c.now, 100);
    for (let i = 0; i < 100; i++) await store.spend(`k${i}`, tenPerMinuteBurst3, 1);
    expect(store.size).toBe(100);
    c.advance(6_000); // every bucket full again: the same as never seen
    await store.spend('new', tenPerMinuteBurst3, 1);
    expect(store.size).toBe(1);
    // Many clients active at once: the least recently used tenth is forgiven rather than the map growing.
    for (let i = 0; i < 500; i++) await store.spend(`busy${i}`, tenPerMinuteBurst3, 3);
    expect(store.size).toBeLessThanOrEqual(100);
    expect((await store.spend('busy499', tenPerMinuteBurst3, 1)).allowed).toBe(false); // the newest are kept
  });

  it('counts requests in flight per client, and a released slot is free again', async () => {
    const store = new MemoryBudgetStore();
    const first = await store.enter('uploads:a', 2, 60_000);
    const second = await store.enter('uploads:a', 2, 60_000);
    expect([first.entered, second.entered]).toEqual([true, true]);
    expect((await store.enter('uploads:a', 2, 60_000)).entered).toBe(false);
    expect((await store.enter('uploads:b', 2, 60_000)).entered).toBe(true);
    if (first.entered) await first.release();
    expect((await store.enter('uploads:a', 2, 60_000)).entered).toBe(true);
  });
});

import { BoundedCache } from './bounded-cache.js';

describe('BoundedCache', () => {
  it('never holds more than its ceiling, dropping the least recently set first', () => {
    const cache = new BoundedCache<number, number>(3, 60_000);
    for (let i = 0; i < 1000; i++) cache.set(i, i);
    expect(cache.size).toBe(3);
    expect([cache.get(996), cache.get(997), cache.get(999)]).toEqual([undefined, 997, 999]);
  });

  it('forgets an entry older than its age limit', () => {
    let now = 0;
    const cache = new BoundedCache<string, string>(10, 5_000, () => now);
    cache.set('k', 'v');
    now = 5_000;
    expect(cache.get('k')).toBe('v');
    now = 5_001;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops expired entries as new ones arrive, so it holds only the last age limit of entries', () => {
    let now = 0;
    const cache = new BoundedCache<number, number>(20_000, 5_000, () => now);
    // One new entry a millisecond for a minute: 60,000 set, the last 5 s (and the one at the edge) kept.
    for (let i = 0; i < 60_000; i++) cache.set(i, (now = i));
    expect(cache.size).toBe(5_001);
    expect(cache.get(54_999)).toBe(54_999);
    expect(cache.get(54_998)).toBeUndefined();
  });
});

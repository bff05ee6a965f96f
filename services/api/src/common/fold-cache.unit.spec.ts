import { FoldCache } from './fold-cache.js';

describe('FoldCache', () => {
  const evolve = (n: number) => n + 1;

  it('answers a fold only to the evolve that made it', () => {
    const cache = new FoldCache();
    cache.set('poster-p1', evolve, { state: 3, revision: 2n });
    expect(cache.get('poster-p1', evolve)).toEqual({ state: 3, revision: 2n });
    expect(cache.get('poster-p1', (n: number) => n + 1)).toBeUndefined();
    expect(cache.get('poster-p2', evolve)).toBeUndefined();
  });

  it('keeps the newer of two racing folds', () => {
    const cache = new FoldCache();
    cache.set('cart-c1', evolve, { state: 9, revision: 8n });
    cache.set('cart-c1', evolve, { state: 5, revision: 4n });
    expect(cache.get('cart-c1', evolve)?.revision).toBe(8n);
  });

  it('forgets the least recently loaded stream beyond its capacity', () => {
    const cache = new FoldCache(2);
    cache.set('a', evolve, { state: 1, revision: 0n });
    cache.set('b', evolve, { state: 1, revision: 0n });
    cache.get('a', evolve); // a is now the most recent
    cache.set('c', evolve, { state: 1, revision: 0n });
    expect([cache.get('a', evolve), cache.get('b', evolve), cache.get('c', evolve)].map((f) => f !== undefined)).toEqual([true, false, true]);
  });
});

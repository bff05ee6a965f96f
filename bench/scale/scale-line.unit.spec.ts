import { LATENCY_RATIO, LIST_P99, scaleLine } from './scale-line.js';

describe('scaleLine', () => {
  it('gives the ratio large / small and checks every target', () => {
    const line = scaleLine('orders page 1', 'ms', { orders: 1000, value: 10, p50: 4 }, { orders: 100000, value: 14 }, [LATENCY_RATIO, LIST_P99]);
    expect(line.ratio).toBe(1.4);
    expect(line.targets).toEqual([
      { target: 'ratio <= 1.5', met: true },
      { target: 'large <= 100 ms', met: true },
    ]);
    expect(line.met).toBe(true);
    expect(line.small.p50).toBe(4);
  });

  it('misses when one target misses', () => {
    const line = scaleLine('deep page', 'ms', { orders: 1000, value: 10 }, { orders: 100000, value: 120 }, [LATENCY_RATIO, LIST_P99]);
    expect(line.ratio).toBe(12);
    expect(line.targets.map((t) => t.met)).toEqual([false, false]);
    expect(line.met).toBe(false);
  });

  it('checks floors on the large size', () => {
    const ok = scaleLine('export', 'rows/s', { orders: 1000, value: 5000 }, { orders: 100000, value: 25000 }, [{ kind: 'minLarge', min: 20000 }]);
    expect(ok.met).toBe(true);
    const slow = scaleLine('export', 'rows/s', { orders: 1000, value: 5000 }, { orders: 100000, value: 19999 }, [{ kind: 'minLarge', min: 20000 }]);
    expect(slow.targets).toEqual([{ target: 'large >= 20000 rows/s', met: false }]);
  });

  it('has no ratio and misses when a size could not be measured', () => {
    const line = scaleLine('checkout', 'ms', { orders: 1000, value: null }, { orders: 100000, value: 50 }, [LATENCY_RATIO]);
    expect(line.ratio).toBeNull();
    expect(line.met).toBe(false);
  });
});

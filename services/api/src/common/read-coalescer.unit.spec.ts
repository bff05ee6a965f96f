import { describe, expect, it } from '@jest/globals';
import { ReadCoalescer } from './read-coalescer.js';

/** A "stream" whose reads are counted and answer the value current when the read starts. */
function source() {
  let value = 0;
  let reads = 0;
  return {
    write: (v: number) => void (value = v),
    load: async () => (reads++, value),
    reads: () => reads,
  };
}

describe('ReadCoalescer', () => {
  it('lets callers that ask before the read starts share one read, per key', async () => {
    const s = source();
    const c = new ReadCoalescer();
    const results = await Promise.all([c.read('a', s.load), c.read('a', s.load), c.read('a', s.load), c.read('b', s.load)]);
    expect(results).toEqual([0, 0, 0, 0]);
    expect(s.reads()).toBe(2); // one for a, one for b
  });

  it('never hands a caller a read that started before it asked: it sees every earlier write', async () => {
    const s = source();
    const c = new ReadCoalescer();
    let release!: () => void;
    const slow = async () => {
      const v = await s.load(); // the value is taken when the read starts
      await new Promise<void>((r) => (release = r)); // and the answer comes back later
      return v;
    };
    const first = c.read('a', slow);
    await new Promise((r) => setImmediate(r)); // the first read has started (and taken 0)
    s.write(1); // a write commits while it is in flight
    const second = c.read('a', s.load);
    expect(await second).toBe(1);
    release();
    expect(await first).toBe(0);
    expect(s.reads()).toBe(2);
  });

  it('passes a failed read to every caller that shared it, and the next caller reads again', async () => {
    const c = new ReadCoalescer();
    const failing = async () => Promise.reject(new Error('down'));
    const both = [c.read('a', failing), c.read('a', failing)];
    for (const p of both) await expect(p).rejects.toThrow('down');
    expect(await c.read('a', async () => 7)).toBe(7);
  });
});

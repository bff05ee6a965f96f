import { describe, expect, it } from '@jest/globals';
import { LastKnown } from './last-known.js';

/** A read the test settles by hand: a stalled database is one that never settles. */
function manualRead() {
  const calls: { resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
  const read = () => new Promise<number>((resolve, reject) => calls.push({ resolve, reject }));
  return { read, calls };
}

describe('LastKnown (what /health answers from when the database stalls)', () => {
  it('answers fresh when the read settles in time', async () => {
    const r = manualRead();
    const known = new LastKnown(r.read, 60_000);
    const asked = known.get();
    r.calls[0].resolve(7);
    expect(await asked).toEqual(expect.objectContaining({ value: 7, fresh: true }));
  });

  it('answers the last value, not fresh, when the read does not settle, and never starts a second read meanwhile', async () => {
    const r = manualRead();
    let t = 1_000;
    const known = new LastKnown(r.read, 20, () => t);
    const first = known.get();
    r.calls[0].resolve(1);
    await first;
    t = 5_000;
    const stalled = await known.get();
    expect(stalled).toEqual({ value: 1, readAt: 1_000, fresh: false, problem: 'the database has not answered for 0.0 s' });
    t = 7_000;
    expect((await known.get()).problem).toBe('the database has not answered for 2.0 s');
    expect(r.calls).toHaveLength(2);
    r.calls[1].resolve(2);
    expect(await known.get()).toEqual(expect.objectContaining({ value: 2, fresh: true }));
  });

  it('names a failed read and keeps the last value', async () => {
    const r = manualRead();
    const known = new LastKnown(r.read, 60_000);
    const first = known.get();
    r.calls[0].resolve(3);
    await first;
    const second = known.get();
    r.calls[1].reject(new Error('Connection terminated'));
    expect(await second).toEqual(expect.objectContaining({ value: 3, fresh: false, problem: 'Connection terminated' }));
  });
});

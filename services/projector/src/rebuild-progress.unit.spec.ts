import { START } from '#event-store/event-store.port.js';
import { rebuildDoneLine, rebuildProgressLine } from './rebuild-progress.js';

const at = (n: number) => ({ commit: BigInt(n), prepare: BigInt(n) });

describe('what a rebuild prints', () => {
  it('says in a sentence that nothing is applied yet, never "built to -1"', () => {
    const line = rebuildProgressLine('promo_codes', START, at(134), 'cli-42');
    expect(line).not.toContain('-1');
    expect(line).toBe('promo_codes: reading the log (position 134 is the newest); nothing for it applied yet, by cli-42');
  });

  it('gives a position reached as a share of the log', () => {
    expect(rebuildProgressLine('orders', at(67), at(134), null)).toBe('orders: built to position 67 of 134 (50.0%)');
  });

  it('ends an empty projection with a sentence saying its tables are empty', () => {
    for (const live of [START, undefined]) {
      const line = rebuildDoneLine('promo_codes', live);
      expect(line).not.toContain('-1');
      expect(line).toContain('no event in the log concerns it yet');
    }
    expect(rebuildDoneLine('orders', at(134))).toBe('orders: rebuilt and swapped in, up to position 134 of the log');
  });
});

import fc from 'fast-check';
import { egpToPiastres, formatEgp, isPositivePrice, MAX_PRICE, mulDivHalfUp, percentOf, piastresToEgp } from './money.js';

describe('money', () => {
  it('converts EGP to piastres, half-up on the third decimal, without binary noise', () => {
    expect(egpToPiastres(1499)).toBe(149900);
    expect(egpToPiastres('149.99')).toBe(14999);
    expect(egpToPiastres(1.005)).toBe(101);
    expect(egpToPiastres(0.29)).toBe(29);
    expect(egpToPiastres(' 20 ')).toBe(2000);
    expect(egpToPiastres('abc')).toBeNaN();
    expect(egpToPiastres('')).toBeNaN();
    expect(egpToPiastres(-0)).toBe(0);
    expect(egpToPiastres(-1.5)).toBe(-150);
  });

  it('converts piastres to EGP with 2 decimals', () => {
    expect(piastresToEgp(14999)).toBe(149.99);
    expect(piastresToEgp(2000)).toBe(20);
    expect(formatEgp(2000)).toBe('20.00');
    expect(formatEgp(5)).toBe('0.05');
  });

  it('round-trips every whole piastre amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (p) => egpToPiastres(piastresToEgp(p)) === p));
  });

  it('answers for whole piastres exactly the EGP number their 2-decimal text reads as', () => {
    fc.assert(fc.property(fc.integer({ min: -MAX_PRICE, max: MAX_PRICE }), (p) => Object.is(piastresToEgp(p), Number((p / 100).toFixed(2)))), { seed: 20261127, numRuns: 20_000 });
  });

  it('accepts only positive whole piastres as a price', () => {
    expect(isPositivePrice(1)).toBe(true);
    expect(isPositivePrice(0)).toBe(false);
    expect(isPositivePrice(1.5)).toBe(false);
    expect(isPositivePrice('100')).toBe(false);
    // At most what a 32-bit price column holds, with room: 10,000,000 EGP.
    expect([isPositivePrice(MAX_PRICE), isPositivePrice(MAX_PRICE + 1), isPositivePrice(20_475_923_200)]).toEqual([true, false, false]);
  });

  it('rounds percentages half-up', () => {
    expect(percentOf(15000, 15)).toBe(2250);
    expect(percentOf(150, 1)).toBe(2); // 1.5 → 2
    expect(percentOf(149, 1)).toBe(1); // 1.49 → 1
    expect(mulDivHalfUp(100, 14, 114)).toBe(12); // 12.28
    expect(mulDivHalfUp(57, 1, 2)).toBe(29); // 28.5 → 29
  });

  it('percentOf stays within 0 and the amount and matches exact rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 100 }), (amount, percent) => {
        const p = percentOf(amount, percent);
        return p >= 0 && p <= amount && Number.isInteger(p) && Math.abs(p - (amount * percent) / 100) <= 0.5;
      }),
    );
  });
});

import { median, pairedRatios } from './paired-ratios.js';

describe('paired ratios of two sides measured round by round', () => {
  it('gives each round, the median and the geometric mean', () => {
    expect(pairedRatios([100, 200, 300], [50, 100, 100])).toEqual({ roundRatios: [2, 2, 3], medianRatio: 2, pairedRatio: 2.29 });
  });

  it('leaves out a round either side could not measure, and answers null when none is left', () => {
    expect(pairedRatios([100, undefined, 90], [50, 10, 0])).toEqual({ roundRatios: [2], medianRatio: 2, pairedRatio: 2 });
    expect(pairedRatios([undefined], [1])).toEqual({ roundRatios: [], medianRatio: null, pairedRatio: null });
  });

  it('takes the middle of an even count as the mean of the two middle values', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

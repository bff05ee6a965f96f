import { daysBefore } from './shop-day.js';

describe('daysBefore', () => {
  it('counts calendar days', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-12-31', -1)).toBe('2027-01-01');
  });

  it('stays within the days a filter may name, so a default period near year 1 is no 500', () => {
    expect(daysBefore('0001-01-01', 29)).toBe('0001-01-01');
    expect(daysBefore('9999-12-31', -3)).toBe('9999-12-31');
  });
});

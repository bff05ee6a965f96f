import { describe, expect, it } from 'vitest';
import { stepRows } from './track-steps';

describe('stepRows', () => {
  it('shows the steps reached, then the ones still ahead', () => {
    expect(stepRows([{ status: 'PLACED', at: '2026-11-01T10:00:00Z' }])).toEqual([
      { status: 'PLACED', at: '2026-11-01T10:00:00Z' },
      { status: 'CONFIRMED' },
      { status: 'SHIPPED' },
      { status: 'DELIVERED' },
    ]);
  });

  it('does not show a skipped confirmation as pending', () => {
    expect(stepRows([{ status: 'PLACED', at: 'a' }, { status: 'SHIPPED', at: 'b' }])).toEqual([
      { status: 'PLACED', at: 'a' },
      { status: 'SHIPPED', at: 'b' },
      { status: 'DELIVERED' },
    ]);
  });

  it('ends at a cancelation or refusal with nothing ahead', () => {
    expect(stepRows([{ status: 'PLACED', at: 'a' }, { status: 'CANCELED', at: 'b' }]).map((r) => r.status)).toEqual(['PLACED', 'CANCELED']);
    expect(stepRows([{ status: 'PLACED', at: 'a' }, { status: 'SHIPPED', at: 'b' }, { status: 'REFUSED', at: 'c' }])).toHaveLength(3);
  });
});

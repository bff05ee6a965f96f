import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { shopDate } from '../../../../libs/domain/src/shared/shop-date';
import { last30Days } from './dashboard-days';

/**
 * An instant at which this machine's calendar and Cairo's disagree (late evening west of Cairo,
 * early morning east of it): found from the machine's own zone, so the test reads as a browser
 * off Cairo time does wherever it runs. Undefined only on a machine that keeps Cairo's offset.
 */
function instantOffCairo(): Date | undefined {
  for (let hour = 0; hour < 48; hour++) {
    const at = new Date(Date.UTC(2026, 10, 28, hour, 30));
    if (format(at, 'yyyy-MM-dd') !== shopDate(at)) return at;
  }
  return undefined;
}

describe("the dashboard's days", () => {
  it("ends on Cairo's today, with its orders, when the browser's calendar is on another day", () => {
    const now = instantOffCairo() ?? new Date('2026-11-28T23:30:00.000Z');
    const today = shopDate(now);
    const days = last30Days([{ date: today, netSales: 480, orders: 2 }], now);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ label: format(new Date(`${today}T12:00:00`), 'MMM d'), netSales: 480, orders: 2 });
  });

  it('counts 30 shop days back, across a month end', () => {
    const now = new Date('2026-03-01T10:00:00.000Z');
    const days = last30Days([{ date: '2026-01-31', netSales: 100, orders: 1 }], now);
    expect(days[0]).toEqual({ label: 'Jan 31', netSales: 100, orders: 1 });
    expect(days.at(-1)?.label).toBe('Mar 1');
  });
});

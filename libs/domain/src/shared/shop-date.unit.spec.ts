import { lastShopDays, shopDate } from './shop-date.js';

describe("the shop's days", () => {
  it("counts back from Cairo's today, whatever the reader's clock says", () => {
    // 23:30 in New York on 28 November is 06:30 on 29 November in Cairo: today's bar is the 29th.
    const now = new Date('2026-11-29T04:30:00.000Z');
    expect(shopDate(now)).toBe('2026-11-29');
    expect(lastShopDays(now, 3)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
  });

  it('crosses month and year ends', () => {
    expect(lastShopDays(new Date('2026-01-01T10:00:00.000Z'), 3)).toEqual(['2025-12-30', '2025-12-31', '2026-01-01']);
    expect(lastShopDays(new Date('2026-03-01T10:00:00.000Z'), 30)).toHaveLength(30);
    expect(lastShopDays(new Date('2026-03-01T10:00:00.000Z'), 30).at(0)).toBe('2026-01-31');
  });
});

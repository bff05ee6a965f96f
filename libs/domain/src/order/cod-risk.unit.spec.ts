import { DEFAULT_COD_RISK_THRESHOLDS, isRiskyPhone, phoneKey } from './cod-risk.js';

describe('COD risk per phone', () => {
  it('gives one key to every way of typing a number, Arabic-Indic digits included', () => {
    for (const typed of ['01012345678', '+20 101 234 5678', '0020-101-234-5678', '٠١٠١٢٣٤٥٦٧٨', '۰۱۰ ۱۲۳ ۴۵۶۷۸', '201012345678']) {
      expect([typed, phoneKey(typed)]).toEqual([typed, '01012345678']);
    }
  });

  it('keeps a number that is no Egyptian mobile as given, trimmed and clipped', () => {
    expect(phoneKey(' 12345 ')).toBe('12345');
    expect(phoneKey('x'.repeat(500))).toHaveLength(200);
    expect(phoneKey(undefined)).toBe('');
  });

  it('is risky from the configured refusals and share of orders', () => {
    const t = { minRefused: 2, minRefusedRate: 0.5 };
    expect(isRiskyPhone({ orders: 3, delivered: 1, refused: 2, canceled: 0 }, t)).toBe(true);
    expect(isRiskyPhone({ orders: 5, delivered: 3, refused: 2, canceled: 0 }, t)).toBe(false);
    expect(isRiskyPhone({ orders: 1, delivered: 0, refused: 1, canceled: 0 }, t)).toBe(false);
    expect(isRiskyPhone({ orders: 2, delivered: 1, refused: 1, canceled: 0 }, DEFAULT_COD_RISK_THRESHOLDS)).toBe(true);
    expect(isRiskyPhone({ orders: 4, delivered: 0, refused: 0, canceled: 4 }, DEFAULT_COD_RISK_THRESHOLDS)).toBe(false);
  });
});

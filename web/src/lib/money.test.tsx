import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

// Bidi marks (U+200E, U+200F, U+061C) are invisible and the space is a no-break one; the assertions look at what a shopper reads.
const visible = (s: string) => s.replace(/[\u200e\u200f\u061c]/g, '').replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('English: LE before the amount, thousands grouped, two decimals', () => {
    expect(formatMoney(1234.5)).toBe('LE 1,234.50');
    expect(formatMoney('839')).toBe('LE 839.00');
    expect(formatMoney(0, 'en')).toBe('LE 0.00');
  });

  it('English: a discount keeps its minus sign before LE, not after the number', () => {
    expect(formatMoney(-99)).toBe('−LE 99.00');
  });

  it('Arabic: Egyptian digits and ج.م after the number, never LE or EGP', () => {
    const text = visible(formatMoney(1234.5, 'ar'));
    expect(text).toBe('١٬٢٣٤٫٥٠ ج.م.');
    expect(text).not.toMatch(/LE|EGP/);
  });

  it('Arabic: a discount keeps its sign on the number', () => {
    expect(visible(formatMoney(-99, 'ar'))).toBe('-٩٩٫٠٠ ج.م.');
  });

  it('anything that is not a number shows as zero instead of NaN', () => {
    expect(formatMoney(null)).toBe('LE 0.00');
    expect(formatMoney('abc')).toBe('LE 0.00');
    expect(visible(formatMoney(undefined, 'ar'))).toBe('٠٫٠٠ ج.م.');
  });
});

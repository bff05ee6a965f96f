import { describe, expect, it } from 'vitest';
import { loadMessages, translate } from './i18n';
import { formatDateTime, formatNumber, formatPlainNumber, formatSize } from './numbers';

describe('one digit system per language', () => {
  it('writes counts, years and sizes in Arabic-Indic digits with Arabic units on Arabic pages', () => {
    expect(formatNumber(18, 'ar')).toBe('١٨');
    expect(formatNumber(1234, 'ar')).toBe('١٬٢٣٤');
    expect(formatPlainNumber(2026, 'ar')).toBe('٢٠٢٦');
    expect(formatSize('SIZE_20x30', 'ar')).toBe('٢٠×٣٠ سم');
    expect(formatSize('30x40', 'ar')).toBe('٣٠×٤٠ سم');
  });

  it('writes a moment in Cairo time, in Arabic-Indic digits on Arabic pages', () => {
    const arabic = formatDateTime('2026-11-26T20:15:00Z', 'ar');
    expect(arabic).not.toMatch(/[0-9]/);
    expect(arabic).toContain('٢٠٢٦');
    expect(arabic).toContain('١٠:١٥');
    expect(formatDateTime('2026-11-26T20:15:00Z', 'en')).toBe('26 Nov 2026, 22:15');
  });

  it('writes them in 0-9 on English pages', () => {
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatSize('SIZE_20x30', 'en')).toBe('20x30cm');
  });

  it('fills a translated text with numbers in the page language', async () => {
    await loadMessages('ar');
    await loadMessages('en');
    expect(translate('ar', 'shop.range', { from: 1, to: 18, total: 18 })).toBe('عرض ١–١٨ من ١٨');
    expect(translate('ar', 'shop.off', { percent: 15 })).toBe('خصم ١٥٪');
    expect(translate('en', 'shop.off', { percent: 15 })).toMatch(/15%/);
  });

  it('leaves no Western digit in the Arabic texts', async () => {
    const { ar } = await import('./i18n-ar');
    const withDigits = Object.entries(ar).filter(([, text]) => /[0-9]/.test(text.replace(/\{\w+\}/g, '')));
    expect(withDigits).toEqual([]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { buildingAndFlat } from '../features/checkout/building-and-flat';
import { loadMessages, translate } from './i18n';
import { formatMoney } from './money';
import { formatNumber, formatSize, localPhone, setArabicDigits } from './numbers';

describe('Arabic without English: counts, the digit setting, the phone, the building and flat', () => {
  afterEach(() => setArabicDigits('arabic-indic'));

  it('counts with Arabic\'s dual and plural forms, and English\'s singular', async () => {
    await loadMessages('ar');
    await loadMessages('en');
    expect([1, 2, 3, 11, 100].map((count) => translate('ar', 'nav.cart', { count }))).toEqual([
      'فتح السلة، منتج واحد', 'فتح السلة، منتجان', 'فتح السلة، ٣ منتجات', 'فتح السلة، ١١ منتجًا', 'فتح السلة، ١٠٠ منتج',
    ]);
    expect(translate('ar', 'track.summary', { count: 2, city: 'أسوان' })).toBe('طلبك (منتجان) إلى أسوان:');
    expect(translate('en', 'nav.cart', { count: 1 })).toBe('Open cart, 1 item');
    expect(translate('en', 'nav.cart', { count: 2 })).toBe('Open cart, 2 items');
    expect(translate('ar', 'checkout.minPostersFix', { governorate: 'أسوان', count: 1, exempt: 'القاهرة' })).toContain('ولديك بوستر واحد.');
  });

  it('writes the shop\'s chosen digits: Arabic-Indic by default, 0-9 when the shop says latin', () => {
    expect(formatNumber(1499, 'ar')).toBe('١٬٤٩٩');
    setArabicDigits('latin');
    expect(formatNumber(1499, 'ar')).toBe('1,499');
    expect(formatSize('SIZE_40x50', 'ar')).toBe('40×50 سم');
    expect(formatMoney(1499, 'ar')).toMatch(/1,499\.00\u00a0ج\.م\./);
    expect(localPhone('+20 100', 'ar')).toBe('\u2068+20 \u200e100\u2069');
    setArabicDigits('arabic-indic');
    expect(formatMoney(1499, 'ar')).toMatch(/١٬٤٩٩٫٠٠\u00a0ج\.م\./);
  });

  it('keeps a phone number\'s groups in order: each after a left-to-right mark, the whole isolated', () => {
    expect(localPhone('+20 100 123 4567', 'ar')).toBe('\u2068+٢٠ \u200e١٠٠ \u200e١٢٣ \u200e٤٥٦٧\u2069');
  });

  it('labels building and flat, joined by the Arabic comma on Arabic pages', async () => {
    await loadMessages('ar');
    await loadMessages('en');
    const address = { building: '12', apartment: ' 4 ' };
    expect(buildingAndFlat(address, (k, v) => translate('ar', k, v), 'ar')).toBe('عمارة ١٢، شقة ٤');
    expect(buildingAndFlat(address, (k, v) => translate('en', k, v), 'en')).toBe('Building 12, Apt 4');
  });
});

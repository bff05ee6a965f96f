import {
  customerCount, customerDigits, customerItemName, customerMoney, customerNumber, customerSize, ITEM_COUNT, latinLeaks, ORDER_COUNT, parseArabicDigits,
  type CustomerVoice,
} from './customer-words.js';

const ar: CustomerVoice = { language: 'ar', digits: 'arabic-indic' };
const arLatin: CustomerVoice = { language: 'ar', digits: 'latin' };
const en: CustomerVoice = { language: 'en', digits: 'arabic-indic' };

describe('customer words', () => {
  it('counts with Arabic\'s six plural forms, the dual included, and English\'s singular', () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100, 101].map((n) => customerCount(n, ITEM_COUNT, ar))).toEqual([
      'لا منتجات', 'منتج واحد', 'منتجان', '٣ منتجات', '١٠ منتجات', '١١ منتجًا', '٩٩ منتجًا', '١٠٠ منتج', '١٠١ منتج',
    ]);
    expect([1, 2, 5].map((n) => customerCount(n, ORDER_COUNT, en))).toEqual(['1 order', '2 orders', '5 orders']);
    expect(customerCount(3, ORDER_COUNT, arLatin)).toBe('3 طلبات');
  });

  it('writes sizes, money and numbers in the one digit system the shop chose, with one currency word', () => {
    expect(customerSize('SIZE_40x50', ar)).toBe('٤٠×٥٠ سم');
    expect(customerSize('40x50', arLatin)).toBe('40×50 سم');
    expect(customerSize('SIZE_40x50', en)).toBe('40x50cm');
    expect(customerMoney(1499, ar)).toMatch(/^\u200f?١٬٤٩٩٫٠٠\u00a0ج\.م\.\u200f?$/);
    expect(customerMoney(1499, arLatin)).toMatch(/^\u200f?1,499\.00\u00a0ج\.م\.\u200f?$/);
    expect(customerMoney(-99, en)).toBe('−LE 99.00');
    expect(customerNumber(1234, ar)).toBe('١٬٢٣٤');
    expect(customerDigits('+20 100', ar)).toBe('+٢٠ ١٠٠');
    expect(customerDigits('+20 100', arLatin)).toBe('+20 100');
  });

  it('reads the setting from the environment, defaulting to Arabic-Indic', () => {
    expect(parseArabicDigits(' Latin ')).toBe('latin');
    expect(parseArabicDigits(undefined)).toBe('arabic-indic');
    expect(parseArabicDigits('roman')).toBe('arabic-indic');
  });

  it('names an item in the customer\'s language, a custom poster by its own name', () => {
    expect(customerItemName({ kind: 'poster', name: 'Islamic Geometry', nameAr: 'هندسة إسلامية' }, 'ar')).toBe('هندسة إسلامية');
    expect(customerItemName({ kind: 'poster', name: 'Islamic Geometry' }, 'ar')).toBe('Islamic Geometry');
    expect(customerItemName({ kind: 'custom', name: 'Custom Poster' }, 'ar')).toBe('بوستر مخصص');
    expect(customerItemName({ kind: 'poster', name: 'Islamic Geometry', nameAr: 'هندسة إسلامية' }, 'en')).toBe('Islamic Geometry');
  });

  it('finds Latin words outside order numbers, addresses and the listed brand names', () => {
    expect(latinLeaks('الطلب PS-7ZP5-D2CQ إلى mona@example.com من Poster Shop على Instagram بكود FOLLOW10')).toEqual([]);
    expect(latinLeaks('كود FOLLOW')).toEqual(['FOLLOW']);
    expect(latinLeaks('٢ × Islamic Geometry (40x50cm)')).toEqual(['Islamic', 'Geometry', 'x', 'cm']);
  });
});

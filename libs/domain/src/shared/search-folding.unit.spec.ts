import fc from 'fast-check';
import { foldForSearch } from './search-folding.js';

/** A poster named this is found by each search on the left (each folded, as the API folds it). */
const NAME = 'خريطة الإسكندرية القديمة ١٩٥٠';

describe('foldForSearch', () => {
  it.each([
    ['خريطة', 'exact spelling'],
    ['خريطه', 'ta marbuta written as ha'],
    ['الاسكندرية', 'alef without hamza'],
    ['الأسكندريه', 'the other hamza and ha'],
    ['١٩٥٠', 'Arabic-Indic digits'],
    ['۱۹۵۰', 'Eastern (Persian) digits'],
    ['1950', 'Western digits'],
    ['خَرِيطَة', 'with tashkeel'],
    ['خريـــطة', 'with tatweel'],
    ['القديمة  ١٩٥٠', 'two spaces'],
  ])('%s finds the poster (%s)', (query) => {
    expect(foldForSearch(NAME)).toContain(foldForSearch(query));
  });

  it.each([
    ['أإآٱا', 'ااااا'],
    ['مكتبة', 'مكتبه'],
    ['مستشفى', 'مستشفي'],
    ['مُحَمَّدٌ', 'محمد'],
    ['٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹', '0123456789 0123456789'],
    ['Old MAP of Cairo', 'old map of cairo'],
    ['\u200fخريطة\u200e', 'خريطه'],
    ['ﻻ', 'لا'],
    ['  a \n b\t', 'a b'],
  ])('%s folds to %s', (input, expected) => {
    expect(foldForSearch(input)).toBe(expected);
  });

  it('tells different words apart', () => {
    expect(foldForSearch('خريطة')).not.toBe(foldForSearch('خريطتي'));
    expect(foldForSearch('cairo')).not.toContain(foldForSearch('giza'));
  });

  it('is idempotent on any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => foldForSearch(foldForSearch(s)) === foldForSearch(s)), { seed: 20261126, numRuns: 2000 });
  });
});

import { toAsciiDigits } from '../checkout/egyptian-phone.js';

/**
 * The one folding of text for search, applied to the indexed text and to what the user types, so
 * the spellings a reader takes for the same word find each other. Arabic as Lucene's
 * ArabicNormalizer folds it: the forms of alef with hamza or madda (أ إ آ, and wasla ٱ) are bare
 * alef, ta marbuta is ha (ة → ه), alef maqsura is ya (ى → ي), and the diacritics (tashkeel,
 * dagger alef) and the tatweel that only stretch a word are dropped. Arabic-Indic and Eastern
 * digits are 0-9 (an Arabic keyboard types ١٩٥٠ for 1950); Latin is lower case; presentation
 * forms and ligatures are their letters (NFKC); the invisible direction marks pasted text carries
 * are dropped; runs of white space are one space.
 */
export function foldForSearch(text: string): string {
  return toAsciiDigits(text.normalize('NFKC'))
    .replace(INVISIBLE, '')
    .replace(TASHKEEL_AND_TATWEEL, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Zero-width joiners and the bidi marks and embeddings (U+200B-200F, U+202A-202E, U+2066-2069, BOM). */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** Harakat, tanween, shadda, sukun and the other marks above or below a letter; the dagger alef; tatweel. */
const TASHKEEL_AND_TATWEEL = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;

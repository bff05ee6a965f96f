import type { Locale } from '../app/ui-slice';

/** Arabic letters (not its digits or punctuation, which Latin text borrows): text holding any is Arabic text. */
const ARABIC_LETTER = /[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufefc]/;

/** The language a text is written in, as far as a screen reader needs to know: its script says. */
export function scriptLanguage(text: string): Locale {
  return ARABIC_LETTER.test(text) ? 'ar' : 'en';
}

export interface ShownText {
  text: string;
  /** Set only when the text is not in the page's language, for the element's lang attribute. */
  lang: Locale | undefined;
}

/**
 * A catalogue text (a poster's or add-on's name, its description, the announcement, a gallery
 * caption) in the storefront's language: the Arabic wording on Arabic pages and the default
 * (English) one on English pages where the admin wrote it, else the other language's, marked with
 * the language its script says when that is not the page's, so a screen reader switches voice.
 */
export function catalogueText(locale: Locale, text: string | null | undefined, arabic: string | null | undefined): ShownText {
  const shown = (locale === 'ar' ? arabic || text : text || arabic) ?? '';
  const lang = shown ? scriptLanguage(shown) : locale;
  return { text: shown, lang: lang === locale ? undefined : lang };
}

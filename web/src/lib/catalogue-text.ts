import type { Locale } from '../app/ui-slice';

/** Arabic letters (not its digits or punctuation, which Latin text borrows): text holding any is Arabic text. */
const ARABIC_LETTER = /[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufefc]/;

/** The language a text is written in, as far as a screen reader needs to know: its script says. */
export function scriptLanguage(text: string): Locale {
  return ARABIC_LETTER.test(text) ? 'ar' : 'en';
}

/** The lang attribute for a text shown on a page in `locale`: set only when its script says another language. */
export function langIfOther(text: string, locale: Locale): Locale | undefined {
  const lang = scriptLanguage(text);
  return lang === locale ? undefined : lang;
}

// A run of the other language's script: Latin words (codes like FOLLOW10 or PS-7ZP5-D2CQ, names)
// on an Arabic page, Arabic words on an English one; the spaces between words of one run included.
const FOREIGN_RUN: Record<Locale, RegExp> = {
  ar: /[A-Za-z][\w@.+-]*(?:\s+[A-Za-z0-9][\w@.+-]*)*/g,
  en: /[\u0621-\u064a][\u0600-\u06ff]*(?:\s+[\u0600-\u06ff]+)*/g,
};

/**
 * A plain text (a toast's, made from a translated template and a code or a name) cut where it
 * switches to the other language's script, each run with the lang it needs; the page's own runs
 * have none.
 */
export function scriptRuns(text: string, locale: Locale): ShownText[] {
  const runs: ShownText[] = [];
  let at = 0;
  for (const m of text.matchAll(FOREIGN_RUN[locale])) {
    if (m.index > at) runs.push({ text: text.slice(at, m.index), lang: undefined });
    runs.push({ text: m[0], lang: locale === 'ar' ? 'en' : 'ar' });
    at = m.index + m[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), lang: undefined });
  return runs;
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
  return { text: shown, lang: shown ? langIfOther(shown, locale) : undefined };
}

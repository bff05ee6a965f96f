/** Arabic letters (not its digits or punctuation, which Latin text borrows). */
const ARABIC_LETTER = /[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufefc]/;

/** The language a shop text is written in, as its script says: any Arabic letter makes it Arabic. */
export function scriptLanguage(text: string): 'ar' | 'en' {
  return ARABIC_LETTER.test(text) ? 'ar' : 'en';
}

/**
 * One text field written before the shop kept two languages, split by its script: Arabic text
 * becomes the Arabic wording (the default wording left empty, so each storefront falls back to
 * it), any other stays the default wording. Data that already holds the Arabic field (written in
 * the new shape) is left as it is.
 */
export function splitByScript(text: unknown, arabic: unknown): { text: string; arabic: string } | undefined {
  if (typeof text !== 'string' || arabic !== undefined) return undefined;
  return scriptLanguage(text) === 'ar' ? { text: '', arabic: text } : undefined;
}

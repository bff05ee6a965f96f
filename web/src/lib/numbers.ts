import type { Locale } from '../app/ui-slice';

// One digit system per language: Arabic pages write the shop's Arabic digits (ARABIC_DIGITS, served
// by /api/public/config: Arabic-Indic ١٨, ٢٠×٣٠ سم, ١٠٪ as Egypt's own format does, unless the shop
// chose 0-9), as its e-mails and paper do; English pages write 0-9. Money has its own format
// (money.ts). The admin is English only and keeps its own formats.
export type ArabicDigits = 'arabic-indic' | 'latin';
let arabicDigits: ArabicDigits = 'arabic-indic';
/** The Arabic locale of Intl for the shop's digits: 'ar-EG' writes ٠-٩, 'ar-EG-u-nu-latn' 0-9. */
export const arabicLocale = () => (arabicDigits === 'latin' ? 'ar-EG-u-nu-latn' : 'ar-EG');

/** The shop's setting, from its public config: set before the pages that show numbers render (StoreLayout). */
export function setArabicDigits(digits: ArabicDigits | undefined): void {
  if (!digits || digits === arabicDigits) return;
  arabicDigits = digits;
  COUNTS.ar = new Intl.NumberFormat(arabicLocale());
  PLAIN.ar = new Intl.NumberFormat(arabicLocale(), { useGrouping: false });
  MOMENTS.ar = new Intl.DateTimeFormat(arabicLocale(), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Cairo' });
  listeners.forEach((l) => l());
}
const listeners = new Set<() => void>();
/** Called when the digits change (money.ts rebuilds its Arabic format). */
export function onArabicDigits(listener: () => void): void {
  listeners.add(listener);
}

export function currentArabicDigits(): ArabicDigits {
  return arabicDigits;
}

const COUNTS: Record<Locale, Intl.NumberFormat> = { en: new Intl.NumberFormat('en-US'), ar: new Intl.NumberFormat('ar-EG') };
const PLAIN: Record<Locale, Intl.NumberFormat> = { en: new Intl.NumberFormat('en-US', { useGrouping: false }), ar: new Intl.NumberFormat('ar-EG', { useGrouping: false }) };

/** A count, a page, a percentage's number: '1,234' or '١٬٢٣٤'. */
export function formatNumber(n: number, locale: Locale): string {
  return COUNTS[locale].format(n);
}

/** A number read as a name (a year, a size's centimetres): no thousands separator. */
export function formatPlainNumber(n: number, locale: Locale): string {
  return PLAIN[locale].format(n);
}

/** A poster size, 'SIZE_30x40' or '30x40': '30x40cm' in English, '٣٠×٤٠ سم' in Arabic. */
export function formatSize(size: string, locale: Locale): string {
  const m = /^(?:SIZE_)?(\d+)x(\d+)$/.exec(size);
  if (!m) return size;
  const [w, h] = [Number(m[1]), Number(m[2])];
  return locale === 'ar' ? `${formatPlainNumber(w, 'ar')}×${formatPlainNumber(h, 'ar')} سم` : `${w}x${h}cm`;
}

// Cairo time: the shop and its couriers live there, whatever the shopper's phone is set to.
const MOMENTS: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Cairo' }),
  ar: new Intl.DateTimeFormat('ar-EG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Cairo' }),
};

/** A moment (an ISO time from the API) in Cairo: '26 Nov 2026, 22:15' or '٢٦/١١/٢٠٢٦، ١٠:١٥ م'. */
export function formatDateTime(iso: string, locale: Locale): string {
  return MOMENTS[locale].format(new Date(iso));
}

/** A text written with 0-9 (a phone number) in the page's digits: '+20 100' or '+٢٠ ١٠٠'; links keep the original. */
export function localDigits(text: string, locale: Locale): string {
  return locale === 'ar' && arabicDigits === 'arabic-indic' ? text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d))) : text;
}

/**
 * A phone number in the page's digits that reads '+٢٠ ١٠٠ …' from its left whatever the page's
 * direction. Arabic-Indic digits are "Arabic numbers" to the bidi algorithm: in a left-to-right
 * run, the spaces between two groups of them take the right-to-left side, so the groups came out
 * in reverse order and the "+" at the far end. A left-to-right mark after each space keeps every
 * group in its place; the whole is isolated (FSI … PDI, as the shop's bidi helper does) so it
 * cannot turn the text around it.
 */
export function localPhone(text: string, locale: Locale): string {
  return `\u2068${localDigits(text, locale).replace(/ /g, ' \u200e')}\u2069`;
}

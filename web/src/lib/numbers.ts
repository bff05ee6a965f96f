import type { Locale } from '../app/ui-slice';

// One digit system per language: Arabic pages write Arabic-Indic digits (١٨, ٢٠×٣٠ سم, ١٠٪), as
// Egypt's own format does; English pages write 0-9. Money has its own format (money.ts). The admin
// is English only and keeps its own formats.
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
  return locale === 'ar' ? text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d))) : text;
}

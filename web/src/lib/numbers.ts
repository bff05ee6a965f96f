import type { Locale } from '../app/ui-slice';

// One digit system per language: Arabic pages write Arabic-Indic digits (١٨, ٢٠×٣٠ سم, ١٠٪), as
// Egypt's own format does; English pages write 0-9. Money has its own format (money.ts).
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

import type { Locale } from '../app/ui-slice';
import { arabicLocale, onArabicDigits } from './numbers';

const english = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
// Egypt's own format: the shop's Arabic digits (numbers.ts) and the pound's Arabic sign, 'ج.م.', after the number.
const arabicMoney = () => new Intl.NumberFormat(arabicLocale(), { style: 'currency', currency: 'EGP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
let arabic = arabicMoney();
onArabicDigits(() => (arabic = arabicMoney()));

/**
 * The one way to show money: EGP numbers from the API (2 decimals) as 'LE 1,234.00' in English
 * and '١٬٢٣٤٫٠٠ ج.م.' in Arabic. A negative amount (a discount) keeps its sign next to the
 * number in both: '−LE 99.00'.
 */
export function formatMoney(amount: number | string | null | undefined, locale: Locale = 'en'): string {
  const raw = typeof amount === 'string' ? Number(amount) : amount;
  const n = Number.isFinite(raw) ? (raw as number) : 0;
  if (locale === 'ar') return arabic.format(n);
  return `${n < 0 ? '−' : ''}LE ${english.format(Math.abs(n))}`;
}

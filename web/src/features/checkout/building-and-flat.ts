import type { Locale } from '../../app/ui-slice';
import type { MessageKey } from '../../lib/i18n';
import { localDigits } from '../../lib/numbers';

/** The list separator of each language: Arabic's own comma, never the Latin one. */
const COMMA: Record<Locale, string> = { en: ', ', ar: '، ' };

/**
 * "Building 12, Apt 4" or "عمارة ١٢، شقة ٤": the two numbers a courier needs, each with its label
 * (bare, "١٢, ٤" said nothing about which is which), in the page's digits.
 */
export function buildingAndFlat(
  address: { building: string; apartment: string },
  t: (key: MessageKey, vars?: Record<string, string | number>) => string,
  locale: Locale,
): string {
  const parts = [
    address.building.trim() && t('confirm.building', { building: localDigits(address.building.trim(), locale) }),
    address.apartment.trim() && t('confirm.apartment', { apartment: localDigits(address.apartment.trim(), locale) }),
  ];
  return parts.filter(Boolean).join(COMMA[locale]);
}

import { useCallback, useEffect } from 'react';
import { useAppSelector } from '../app/store';
import type { Locale } from '../app/ui-slice';
import { en, type MessageKey } from './i18n-en';
import { ar } from './i18n-ar';

export type { MessageKey };
const dictionaries: Record<Locale, Record<MessageKey, string>> = { en, ar };

/** `{name}` placeholders are filled from vars; a missing key falls back to English, then to the key. */
export function translate(locale: Locale, key: MessageKey, vars?: Record<string, string | number>): string {
  const text = dictionaries[locale][key] ?? en[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
}

export function useLocale(): Locale {
  return useAppSelector((s) => s.ui.locale);
}

export function useT() {
  const locale = useLocale();
  return useCallback((key: MessageKey, vars?: Record<string, string | number>) => translate(locale, key, vars), [locale]);
}

/** Keeps <html lang dir> in step with the chosen language (RTL for Arabic). */
export function useDocumentLocale(): void {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  }, [locale]);
}

/** Arabic-Indic (and Persian) digits to ASCII, so ٠١٢٣ typed in a phone field still validates. */
export function toAsciiDigits(s: string): string {
  return s
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

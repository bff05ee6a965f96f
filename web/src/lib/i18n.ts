import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useAppSelector } from '../app/store';
import type { Locale } from '../app/ui-slice';
import { en, type MessageKey } from './i18n-en';

export type { MessageKey };

// Arabic is its own chunk, fetched only by those who choose it: the home page's JavaScript
// budget is spent on the shop, not on a dictionary most visitors never read.
let arabic: Record<MessageKey, string> | null = null;
let arabicLoading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function loadArabic(): Promise<void> {
  arabicLoading ??= import('./i18n-ar').then((m) => {
    arabic = m.ar;
    listeners.forEach((l) => l());
  });
  return arabicLoading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `{name}` placeholders are filled from vars; a missing key falls back to English, then to the key. */
export function translate(locale: Locale, key: MessageKey, vars?: Record<string, string | number>): string {
  const dictionary = locale === 'ar' && arabic ? arabic : en;
  const text = dictionary[key] ?? en[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
}

export function useLocale(): Locale {
  return useAppSelector((s) => s.ui.locale);
}

export function useT() {
  const locale = useLocale();
  const loaded = useSyncExternalStore(subscribe, () => arabic, () => arabic);
  useEffect(() => {
    if (locale === 'ar' && !loaded) void loadArabic();
  }, [locale, loaded]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((key: MessageKey, vars?: Record<string, string | number>) => translate(locale, key, vars), [locale, loaded]);
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

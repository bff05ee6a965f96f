import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useAppSelector } from '../app/store';
import type { Locale } from '../app/ui-slice';
import type { MessageKey } from './i18n-en';
import { formatNumber } from './numbers';

export type { MessageKey };

type Dictionary = Record<MessageKey, string>;

// Each language is its own chunk, and a page fetches only the one it shows: the app loads it
// before its first render (start-app.tsx), the server renderer before rendering.
const loaders: Record<Locale, () => Promise<Dictionary>> = {
  en: () => import('./i18n-en').then((m) => m.en),
  ar: () => import('./i18n-ar').then((m) => m.ar),
};
const dictionaries: Partial<Record<Locale, Dictionary>> = {};
const loading: Partial<Record<Locale, Promise<void>>> = {};
const listeners = new Set<() => void>();

export function loadMessages(locale: Locale): Promise<void> {
  return (loading[locale] ??= loaders[locale]().then((dictionary) => {
    dictionaries[locale] = dictionary;
    listeners.forEach((l) => l());
  }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const PLURALS: Record<Locale, Intl.PluralRules> = { en: new Intl.PluralRules('en'), ar: new Intl.PluralRules('ar') };
/** `{count, plural, one {# item} other {# items}}`: a count's noun in the form its language gives it. */
const PLURAL = /\{(\w+), plural,((?:\s*\w+ \{[^{}]*\})+)\s*\}/g;

/**
 * `{name}` placeholders are filled from vars, numbers in the language's digits; a key missing from
 * the language falls back to English when loaded, then to the key. A counted noun is written
 * `{count, plural, zero {…} one {…} two {…} few {# …} many {# …} other {# …}}`, forms chosen by
 * Intl.PluralRules: Arabic's dual ('منتجان') and its other forms, English's singular ('1 item').
 */
export function translate(locale: Locale, key: MessageKey, vars?: Record<string, string | number>): string {
  const text = dictionaries[locale]?.[key] ?? dictionaries.en?.[key] ?? key;
  const fill = (v: string | number) => (typeof v === 'number' ? formatNumber(v, locale) : v);
  if (!vars) return text;
  const counted = text.replace(PLURAL, (m, k: string, forms: string) => {
    const n = vars[k];
    if (typeof n !== 'number') return m;
    const byCategory = Object.fromEntries([...forms.matchAll(/(\w+) \{([^{}]*)\}/g)].map((f) => [f[1], f[2]]));
    return (byCategory[PLURALS[locale].select(n)] ?? byCategory.other ?? '').replace(/#/g, fill(n));
  });
  return counted.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? fill(vars[k]) : m));
}

export function useLocale(): Locale {
  return useAppSelector((s) => s.ui.locale);
}

export function useT() {
  const locale = useLocale();
  const loaded = useSyncExternalStore(subscribe, () => dictionaries[locale], () => dictionaries[locale]);
  useEffect(() => {
    if (!loaded) void loadMessages(locale);
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

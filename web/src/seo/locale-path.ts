import type { Locale } from '../app/ui-slice';

/** Arabic pages live under /ar: the same page's path in each language. */
export const ARABIC_BASE = '/ar';

/** The language a URL path is in, and the path inside that language ('/ar/shop' → ar, '/shop'). */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  if (pathname === ARABIC_BASE || pathname.startsWith(`${ARABIC_BASE}/`)) {
    return { locale: 'ar', path: pathname.slice(ARABIC_BASE.length) || '/' };
  }
  return { locale: 'en', path: pathname };
}

/** A path inside the shop ('/shop') as the URL path of that language ('/ar/shop'). */
export function localizedPath(path: string, locale: Locale): string {
  if (locale === 'en') return path;
  return path === '/' ? ARABIC_BASE : `${ARABIC_BASE}${path}`;
}

/** The router's basename for a language: Arabic links resolve under /ar without each one knowing. */
export function routerBasename(locale: Locale): string | undefined {
  return locale === 'ar' ? ARABIC_BASE : undefined;
}

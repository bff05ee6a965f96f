// The font files a page needs before its first paint, preloaded by the server-rendered page so the
// swap from the fallback happens early (or not at all). The same files index.css declares: Vite
// names each by its content, so these URLs and the stylesheet's are the same.
import naskhRegular from '@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff2?url';
import playfairBold from '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2?url';
import type { Locale } from './ui-slice';

/**
 * An Arabic page's text and headings are Naskh (regular preloaded, bold swapped in when it comes); an English page's
 * text is the phone's own sans-serif and only its headings are Playfair. A face a page never shows
 * is not preloaded: the browser would fetch it for nothing and warn.
 */
const CRITICAL: Record<Locale, string[]> = {
  ar: [naskhRegular],
  en: [playfairBold],
};

/** `<link rel="preload">` tags for the page's critical fonts (crossorigin: fonts are always fetched in CORS mode). */
export function fontPreloadHtml(locale: Locale): string {
  return CRITICAL[locale].map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`).join('\n    ');
}

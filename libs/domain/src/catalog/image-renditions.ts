/**
 * The WebP renditions made for every catalogue image (at upload and at seed), named so the
 * storefront derives them from the original's path without asking the API:
 * posters/ab12.jpg → posters/thumbs/ab12-w480.webp.
 *
 * Widths follow what the storefront's `sizes` ask for on a phone (a half-width card is ~180 px,
 * so 320 at 1.75x and 480 at 2.6x; a full-width poster ~360 px, so 720 at 2x), a tablet and a
 * desktop; the widest doubles as the zoom view (1200 x 1600 for a 3:4 poster). An image stored
 * before a width existed has no file for it: the storefront falls back to the original.
 *
 * Plain strings only: the web app imports this file too.
 */
export const RENDITION_WIDTHS = [320, 480, 720, 960, 1200] as const;

export const ZOOM_WIDTH = 1200;

/** posters/ab12.jpg → posters/thumbs/ab12-w480.webp (also for /uploads/… paths); null when the name is not an image's. */
export function renditionPath(original: string, width: number): string | null {
  const m = /^((?:\/?[\w-]+\/)*)([\w.-]+)\.(?:jpe?g|png|webp)$/i.exec(original);
  return m ? `${m[1]}thumbs/${m[2]}-w${width}.webp` : null;
}

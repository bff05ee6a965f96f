import path from 'node:path';
import sharp from 'sharp';

/**
 * Responsive renditions of every catalogue image: WebP at widths a phone (up to 2x its 390 px
 * width), a tablet and a desktop ask for, and the widest doubles as the zoom view (1200 x 1600
 * for a 3:4 poster). Aspect ratio kept, never enlarged: a small original gives smaller files
 * under the same names.
 *
 * The storefront derives these names from the original's path without asking the API
 * (web/src/lib/images.ts, renditionUrl): change both together. A missing rendition (an image
 * stored before renditions existed) falls back there to the original.
 */
export const RENDITION_WIDTHS = [320, 640, 960, 1200] as const;

/** posters/ab12.jpg → posters/thumbs/ab12-w640.webp */
export function renditionKey(key: string, width: number): string {
  const dir = path.posix.dirname(key);
  const base = path.posix.basename(key, path.posix.extname(key));
  return path.posix.join(dir === '.' ? '' : dir, 'thumbs', `${base}-w${width}.webp`);
}

type RawImage = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

/**
 * One WebP per width from decoded pixels, widest first. Callers hand decoded pixels so a large
 * original is decoded once for all widths.
 */
export async function renderRenditions(image: RawImage): Promise<Array<{ width: number; data: Buffer }>> {
  const raw = { raw: { width: image.info.width, height: image.info.height, channels: image.info.channels } };
  const out: Array<{ width: number; data: Buffer }> = [];
  for (const width of [...RENDITION_WIDTHS].reverse()) {
    const data = await sharp(image.data, raw).resize({ width, withoutEnlargement: true }).webp({ quality: 78, effort: 2 }).toBuffer();
    out.push({ width, data });
  }
  return out;
}

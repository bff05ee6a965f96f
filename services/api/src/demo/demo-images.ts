/**
 * Poster images for the demo shop, drawn here (no download, nothing added to the repository):
 * abstract compositions seeded by the poster's slug, rendered by sharp from SVG at 1200 x 1600,
 * big enough for the zoom view to show print detail (fine hatching a small image would blur).
 * No text, so no font is needed on the machine. Each gets the same WebP renditions an upload does.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { RENDITION_WIDTHS } from '#domain/catalog/image-renditions.js';
import { UPLOAD_DIR_MODE, UPLOAD_FILE_MODE } from '#platform/storage/local-file-storage.js';
import { renderRenditions, renditionKey } from '../uploads/renditions.js';

function rng(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    // xorshift32: deterministic, so a reseed draws the same pictures
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 100000) / 100000;
  };
}

/** Fine diagonal lines: detail only a large image keeps. One path, since librsvg renders an SVG pattern fill about fifty times slower. */
function hatching(width: number, height: number, step: number): string {
  const lines: string[] = [];
  for (let x = -height; x < width; x += step) lines.push(`M${x} 0L${x + height} ${height}`);
  return lines.join('');
}

/** 3:4 like the posters, 1600 px tall. */
export const DEMO_IMAGE_SIZE = { width: 1200, height: 1600 } as const;

export interface ImageSize {
  width: number;
  height: number;
}

export function demoPosterSvg(seed: string, width: number = DEMO_IMAGE_SIZE.width, height: number = DEMO_IMAGE_SIZE.height): string {
  const r = rng(seed);
  // Shapes were designed on a 600 px canvas; k keeps the composition whatever the size.
  const k = width / 600;
  const hue = Math.floor(r() * 360);
  const bg = `hsl(${hue},45%,${18 + r() * 10}%)`;
  const bg2 = `hsl(${(hue + 40) % 360},55%,${35 + r() * 15}%)`;
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const h = (hue + 20 + Math.floor(r() * 160)) % 360;
    const fill = `hsla(${h},${50 + r() * 40}%,${45 + r() * 30}%,${0.55 + r() * 0.4})`;
    if (r() < 0.5) shapes.push(`<circle cx="${r() * width}" cy="${r() * height}" r="${(40 + r() * 180) * k}" fill="${fill}"/>`);
    else shapes.push(`<rect x="${r() * width}" y="${r() * height}" width="${(60 + r() * 260) * k}" height="${(20 + r() * 120) * k}" fill="${fill}" transform="rotate(${Math.floor(r() * 90) - 45} ${width / 2} ${height / 2})"/>`);
  }
  const horizon = height * (0.55 + r() * 0.2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg2}"/><stop offset="1" stop-color="${bg}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}
<path d="${hatching(width, height, 6 * k)}" stroke="hsla(0,0%,100%,0.09)" stroke-width="${k}"/>
<path d="M0 ${horizon} Q ${width * 0.3} ${horizon - 90 * k} ${width * 0.55} ${horizon} T ${width} ${horizon - 30 * k} V ${height} H 0 Z" fill="hsla(${hue},30%,10%,0.75)"/>
<rect x="${24 * k}" y="${24 * k}" width="${width - 48 * k}" height="${height - 48 * k}" fill="none" stroke="hsla(0,0%,100%,0.5)" stroke-width="${3 * k}"/>
</svg>`;
}

async function missing(file: string): Promise<boolean> {
  return access(file).then(
    () => false,
    () => true,
  );
}

/**
 * Writes demo/<name>.webp and its renditions under the uploads directory (what is missing only)
 * and answers the relative image path. A smaller size draws faster (tests); the shop's is
 * DEMO_IMAGE_SIZE, and a rendition is never wider than its original.
 */
export async function writeDemoImage(uploadsDir: string, name: string, size: ImageSize = DEMO_IMAGE_SIZE): Promise<string> {
  const relative = `demo/${name}.webp`;
  const file = path.join(uploadsDir, relative);
  const expected = [file, ...RENDITION_WIDTHS.map((width) => path.join(uploadsDir, renditionKey(relative, width)))];
  if (!(await Promise.all(expected.map(missing))).some(Boolean)) return relative;

  // Drawn again whole (deterministic), so an original from an older seed and its renditions match.
  const pixels = await sharp(Buffer.from(demoPosterSvg(name, size.width, size.height))).flatten().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } };
  await mkdir(path.join(path.dirname(file), 'thumbs'), { recursive: true, mode: UPLOAD_DIR_MODE });
  await writeFile(file, await sharp(pixels.data, raw).webp({ quality: 82, effort: 2 }).toBuffer(), { mode: UPLOAD_FILE_MODE });
  for (const r of await renderRenditions(pixels)) await writeFile(path.join(uploadsDir, renditionKey(relative, r.width)), r.data, { mode: UPLOAD_FILE_MODE });
  return relative;
}

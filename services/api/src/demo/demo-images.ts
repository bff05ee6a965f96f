/**
 * Poster images for the demo shop, drawn here (no download): abstract compositions seeded by the
 * poster's slug, rendered by sharp from SVG. No text, so no font is needed on the machine.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

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

export function demoPosterSvg(seed: string, width = 600, height = 800): string {
  const r = rng(seed);
  const hue = Math.floor(r() * 360);
  const bg = `hsl(${hue},45%,${18 + r() * 10}%)`;
  const bg2 = `hsl(${(hue + 40) % 360},55%,${35 + r() * 15}%)`;
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const h = (hue + 20 + Math.floor(r() * 160)) % 360;
    const fill = `hsla(${h},${50 + r() * 40}%,${45 + r() * 30}%,${0.55 + r() * 0.4})`;
    if (r() < 0.5) shapes.push(`<circle cx="${r() * width}" cy="${r() * height}" r="${40 + r() * 180}" fill="${fill}"/>`);
    else shapes.push(`<rect x="${r() * width}" y="${r() * height}" width="${60 + r() * 260}" height="${20 + r() * 120}" fill="${fill}" transform="rotate(${Math.floor(r() * 90) - 45} ${width / 2} ${height / 2})"/>`);
  }
  const horizon = height * (0.55 + r() * 0.2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg2}"/><stop offset="1" stop-color="${bg}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}
<path d="M0 ${horizon} Q ${width * 0.3} ${horizon - 90} ${width * 0.55} ${horizon} T ${width} ${horizon - 30} V ${height} H 0 Z" fill="hsla(${hue},30%,10%,0.75)"/>
<rect x="24" y="24" width="${width - 48}" height="${height - 48}" fill="none" stroke="hsla(0,0%,100%,0.5)" stroke-width="3"/>
</svg>`;
}

/** Writes demo/<name>.webp under the uploads directory (once) and answers the relative image path. */
export async function writeDemoImage(uploadsDir: string, name: string): Promise<string> {
  const relative = `demo/${name}.webp`;
  const file = path.join(uploadsDir, relative);
  try {
    await access(file);
  } catch {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await sharp(Buffer.from(demoPosterSvg(name))).webp({ quality: 82 }).toBuffer());
  }
  return relative;
}

// Gzipped JavaScript a storefront route loads, from Vite's manifest, in two parts:
// - beforePaint: the entry (index.html's script) and its static imports, which the browser fetches
//   while it parses the page;
// - afterPaint: what the entry imports once the page's largest image is painted (src/app/start-app.tsx),
//   the shown language's texts and the route's own page chunk, with their static imports.
// Usage, after a build (MEASURE_LANG=ar for an Arabic page):
//   node web/scripts/measure-route-js.mjs [src/features/home/pages/home-page.tsx …]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['src/features/home/pages/home-page.tsx'];
const APP = 'src/app/start-app.tsx';
const TEXTS = `src/lib/i18n-${process.env.MEASURE_LANG ?? 'en'}.ts`;

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

function measure(keys) {
  let raw = 0;
  let gz = 0;
  const files = [];
  for (const k of keys) {
    const file = manifest[k].file;
    if (!file.endsWith('.js')) continue;
    const buf = readFileSync(path.join(dist, file));
    raw += buf.length;
    const g = gzipSync(buf, { level: 9 }).length;
    gz += g;
    files.push(`${file} ${(g / 1024).toFixed(1)} KB`);
  }
  return { files, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gz / 1024).toFixed(1) };
}

const before = closure('index.html');
for (const page of pages) {
  if (!manifest[page]) throw new Error(`${page} is not a chunk in the manifest`);
  const after = [...closure(page, closure(TEXTS, closure(APP)))].filter((k) => !before.has(k));
  const beforePaint = measure(before);
  const afterPaint = measure(after);
  console.log(
    JSON.stringify({
      route: page,
      lang: process.env.MEASURE_LANG ?? 'en',
      gzipKB: +(beforePaint.gzipKB + afterPaint.gzipKB).toFixed(1),
      beforePaintGzipKB: beforePaint.gzipKB,
      afterPaintGzipKB: afterPaint.gzipKB,
      beforePaint: beforePaint.files,
      afterPaint: afterPaint.files,
    }),
  );
}

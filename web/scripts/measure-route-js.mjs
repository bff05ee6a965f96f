// Gzipped JavaScript a route loads: the entry chunk, its static imports, and the route's lazy
// page chunk with its static imports (from Vite's manifest). Usage, after a build:
//   node web/scripts/measure-route-js.mjs [src/features/home/pages/home-page.tsx]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['src/features/home/pages/home-page.tsx'];

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

for (const page of pages) {
  if (!manifest[page]) throw new Error(`${page} is not a chunk in the manifest`);
  const keys = closure(page, closure('index.html'));
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
  console.log(JSON.stringify({ route: page, jsFiles: files, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gz / 1024).toFixed(1) }));
}

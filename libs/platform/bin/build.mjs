// Builds the server code (swc: TypeScript → ESM JavaScript in dist/, ~1 s) and the web app
// (vite → web/dist). With --if-stale, each part is rebuilt only when a source is newer than its output.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const ifStale = process.argv.includes('--if-stale');

function newest(dir, skip = /node_modules|dist|e2e-artifacts/) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.test(entry.name)) continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p, skip) : statSync(p).mtimeMs);
  }
  return t;
}
const stampTime = (f) => (existsSync(f) ? statSync(f).mtimeMs : 0);
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const configTime = Math.max(stampTime('package-lock.json'), stampTime('.swcrc'));

const serverStamp = 'dist/.build-stamp';
const serverSrc = Math.max(newest('libs'), newest('services'), newest('bench'), configTime);
if (!ifStale || serverSrc > stampTime(serverStamp)) {
  console.log('[build] server code (swc)');
  // bench/vendure is plain JS with its own node_modules (the Vendure peer of bench:api): not ours to compile.
  run('npx', ['swc', 'libs', 'services', 'bench', '-d', 'dist', '--config-file', '.swcrc', '--ignore', '**/*.spec.ts', '--ignore', 'bench/vendure/**', '--only', '**/*.ts', '--quiet']);
  // No package.json inside dist/: the root one gives it "type": "module" and the #domain/… import map.
  writeFileSync(serverStamp, new Date().toISOString());
}

const webStamp = 'web/dist/.build-stamp';
if (existsSync('web/index.html')) {
  const webSrc = Math.max(newest('web', /node_modules|dist|e2e/), configTime);
  if (!ifStale || webSrc > stampTime(webStamp)) {
    console.log('[build] web app (vite)');
    run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
    writeFileSync(webStamp, new Date().toISOString());
  }
}

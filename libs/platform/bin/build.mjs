// Builds the server code (swc: TypeScript → ESM JavaScript in dist/, ~1 s) and the web app
// (vite → web/dist for browsers, then vite --ssr → web/dist/server, the storefront's server
// renderer; text assets get brotli and gzip twins the API sends as they are). With --if-stale, each part is rebuilt only when a source is newer than its output.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
const run = (cmd, args, env = process.env) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const configTime = Math.max(stampTime('package-lock.json'), stampTime('.swcrc'));

const serverStamp = 'dist/.build-stamp';
const serverSrc = Math.max(newest('libs'), newest('services'), newest('bench'), configTime);
if (!ifStale || serverSrc > stampTime(serverStamp)) {
  console.log('[build] server code (swc)');
  // bench/vendure and bench/lighthouse have their own node_modules (the Vendure peer of bench:api,
  // Lighthouse for bench:web, installed on first use): not ours to compile.
  run('npx', ['swc', 'libs', 'services', 'bench', '-d', 'dist', '--config-file', '.swcrc', '--ignore', '**/*.spec.ts', '--ignore', 'bench/vendure/**', '--ignore', 'bench/lighthouse/**', '--only', '**/*.ts', '--quiet']);
  // No package.json inside dist/: the root one gives it "type": "module" and the #domain/… import map.
  writeFileSync(serverStamp, new Date().toISOString());
}

/** Brotli (best) and gzip twins of the hashed text assets: compressed once here, never per request. */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const body = readFileSync(path.join(dir, name));
    if (body.length < 1024) continue;
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
  }
}

const webStamp = 'web/dist/.build-stamp';
if (existsSync('web/index.html')) {
  const webSrc = Math.max(newest('web', /node_modules|dist|e2e/), configTime);
  if (!ifStale || webSrc > stampTime(webStamp)) {
    console.log('[build] web app (vite)');
    // Always the production build: Vite follows NODE_ENV, and a caller's NODE_ENV=test (Jest sets it
    // for the browser tests' global setup) would otherwise ship the libraries' development builds.
    const production = { ...process.env, NODE_ENV: 'production' };
    run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], production);
    run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn'], production);
    precompress('web/dist/assets');
    writeFileSync(webStamp, new Date().toISOString());
  }
}

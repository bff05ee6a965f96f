// The pre-step of `npm start` and `npm test` on a fresh clone: plain Node, no dependencies.
// Runs `npm ci` when node_modules is missing or older than the lockfile, then builds what is stale.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('[setup] installing dependencies (npm ci)…');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const b = spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { stdio: 'inherit' });
process.exit(b.status ?? 1);

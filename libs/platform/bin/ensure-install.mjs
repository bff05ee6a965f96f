// The pre-step of `npm start` and `npm test` on a fresh clone: plain Node, no dependencies.
// Runs `npm ci` when node_modules is missing or was installed from another lockfile, then builds
// what is stale.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
// The lockfile's content, recorded after an install: a checkout that only touched the file's time
// (a new clone or worktree sharing an install) is not a reason to reinstall.
const installedFrom = 'node_modules/.installed-lockfile-sha256';
const lockHash = createHash('sha256').update(readFileSync('package-lock.json')).digest('hex');

function stale() {
  if (!existsSync(marker)) return true;
  if (existsSync(installedFrom)) return readFileSync(installedFrom, 'utf8').trim() !== lockHash;
  // Installed by a plain `npm ci` (CI does that first): trust it when it is newer than the lockfile.
  return statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
}

if (stale()) {
  console.log('[setup] installing dependencies (npm ci)…');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
writeFileSync(installedFrom, lockHash + '\n');
const b = spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { stdio: 'inherit' });
process.exit(b.status ?? 1);

/**
 * A benchmark tool kept out of the project's dependency tree (the peer Vendure in bench/vendure,
 * Lighthouse in bench/lighthouse): each folder has its own package.json and lockfile, and is
 * installed with `npm ci` on first use or when its lockfile changed.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** `npm ci` into `dir` when its node_modules is missing or was installed from another lockfile. */
export function ensureToolInstalled(dir: string, what: string, log: (msg: string) => void): void {
  const lockHash = createHash('sha256').update(readFileSync(path.join(dir, 'package-lock.json'))).digest('hex');
  const marker = path.join(dir, 'node_modules', '.installed-lockfile-sha256');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === lockHash) return;
  log(`installing ${what} into ${path.relative(process.cwd(), dir)} (npm ci, its own lockfile)`);
  // npm's output goes to stderr: the benchmark's stdout carries JSON lines only.
  const r = spawnSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error'], { stdio: ['ignore', process.stderr, process.stderr] });
  if (r.status !== 0) throw new Error(`npm ci in ${dir} failed (exit ${r.status})`);
  writeFileSync(marker, lockHash + '\n');
}

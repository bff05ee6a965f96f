/**
 * Another commit of this project, built beside the work tree for bench:api --against: a detached
 * git worktree in a temporary directory, with the work tree's node_modules linked in when both
 * lock the same packages (npm ci there otherwise, which takes minutes), then built with that
 * commit's own build script. Its processes are started from its dist/, so any commit with the
 * API and projector's entry points can be measured, one made long before the bench learnt to.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface AgainstTree {
  /** The full commit id, and the directory its tree is checked out in. */
  commit: string;
  root: string;
  /** How its packages were installed: linked to the work tree's, or by npm ci. */
  packages: 'linked' | 'npm ci';
  remove: () => void;
}

const git = (args: string[], cwd = process.cwd()) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The commit's tree, built; `log` hears each step (the build's own output goes to stderr). */
export function prepareAgainstTree(ref: string, log: (msg: string) => void): AgainstTree {
  let commit: string;
  try {
    commit = git(['rev-parse', '--verify', '--end-of-options', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--against: "${ref}" names no commit of this repository`);
  }
  const root = mkdtempSync(path.join(os.tmpdir(), `bench-against-${commit.slice(0, 7)}-`));
  const remove = () => {
    try {
      git(['worktree', 'remove', '--force', root]);
    } catch {
      rmSync(root, { recursive: true, force: true });
      git(['worktree', 'prune']);
    }
  };
  try {
    log(`--against ${ref}: checking out ${commit.slice(0, 12)} in ${root}`);
    git(['worktree', 'add', '--detach', root, commit]);
    const sameLock = readFileSync('package-lock.json', 'utf8') === readFileSync(path.join(root, 'package-lock.json'), 'utf8');
    let packages: AgainstTree['packages'];
    if (sameLock && existsSync('node_modules')) {
      symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
      packages = 'linked';
      log('--against: same package-lock.json: its node_modules is a link to the work tree\'s');
    } else {
      log('--against: its package-lock.json differs from the work tree\'s: running npm ci there (minutes)');
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
      packages = 'npm ci';
    }
    log('--against: building it');
    execFileSync(process.execPath, ['libs/platform/bin/build.mjs'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
    for (const entry of ['dist/services/api/src/main.js', 'dist/services/projector/src/main.js']) {
      if (!existsSync(path.join(root, entry))) throw new Error(`--against: ${commit.slice(0, 12)} built no ${entry}`);
    }
    return { commit, root, packages, remove };
  } catch (e) {
    remove();
    throw e;
  }
}

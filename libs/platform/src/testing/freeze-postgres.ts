import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A PostgreSQL server stopped in its tracks (SIGSTOP), as a hung host or a stalled disk leaves it:
 * connections stay open and the kernel still accepts new ones, but nothing answers. Only a server
 * the caller owns (its own data directory): the postmaster first, so it forks no new backend,
 * then every process it started.
 */
export interface FrozenPostgres {
  pids: number[];
  /** SIGCONT to each, in reverse; safe to call twice. */
  thaw(): void;
}

export function freezePostgres(pgDataDir: string): FrozenPostgres {
  const postmaster = Number(readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  if (!Number.isInteger(postmaster) || postmaster <= 0) throw new Error(`no postmaster pid in ${pgDataDir}`);
  process.kill(postmaster, 'SIGSTOP');
  const pids = [postmaster, ...childrenOf(postmaster)];
  for (const pid of pids.slice(1)) signal(pid, 'SIGSTOP');
  let thawed = false;
  return {
    pids,
    thaw() {
      if (thawed) return;
      thawed = true;
      for (const pid of [...pids].reverse()) signal(pid, 'SIGCONT');
    },
  };
}

function childrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) pids.push(Number(entry));
    } catch {
      /* exited while listing */
    }
  }
  return pids;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    /* a backend that exited meanwhile */
  }
}

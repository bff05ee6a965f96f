/**
 * CPU time (user + system, milliseconds) of the processes a benchmark drives, from Linux /proc:
 * steadier than requests per second on a shared machine, and it separates the server's work from
 * the database's.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

// /proc reports clock ticks; USER_HZ is 100 on Linux.
const MS_PER_TICK = 10;

interface ProcStat {
  /** utime + stime of the process itself */
  own: number;
  /** cutime + cstime: children it has reaped */
  reaped: number;
}

function stat(pid: number): ProcStat | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { own: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK, reaped: (Number(fields[13]) + Number(fields[14])) * MS_PER_TICK };
  } catch {
    return undefined;
  }
}

export function childPids(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) out.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    /* gone */
  }
  return out;
}

export function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}

/** A process and all its descendants, live and reaped; undefined once the process is gone. */
export function processTreeCpuMs(pid: number): number | undefined {
  const root = stat(pid);
  if (!root) return undefined;
  return root.own + root.reaped + childPids(pid).reduce((sum, child) => sum + (processTreeCpuMs(child) ?? 0), 0);
}

/**
 * A PostgreSQL server's CPU as seen by one of the databases sharing it: the postmaster, its
 * background processes (WAL writer, checkpointer, autovacuum: work every database's writes cause)
 * and the backends of every database except `otherDatabases`. A backend's title is
 * "postgres: <user> <database> <client> <state>", an autovacuum worker's ends with its database.
 */
export function postgresCpuMs(dataDir: string, otherDatabases: readonly string[]): number | undefined {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
  const root = stat(postmaster);
  if (!root) return undefined;
  let total = root.own + root.reaped;
  for (const child of childPids(postmaster)) {
    const words = cmdline(child).split(/\s+/).slice(1);
    if (otherDatabases.some((db) => words.includes(db))) continue;
    total += stat(child)?.own ?? 0;
  }
  return total;
}

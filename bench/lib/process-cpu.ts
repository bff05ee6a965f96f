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
 * A PostgreSQL server's CPU as seen by one of the databases sharing it: a counter of the CPU ms
 * its processes have used since the counter was made, read as often as wanted. It counts the
 * postmaster, its background processes (WAL writer, checkpointer, autovacuum: work every
 * database's writes cause) and the backends of every database except `otherDatabases` (a
 * backend's title is "postgres: <user> <database> <client> <state>", an autovacuum worker's ends
 * with its database). Processes are followed one by one rather than through the postmaster's
 * reaped-children time: a peer's backend closed by its pool's idle timeout would otherwise land
 * its whole life's CPU on whichever side runs then. What a backend used between the last reading
 * and its exit is not counted (an exiting backend is an idle one).
 */
export function postgresCpuCounter(dataDir: string, otherDatabases: readonly string[]): () => number | undefined {
  let seen: Map<number, number> | undefined;
  let total = 0;
  return () => {
    let postmaster: number;
    try {
      postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return undefined;
    }
    const now = new Map<number, number>();
    for (const pid of [postmaster, ...childPids(postmaster)]) {
      const words = cmdline(pid).split(/\s+/).slice(1);
      if (pid !== postmaster && otherDatabases.some((db) => words.includes(db))) continue;
      const cpu = stat(pid)?.own;
      if (cpu !== undefined) now.set(pid, cpu);
    }
    if (!now.has(postmaster)) return undefined;
    // The first reading is the baseline; after it, a process not seen before started since the last reading.
    if (seen) for (const [pid, cpu] of now) total += cpu - (seen.get(pid) ?? 0);
    seen = now;
    return total;
  };
}

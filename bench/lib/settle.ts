const WINDOW_MS = 500;
/** CPU ms per window below which the processes count as quiet: a tenth of one core. */
const QUIET_CPU_MS = WINDOW_MS / 10;

/**
 * Waits until the processes behind `cpuMs` (their cumulative CPU ms, as bench/lib/process-cpu.ts
 * reads it; undefined when unreadable) are quiet, at most `maxMs`: the work a workload leaves
 * behind (projections catching up, a job queue, autovacuum) finishes before the next one starts.
 * Without it the first side of a pair paid for the work of the one before, a bias that alternating
 * the order only hides (about 8% in bench:api's encryption pairs). Returns how long it waited.
 */
export async function settle(cpuMs: () => number | undefined, maxMs = 30_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < maxMs) {
    const before = cpuMs();
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const after = cpuMs();
    if (before === undefined || after === undefined || after - before < QUIET_CPU_MS) break;
  }
  return Date.now() - started;
}

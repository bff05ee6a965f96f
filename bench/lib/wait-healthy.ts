import type { ChildProcess } from 'node:child_process';

/** Resolves once the API started as `child` answers /api/health; fails if it exits first or takes longer than `timeoutMs`. */
export async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the API exited (${child.exitCode}) before it was healthy`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url}: the API did not become healthy in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

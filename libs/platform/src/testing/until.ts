import net from 'node:net';

export interface UntilOptions {
  timeoutMs: number;
  /** A process the condition depends on: its exit ends the wait at once, with a clear error. */
  child?: { exitCode: number | null };
  /** More to say on a timeout (e.g. the end of a log). */
  context?: () => string;
}

/**
 * Polls `check` (pause growing 10 → 200 ms) until it gives a truthy value, which is returned.
 * A check that throws counts as "not yet"; its last error is in the timeout's message. Tests wait
 * on conditions with this, never on fixed sleeps.
 */
export async function until<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, options: UntilOptions | number): Promise<T> {
  const { timeoutMs, child, context } = typeof options === 'number' ? { timeoutMs: options } as UntilOptions : options;
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (let pause = 10; ; pause = Math.min(200, pause * 2)) {
    if (child && child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${what}`);
    try {
      const value = await check();
      if (value) return value;
    } catch (e) {
      last = (e as Error).message;
    }
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}${last ? `: ${last}` : ''}${context ? `\n${context()}` : ''}`);
    await new Promise((r) => setTimeout(r, pause));
  }
}

/** Whether a server accepts connections on a loopback port (a killed one does not). */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

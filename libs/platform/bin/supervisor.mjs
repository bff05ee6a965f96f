// Keeps a child process running: a crash is followed by a restart after a back-off, and a child
// that keeps crashing is given up on, so a crash loop ends with a clear message instead of
// spinning forever. The decisions (`decideRestart`) are pure, so they are tested without
// processes or clocks; `superviseChild` only carries them out.

export const DEFAULT_POLICY = Object.freeze({
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  // A child that stayed up this long crashed for a new reason, not in a loop: restart it quickly.
  resetAfterMs: 30_000,
  crashWindowMs: 60_000,
  maxCrashesInWindow: 5,
});

/** @typedef {{ streak: number, crashes: number[], restarts: number }} RestartState */

/** @returns {RestartState} */
export function initialRestartState() {
  return { streak: 0, crashes: [], restarts: 0 };
}

/**
 * What to do when a child exits unasked.
 * @param {RestartState} state
 * @param {{ startedAt: number, exitedAt: number }} run
 * @param {typeof DEFAULT_POLICY} policy
 * @returns {{ state: RestartState, decision: { action: 'restart', delayMs: number, restart: number } | { action: 'give-up', crashes: number, windowMs: number } }}
 */
export function decideRestart(state, { startedAt, exitedAt }, policy = DEFAULT_POLICY) {
  const crashes = [...state.crashes, exitedAt].filter((t) => t > exitedAt - policy.crashWindowMs);
  if (crashes.length > policy.maxCrashesInWindow) {
    return { state: { ...state, crashes }, decision: { action: 'give-up', crashes: crashes.length, windowMs: policy.crashWindowMs } };
  }
  const streak = exitedAt - startedAt >= policy.resetAfterMs ? 0 : state.streak;
  const delayMs = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** streak);
  const restarts = state.restarts + 1;
  return { state: { streak: streak + 1, crashes, restarts }, decision: { action: 'restart', delayMs, restart: restarts } };
}

export const formatDelay = (ms) => `${Math.round(ms / 100) / 10} s`;

/**
 * Starts `spawnChild()` and restarts it by `decideRestart` whenever it exits on its own.
 * @param {{
 *   name: string,
 *   spawnChild: () => import('node:child_process').ChildProcess,
 *   log: (message: string) => void,
 *   onGiveUp: (message: string) => void,
 *   onChange?: () => void,
 *   policy?: typeof DEFAULT_POLICY,
 *   killAfterMs?: number,
 * }} o
 */
export function superviseChild({ name, spawnChild, log, onGiveUp, onChange = () => {}, policy = DEFAULT_POLICY, killAfterMs = 10_000 }) {
  let state = initialRestartState();
  let child;
  let timer;
  let stopped = false;

  function start() {
    timer = undefined;
    const startedAt = Date.now();
    child = spawnChild();
    onChange();
    // A failed spawn emits 'error' (unhandled, it would crash the supervisor) and may emit no 'exit'.
    child.once('error', (error) => log(`${name}: ${error.message}`));
    child.once('exit', (code, signal) => {
      onChange();
      if (stopped) return;
      const next = decideRestart(state, { startedAt, exitedAt: Date.now() }, policy);
      state = next.state;
      const { decision } = next;
      const how = signal ?? code;
      if (decision.action === 'give-up') {
        stopped = true;
        onGiveUp(`${name} exited (${how}); it crashed ${decision.crashes} times within ${formatDelay(decision.windowMs)}: giving up`);
        return;
      }
      log(`${name} exited (${how}); restarting in ${formatDelay(decision.delayMs)} (restart ${decision.restart})`);
      timer = setTimeout(start, decision.delayMs);
    });
  }
  start();

  const running = () => child && child.exitCode === null && child.signalCode === null;
  return {
    name,
    /** The running child's pid, or undefined between a crash and its restart. */
    get pid() {
      return running() ? child.pid : undefined;
    },
    get restarts() {
      return state.restarts;
    },
    /** No more restarts; SIGTERM the child, SIGKILL it if it has not exited after killAfterMs. */
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (!running()) return Promise.resolve();
      return new Promise((resolve) => {
        const kill = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      });
    },
  };
}

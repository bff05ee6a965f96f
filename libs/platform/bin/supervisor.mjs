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
 * `spawnChild` may answer a promise: the child counts as started once it resolves (a server ready
 * to serve), and a rejection counts as a crash; its `signal` aborts when stop() is called meanwhile. `child`, when given, is one already running, so
 * supervision starts at its first exit. `onChange` is called when a child starts or exits.
 * @param {{
 *   name: string,
 *   spawnChild: (o: { signal: AbortSignal }) => import('node:child_process').ChildProcess | Promise<import('node:child_process').ChildProcess>,
 *   child?: import('node:child_process').ChildProcess,
 *   log: (message: string) => void,
 *   onGiveUp: (message: string) => void,
 *   onChange?: () => void,
 *   policy?: typeof DEFAULT_POLICY,
 *   stopSignal?: NodeJS.Signals,
 *   killAfterMs?: number,
 * }} o
 */
export function superviseChild({ name, spawnChild, child: running0, log, onGiveUp, onChange = () => {}, policy = DEFAULT_POLICY, stopSignal = 'SIGTERM', killAfterMs = 10_000 }) {
  let state = initialRestartState();
  let child;
  let timer;
  /** A start in progress (spawnChild's promise): stop() waits for it, then stops what it started. */
  let starting;
  const stopping = new AbortController();
  let stopped = false;

  function exitedUnasked(startedAt, how) {
    onChange();
    if (stopped) return;
    const next = decideRestart(state, { startedAt, exitedAt: Date.now() }, policy);
    state = next.state;
    const { decision } = next;
    if (decision.action === 'give-up') {
      stopped = true;
      onGiveUp(`${name} exited (${how}); it crashed ${decision.crashes} times within ${formatDelay(decision.windowMs)}: giving up`);
      return;
    }
    log(`${name} exited (${how}); restarting in ${formatDelay(decision.delayMs)} (restart ${decision.restart})`);
    timer = setTimeout(start, decision.delayMs);
  }

  function watch(started, startedAt) {
    child = started;
    onChange();
    // A failed spawn emits 'error' (unhandled, it would crash the supervisor) and may emit no 'exit'.
    started.once('error', (error) => log(`${name}: ${error.message}`));
    if (started.exitCode !== null || started.signalCode !== null) return exitedUnasked(startedAt, started.signalCode ?? started.exitCode);
    started.once('exit', (code, signal) => exitedUnasked(startedAt, signal ?? code));
  }

  function start() {
    timer = undefined;
    const startedAt = Date.now();
    let spawned;
    try {
      spawned = spawnChild({ signal: stopping.signal });
    } catch (error) {
      return exitedUnasked(startedAt, error.message);
    }
    if (typeof spawned?.then !== 'function') return watch(spawned, startedAt);
    starting = spawned.then(
      (started) => {
        starting = undefined;
        watch(started, startedAt);
      },
      (error) => {
        starting = undefined;
        exitedUnasked(startedAt, error?.message ?? String(error));
      },
    );
  }
  if (running0) watch(running0, Date.now());
  else start();

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
    /** No more restarts; `stopSignal` to the child, SIGKILL if it has not exited after killAfterMs. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      stopping.abort();
      await starting;
      if (!running()) return;
      await new Promise((resolve) => {
        const kill = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill(stopSignal);
      });
    },
  };
}

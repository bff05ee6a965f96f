// @ts-expect-error: plain-Node launcher module without type declarations
import { DEFAULT_POLICY, decideRestart, formatDelay, initialRestartState } from '../bin/supervisor.mjs';

type Decision = { action: 'restart'; delayMs: number; restart: number } | { action: 'give-up'; crashes: number; windowMs: number };

/** Runs a child that lives `uptimesMs[i]` on its i-th start, restarting it as decided; returns the decisions. */
function simulate(uptimesMs: number[], policy = DEFAULT_POLICY): Decision[] {
  let state = initialRestartState();
  let now = 0;
  const decisions: Decision[] = [];
  for (const uptime of uptimesMs) {
    const startedAt = now;
    now += uptime;
    const next = decideRestart(state, { startedAt, exitedAt: now }, policy);
    state = next.state;
    decisions.push(next.decision);
    if (next.decision.action === 'give-up') break;
    now += next.decision.delayMs;
  }
  return decisions;
}

const delays = (ds: Decision[]) => ds.map((d) => (d.action === 'restart' ? d.delayMs : 'give-up'));

describe('the restart policy of npm start', () => {
  it('doubles the delay from 0.5 s and holds it at 30 s while the child keeps dying young', () => {
    // 25 s of uptime: short of the 30 s that forgives, and only two crashes fit in a minute.
    expect(delays(simulate(Array(9).fill(25_000)))).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('starts again from 0.5 s once the child stayed up 30 s', () => {
    expect(delays(simulate([1000, 1000, 1000, 30_000, 1000]))).toEqual([500, 1000, 2000, 500, 1000]);
    expect(delays(simulate([1000, 1000, 1000, 29_999]))).toEqual([500, 1000, 2000, 4000]);
  });

  it('gives up on the sixth crash within a minute, when a child dies as soon as it starts', () => {
    const decisions = simulate(Array(10).fill(0));
    expect(delays(decisions)).toEqual([500, 1000, 2000, 4000, 8000, 'give-up']);
    expect(decisions.at(-1)).toEqual({ action: 'give-up', crashes: 6, windowMs: 60_000 });
  });

  it('forgets crashes older than the window', () => {
    // Five quick crashes (0 … 15.5 s), then one that lives long enough to push the first out of the window.
    const decisions = simulate([0, 0, 0, 0, 0, 45_000, 0]);
    expect(delays(decisions)).toEqual([500, 1000, 2000, 4000, 8000, 500, 1000]);
  });

  it('counts every restart in the log line, not only those of the current streak', () => {
    const decisions = simulate([1000, 40_000, 1000]);
    expect(decisions.map((d) => (d.action === 'restart' ? d.restart : 0))).toEqual([1, 2, 3]);
  });

  it('follows the limits it is given', () => {
    const policy = { initialDelayMs: 100, maxDelayMs: 250, resetAfterMs: 1000, crashWindowMs: 1000, maxCrashesInWindow: 3 };
    expect(delays(simulate([0, 0, 0, 0], policy))).toEqual([100, 200, 250, 'give-up']);
  });

  it('writes delays in seconds', () => {
    expect([500, 1000, 30_000, 100].map(formatDelay)).toEqual(['0.5 s', '1 s', '30 s', '0.1 s']);
  });
});

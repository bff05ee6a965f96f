import { describe, expect, it } from '@jest/globals';
import { judgeProjections, stallThresholdMs, type CheckpointView } from './projection-health.js';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);
const view = (v: Partial<CheckpointView> & { projection: string }): CheckpointView => ({
  status: 'running', caughtUp: true, updatedAt: ago(3600), oldestPendingAt: null, ...v,
});
const opts = { now, stallMs: 60_000, projectorUpSince: ago(3600) };

describe('which projections make /api/health degraded', () => {
  it('a caught-up projection idle for an hour is fine; a failed one is named', () => {
    expect(judgeProjections([view({ projection: 'a' }), view({ projection: 'b', status: 'failed' })], ['a', 'b'], opts)).toEqual({
      failed: ['b'], stalled: [], missing: [],
    });
  });

  it('behind: stalled only when both the pending event and the last checkpoint move are older than the threshold', () => {
    const verdict = judgeProjections(
      [
        // quiet for an hour, an event arrived 2 s ago: just catching up
        view({ projection: 'fresh', caughtUp: false, oldestPendingAt: ago(2) }),
        // moving: the checkpoint changed 1 s ago, work still waiting from long ago
        view({ projection: 'moving', caughtUp: false, oldestPendingAt: ago(600), updatedAt: ago(1) }),
        view({ projection: 'stuck', caughtUp: false, oldestPendingAt: ago(61) }),
      ],
      ['fresh', 'moving', 'stuck'],
      opts,
    );
    expect(verdict.stalled).toEqual(['stuck']);
  });

  it("a reactor's planned wait before an event is added to the threshold, for it alone", () => {
    const waiting = [
      view({ projection: 'checkout-completion', caughtUp: false, oldestPendingAt: ago(64), updatedAt: ago(64) }),
      view({ projection: 'orders', caughtUp: false, oldestPendingAt: ago(64), updatedAt: ago(64) }),
    ];
    const waitMs = { 'checkout-completion': 6_000 };
    expect(judgeProjections(waiting, ['checkout-completion', 'orders'], { ...opts, waitMs }).stalled).toEqual(['orders']);
    expect(judgeProjections(waiting, ['checkout-completion', 'orders'], opts).stalled).toEqual(['checkout-completion', 'orders']);
    const pastItsWait = [view({ projection: 'checkout-completion', caughtUp: false, oldestPendingAt: ago(67), updatedAt: ago(67) })];
    expect(judgeProjections(pastItsWait, ['checkout-completion'], { ...opts, waitMs }).stalled).toEqual(['checkout-completion']);
  });

  it('a missing checkpoint counts only once a projector replica has been up past the threshold', () => {
    expect(judgeProjections([view({ projection: 'a' })], ['a', 'b'], opts).missing).toEqual(['b']);
    expect(judgeProjections([view({ projection: 'a' })], ['a', 'b'], { ...opts, projectorUpSince: ago(5) }).missing).toEqual([]);
    expect(judgeProjections([], ['a', 'b'], { ...opts, projectorUpSince: null }).missing).toEqual([]);
  });

  it('reads the threshold from PROJECTION_STALL_SECONDS, 60 s by default', () => {
    expect(stallThresholdMs({ PROJECTION_STALL_SECONDS: '5' })).toBe(5000);
    expect(stallThresholdMs({})).toBe(60_000);
    expect(stallThresholdMs({ PROJECTION_STALL_SECONDS: 'x' })).toBe(60_000);
  });
});

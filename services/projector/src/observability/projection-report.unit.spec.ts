import { jest } from '@jest/globals';
import { formatPosition, LAG_COUNT_CAP, START, type EventStore, type Lag, type Position } from '#event-store/event-store.port.js';
import { projectionReports } from './projection-report.js';

/** A checkpoint row as projector.checkpoints answers it. */
function row(projection: string, slot: 'live' | 'build', at: Position) {
  return {
    projection, slot, version: 1, commit_position: String(at.commit), prepare_position: String(at.prepare), status: slot === 'build' ? 'building' : 'running',
    last_error: null, last_error_event_id: null, failed_event_type: null, failed_commit_position: null, failed_prepare_position: null,
    first_failed_at: null, attempts: 0, next_retry_at: null, last_event_at: null, events_handled: '0', owner: 'r1', updated_at: new Date(),
  };
}

describe('projection reports: lag in events, whatever the positions are', () => {
  // EventStoreDB-like positions: byte offsets, thousands apart for a few events.
  const head = { commit: 90_000n, prepare: 90_000n };
  const behind = { commit: 10_000n, prepare: 10_000n };
  const tenSecondsAgo = new Date(Date.now() - 10_000);
  const lags: Record<string, Lag> = {
    [formatPosition(behind)]: { events: 3, capped: false, oldestAt: tenSecondsAgo },
    [formatPosition(START)]: { events: LAG_COUNT_CAP, capped: true, oldestAt: tenSecondsAgo },
  };
  const lagAfter = jest.fn(async (p: Position, _cap: number) => lags[formatPosition(p)]);
  const store = { headPosition: async () => head, lagAfter } as unknown as EventStore;
  const rows = [row('a', 'live', behind), row('b', 'live', behind), row('c', 'live', head), row('c', 'build', START)];
  const pool = { query: async () => ({ rows, rowCount: rows.length }) } as never;

  it('reports the store\'s count of events after each checkpoint (not a difference of positions), capped, with the oldest one\'s age', async () => {
    const { projections } = await projectionReports(pool, store);
    const by = (name: string, slot = 'live') => projections.find((p) => p.projection === name && p.slot === slot)!;
    expect([by('a').lagEvents, by('a').lagCapped]).toEqual([3, false]);
    expect(by('a').lagSeconds).toBeGreaterThanOrEqual(10);
    expect([by('c').lagEvents, by('c').lagCapped, by('c').lagSeconds]).toEqual([0, false, 0]);
    expect([by('c', 'build').lagEvents, by('c', 'build').lagCapped]).toEqual([LAG_COUNT_CAP, true]);
    // One count per distinct position behind the head (a and b share theirs); none for a caught-up checkpoint.
    expect(lagAfter.mock.calls.map(([p, cap]) => [formatPosition(p), cap])).toEqual([
      [formatPosition(behind), LAG_COUNT_CAP],
      [formatPosition(START), LAG_COUNT_CAP],
    ]);
  });
});

import { START, comparePositions, type EventStore, type Position, type RecordedEvent } from '#event-store/event-store.port.js';
import type pg from 'pg';
import { progressBar } from './progress-bar.js';
import { replayLog, type ReplayProgress } from './replay-log.js';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });

/** A log of `count` events one minute apart from midnight, read as the event store reads it. */
function logOf(count: number): EventStore {
  const events: RecordedEvent[] = Array.from({ length: count }, (_, i) => ({
    id: `e${i}`, type: 'Anything', stream: `s-${i}`, revision: 0n, position: at(i * 10), data: {},
    metadata: { correlationId: 'c', actor: { kind: 'system', id: 'test' }, occurredAt: '2026-11-01T00:00:00Z' },
    createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
  }));
  return {
    headPosition: async () => events.at(-1)?.position ?? START,
    readAll: async ({ fromPosition = START, maxCount = Infinity } = {}) =>
      events.filter((e) => comparePositions(e.position, fromPosition) > 0).slice(0, maxCount),
  } as Partial<EventStore> as EventStore;
}

async function replayed(store: EventStore, until?: Date): Promise<ReplayProgress[]> {
  const seen: ReplayProgress[] = [];
  await replayLog({ store, pool: {} as pg.Pool, projections: [], schema: 'x', until, batchSize: 4, onProgress: (p) => seen.push(p) });
  return seen;
}

describe('the replay progress bar', () => {
  it('reaches 100% when --until stops the replay before the head of the log', async () => {
    const seen = await replayed(logOf(20), new Date(Date.UTC(2026, 10, 1, 0, 9, 30)));
    const last = seen.at(-1)!;
    expect(last.events).toBe(10);
    expect(progressBar(last)).toContain('[##############################] 100.0%  10 events');
    // Before the cut is met the bar measures against the head; it never runs backwards.
    const percents = seen.map((p) => Number(/(\d+\.\d)%/.exec(progressBar(p))![1]));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents[0]).toBeLessThan(100);
  });

  it('reaches 100% at the head without --until, and on an empty log', async () => {
    expect(progressBar((await replayed(logOf(7))).at(-1)!)).toContain('100.0%  7 events');
    expect(progressBar((await replayed(logOf(0))).at(-1)!)).toContain('100.0%  0 events');
  });

  it('reads as complete when nothing in the log is as old as --until', async () => {
    expect(progressBar((await replayed(logOf(5), new Date(Date.UTC(2026, 9, 1)))).at(-1)!)).toContain('100.0%  0 events');
  });

  it('shows a part done as a share of the total', () => {
    expect(progressBar({ events: 3, position: at(50), head: at(200), total: at(100) }, 10)).toBe('\r[#####.....]  50.0%  3 events');
  });
});

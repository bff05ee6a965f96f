import type { Position, RecordedEvent } from '#event-store/event-store.port.js';
import { batchEnd } from './batch-end.js';
import { qualifiedTable } from './table-names.js';

const at = (commit: number, prepare: number): Position => ({ commit: BigInt(commit), prepare: BigInt(prepare) });
const event = (p: Position) => ({ position: p }) as RecordedEvent;

describe('batchEnd: where the checkpoints of a read may move', () => {
  it('a full batch ends at its last event: later events may not have been read', () => {
    expect(batchEnd([event(at(5, 1)), event(at(6, 2))], 2, at(9, 9))).toEqual(at(6, 2));
  });

  it('a short batch ends at the head read before it: every event up to there was seen', () => {
    expect(batchEnd([event(at(5, 1))], 2, at(9, 9))).toEqual(at(9, 9));
    expect(batchEnd([], 2, at(9, 9))).toEqual(at(9, 9));
  });

  it('a short batch that read past the head ends at its last event', () => {
    expect(batchEnd([event(at(10, 12))], 2, at(9, 9))).toEqual(at(10, 12));
  });
});

describe('qualifiedTable', () => {
  it('names live, build and time-travel tables, and refuses unsafe identifiers', () => {
    expect(qualifiedTable({ kind: 'live' }, 'orders')).toBe('read."orders"');
    expect(qualifiedTable({ kind: 'build' }, 'orders')).toBe('read."orders__build"');
    expect(qualifiedTable({ kind: 'schema', schema: 'as_of_june' }, 'orders')).toBe('"as_of_june"."orders"');
    expect(() => qualifiedTable({ kind: 'schema', schema: 'x"; drop' }, 'orders')).toThrow('unsafe');
  });
});

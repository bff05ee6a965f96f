import { SNAPSHOT_TAKEN, snapshotTaken, snapshotVersionOf, usableSnapshot } from './snapshots.js';

describe('snapshots', () => {
  it('snapshots the aggregates that are loaded, not the order-number reservations', () => {
    expect(snapshotVersionOf('discounts')).toBe(1);
    expect(snapshotVersionOf('cart-1b2c')).toBe(1);
    expect(snapshotVersionOf('ordernumber-PS-2222-2222')).toBeUndefined();
    expect(snapshotVersionOf('snapshot-discounts')).toBeUndefined();
    expect(snapshotVersionOf('basket-1')).toBeUndefined();
  });

  it('gives every writer of one snapshot the same id, and another id for another revision or version', () => {
    const a = snapshotTaken('poster-p1', 63n, 1, { n: 1 });
    expect(a).toEqual(snapshotTaken('poster-p1', 63n, 1, { n: 1 }));
    expect(a.id).not.toBe(snapshotTaken('poster-p1', 64n, 1, { n: 1 }).id);
    expect(a.id).not.toBe(snapshotTaken('poster-p1', 63n, 2, { n: 1 }).id);
    expect(a).toMatchObject({ stream: 'snapshot-poster-p1', event: { type: SNAPSHOT_TAKEN, data: { stream: 'poster-p1', revision: '63', version: 1 } } });
  });

  it('uses a snapshot only of the same stream and version, with a revision', () => {
    const { event } = snapshotTaken('poster-p1', 63n, 1, { n: 1 });
    expect(usableSnapshot(event, 'poster-p1', 1)).toEqual({ state: { n: 1 }, revision: 63n });
    expect(usableSnapshot(event, 'poster-p2', 1)).toBeUndefined();
    expect(usableSnapshot(event, 'poster-p1', 2)).toBeUndefined();
    expect(usableSnapshot({ ...event, data: { ...event.data, revision: '-1' } }, 'poster-p1', 1)).toBeUndefined();
    expect(usableSnapshot({ type: 'PosterCreated', data: event.data }, 'poster-p1', 1)).toBeUndefined();
    expect(usableSnapshot(undefined, 'poster-p1', 1)).toBeUndefined();
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { evolveAll } from '#domain/shared/decider.js';
import { discountsDecider } from '#domain/promotion/discounts.decider.js';
import type { DiscountEvent } from '#domain/promotion/events.js';
import { SNAPSHOT_EVERY, SNAPSHOT_TAKEN, snapshotTaken } from '#domain/snapshots.js';
import { discountsStream, snapshotStream } from '#domain/streams.js';
import { createEventStore } from '#event-store/create-event-store.js';
import type { EventStore, NewEvent } from '#event-store/event-store.port.js';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { executeDecider, loadAggregate } from './execute-decider.js';
import { FoldCache } from './fold-cache.js';

const metadata = { correlationId: 'history', actor: { kind: 'admin' as const, id: 'seed' }, occurredAt: '2026-01-01T00:00:00.000Z' };

/** A discount toggled `n` times after its creation: a stream as long as the shop is old. */
function toggles(n: number, from = 0): NewEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    type: 'DiscountChanged',
    data: { discountId: 1, percentage: 10 + ((from + i) % 50), active: (from + i) % 2 === 0 },
    metadata,
  }));
}

/** The store, counting the events every readStream returns, and the calls. */
function counting(store: EventStore): { store: EventStore; read: () => number; calls: () => number; reset: () => void } {
  let read = 0;
  let calls = 0;
  const wrapped: EventStore = Object.create(store, {
    readStream: {
      value: async (...args: Parameters<EventStore['readStream']>) => {
        const events = await store.readStream(...args);
        read += events.length;
        calls += 1;
        return events;
      },
    },
  });
  return { store: wrapped, read: () => read, calls: () => calls, reset: () => ((read = 0), (calls = 0)) };
}

describe('loading a stream costs the same however long it grew (real PostgreSQL event store)', () => {
  let store: EventStore;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await createTestDatabase('bounded');
    drop = db.drop;
    store = await createEventStore({ kind: 'postgres', connectionString: db.url });
  });
  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  const fullFold = async (stream: string) => evolveAll(discountsDecider, (await store.readStream(stream)) as unknown as DiscountEvent[]);

  it('a stream of 2,000 events is read once in full, then from its snapshot, with the same state', async () => {
    const stream = discountsStream();
    const created: NewEvent = { id: randomUUID(), type: 'DiscountCreated', data: { discountId: 1, category: null, percentage: 10, active: true }, metadata };
    await store.append(stream, [created]);
    for (let i = 0; i < 4; i++) await store.append(stream, toggles(500, i * 500));
    const c = counting(store);

    const first = await loadAggregate(c.store, stream, discountsDecider);
    expect(first.revision).toBe(2000n);
    expect(first.state).toEqual(await fullFold(stream));
    const [snapshot] = await store.readStream(snapshotStream(stream), { direction: 'backwards', maxCount: 1 });
    expect(snapshot).toMatchObject({ type: SNAPSHOT_TAKEN, data: { stream, revision: '2000' } });

    c.reset();
    const second = await loadAggregate(c.store, stream, discountsDecider);
    expect(second.state).toEqual(first.state);
    expect(second.revision).toBe(2000n);
    expect(c.read()).toBeLessThanOrEqual(SNAPSHOT_EVERY + 1);

    // More history: the load folds the tail after the snapshot, then snapshots again.
    await store.append(stream, toggles(SNAPSHOT_EVERY + 10, 7));
    c.reset();
    const third = await loadAggregate(c.store, stream, discountsDecider);
    expect(third.state).toEqual(await fullFold(stream));
    expect(c.read()).toBeLessThanOrEqual(2 * SNAPSHOT_EVERY + 11);
    c.reset();
    await loadAggregate(c.store, stream, discountsDecider);
    expect(c.read()).toBeLessThanOrEqual(SNAPSHOT_EVERY + 1);
  });

  it('a short stream is one read of its events and never snapshotted', async () => {
    const stream = 'poster-short';
    await store.append(stream, [{ id: randomUUID(), type: 'PosterVisibilityChanged', data: { posterId: 'short', visible: true }, metadata }]);
    const c = counting(store);
    await loadAggregate(c.store, stream, { initialState: 0, evolve: (n: number) => n + 1 });
    expect(c.read()).toBe(1);
    expect(await store.readStream(snapshotStream(stream))).toEqual([]);
  });

  it('ignores a snapshot of another version, or of another stream, and folds from the start', async () => {
    const stream = 'poster-versioned';
    const events: NewEvent[] = Array.from({ length: SNAPSHOT_EVERY + 5 }, (_, i) => ({ id: randomUUID(), type: 'PosterVisibilityChanged', data: { posterId: 'versioned', visible: i % 2 === 0 }, metadata }));
    await store.append(stream, events);
    const count = { initialState: 0, evolve: (n: number) => n + 1 };
    const expected = { state: SNAPSHOT_EVERY + 5, revision: BigInt(SNAPSHOT_EVERY + 4) };
    const stale = snapshotTaken(stream, 40n, 999, 1_000_000);
    await store.append(snapshotStream(stream), [{ id: stale.id, ...stale.event, metadata }]);
    expect(await loadAggregate(store, stream, count)).toMatchObject(expected);
    const foreign = snapshotTaken('poster-other', 40n, 1, 2_000_000);
    await store.append(snapshotStream(stream), [{ id: randomUUID(), ...foreign.event, metadata }]);
    expect(await loadAggregate(store, stream, count)).toMatchObject(expected);
  });

  it('a warm load (this process folded the stream before) is one query returning only the newer events, other writers\' included', async () => {
    const stream = 'promo-WARM';
    const folds = new FoldCache();
    const count = { initialState: 0, evolve: (n: number) => n + 1 };
    await store.append(stream, toggles(300));
    const c = counting(store);
    expect((await loadAggregate(c.store, stream, count, folds)).state).toBe(300);
    c.reset();
    expect(await loadAggregate(c.store, stream, count, folds)).toMatchObject({ state: 300, revision: 299n, events: [] });
    expect([c.calls(), c.read()]).toEqual([1, 0]);
    await store.append(stream, toggles(3)); // another replica
    c.reset();
    expect((await loadAggregate(c.store, stream, count, folds)).state).toBe(303);
    expect([c.calls(), c.read()]).toEqual([1, 3]);
    // Its own appends are folded in at once; another decider's fold of the stream is not reused.
    await executeDecider(c.store, { stream, decider: { ...count, decide: () => [{ type: 'DiscountDeleted', data: { discountId: 1 } }] }, command: {} }, {}, folds);
    c.reset();
    expect((await loadAggregate(c.store, stream, count, folds)).state).toBe(304);
    expect([c.calls(), c.read()]).toEqual([1, 0]);
    c.reset();
    await loadAggregate(c.store, stream, { initialState: 0, evolve: (n: number) => n + 1 }, folds);
    expect(c.calls()).toBeGreaterThan(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { RecordedEvent } from '#event-store/event-store.port.js';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { AnnouncementEntity } from '#read-models/announcement.entity.js';
import { defineProjection, type ProjectionHold } from '#read-models/projections/projection.js';
import { applyBatchFindingPoison, PoisonEvent } from './apply-batch.js';

const event = (n: number): RecordedEvent =>
  ({ id: `e${n}`, type: 'AnnouncementChanged', streamId: 'announcement', revision: BigInt(n), position: { commit: BigInt(n), prepare: BigInt(n) }, data: {}, metadata: {}, createdAt: new Date(0) }) as unknown as RecordedEvent;

/** The announcement projection's shape with a handler of the test's own (what it applies, when it fails). */
function announcementsHandledBy(handle: (events: readonly RecordedEvent[]) => Promise<void | ProjectionHold>) {
  return defineProjection({ name: 'announcement', version: 1, tables: [AnnouncementEntity], eventTypes: ['AnnouncementChanged'], handle });
}

/** The culprit in a catch-up batch is found by halving: a handful of transactions, not one per event. */
describe('applyBatchFindingPoison (real PostgreSQL)', () => {
  let db: { url: string; drop: () => Promise<void> };
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await createTestDatabase('poison');
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('commits every event before the culprit and names it, in about 2·log2(n) transactions', async () => {
    const applied: string[] = [];
    let transactions = 0;
    const projection = announcementsHandledBy(async (events) => {
      transactions++;
      if (events.some((e) => e.id === 'e700')) throw new Error('cannot handle e700');
      applied.push(...events.map((e) => e.id));
    });
    const events = Array.from({ length: 1000 }, (_, i) => event(i + 1));
    const failure = await applyBatchFindingPoison({ pool, projection, tables: { kind: 'live' } }, events, events[999].position, null).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PoisonEvent);
    expect((failure as PoisonEvent).event.id).toBe('e700');
    expect((failure as PoisonEvent).reached).toEqual(events[698].position);
    expect(applied).toEqual(events.slice(0, 699).map((e) => e.id));
    expect(transactions).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(1000)) + 1);
  });

  it('applies a batch that failed only as a whole (both halves pass) up to its end', async () => {
    let calls = 0;
    const applied: string[] = [];
    const projection = announcementsHandledBy(async (events) => {
      if (calls++ === 0) throw new Error('connection reset');
      applied.push(...events.map((e) => e.id));
    });
    const events = Array.from({ length: 10 }, (_, i) => event(i + 1));
    const to = { commit: 20n, prepare: 20n };
    expect(await applyBatchFindingPoison({ pool, projection, tables: { kind: 'live' } }, events, to, null)).toEqual({ reached: to });
    expect(applied).toEqual(events.map((e) => e.id));
  });

  it('stops where a handler holds: reached is the event before the held one, and nothing after it is applied', async () => {
    const applied: string[] = [];
    const projection = announcementsHandledBy(async (events) => {
      for (const e of events) {
        if (e.id === 'e7') return { event: e, dueAt: 123 };
        applied.push(e.id);
      }
    });
    const events = Array.from({ length: 10 }, (_, i) => event(i + 1));
    const outcome = await applyBatchFindingPoison({ pool, projection, tables: { kind: 'live' } }, events, { commit: 20n, prepare: 20n }, null);
    expect(outcome).toEqual({ reached: events[5].position, hold: { event: events[6], dueAt: 123 } });
    expect(applied).toEqual(events.slice(0, 6).map((e) => e.id));
    // Held at the first event: the checkpoint does not move at all.
    const first = await applyBatchFindingPoison({ pool, projection, tables: { kind: 'live' } }, events.slice(6), { commit: 20n, prepare: 20n }, null);
    expect(first).toEqual({ reached: undefined, hold: { event: events[6], dueAt: 123 } });
  });
});

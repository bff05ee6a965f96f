/**
 * Forward stream reads that queue behind a busy lane go together in one statement, and each
 * caller gets exactly what its own read would have returned: its stream, from its revision, up
 * to its limit, in revision order, empty for a stream that does not exist.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { PostgresEventStore } from './postgres-event-store.js';
import type { EventRow } from './postgres-read.sql.js';
import { StreamReadBatcher } from './stream-read-batcher.js';

const metadata = { correlationId: 'batch', actor: { kind: 'system' as const, id: 'test' }, occurredAt: '2026-11-27T08:00:00.000Z' };

describe('PostgreSQL event store: batched stream reads', () => {
  let db: { url: string; drop: () => Promise<void> };
  let store: PostgresEventStore;
  let pool: pg.Pool;
  const streams = Array.from({ length: 12 }, (_, i) => `batch-${i}-${randomUUID()}`);

  beforeAll(async () => {
    db = await createTestDatabase('esbatch');
    store = await PostgresEventStore.connect({ connectionString: db.url, poolSize: 4 });
    // Stream i holds i events; two streams are appended to in turn, so their events interleave in the log.
    for (const [i, stream] of streams.entries()) {
      if (i > 0) await store.append(stream, Array.from({ length: i }, (_, n) => ({ id: randomUUID(), type: `E${n}`, data: { n, stream }, metadata })));
    }
    for (let n = 0; n < 3; n++) for (const stream of [streams[1], streams[2]]) await store.append(stream, [{ id: randomUUID(), type: 'Later', data: { n }, metadata }]);
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
  });
  afterAll(async () => {
    await pool.end();
    await store.close();
    await db.drop();
  });

  it('answers every queued read from one statement, each exactly as its own read would', async () => {
    const single: string[] = [];
    const batcher = new StreamReadBatcher(
      pool,
      async (stream) => {
        single.push(stream);
        return [];
      },
      1,
    );
    const asks = [
      ...streams.map((s) => ({ stream: s, from: 0n, limit: null as number | null })),
      { stream: streams[5], from: 2n, limit: null },
      { stream: streams[7], from: 1n, limit: 3 },
      { stream: streams[1], from: 1n, limit: null },
      { stream: `missing-${randomUUID()}`, from: 0n, limit: null },
    ];
    // One read takes the only lane; the rest queue behind it and go as one batch.
    const answers = await Promise.all(asks.map((a) => batcher.read(a.stream, a.from.toString(), a.limit)));
    expect(single).toEqual([asks[0].stream]);
    for (const [n, a] of asks.entries()) {
      if (n === 0) continue;
      const own = await store.readStream(a.stream, { fromRevision: a.from, ...(a.limit !== null ? { maxCount: a.limit } : {}) });
      const got = answers[n].map((row) => ({ stream: row[3], revision: BigInt(row[4]), type: row[5], data: row[6] }));
      expect({ ask: n, got }).toEqual({ ask: n, got: own.map((e) => ({ stream: e.stream, revision: e.revision, type: e.type, data: e.data })) });
    }
    // The asks were not trivially empty.
    expect(answers.slice(1).reduce((sum, rows) => sum + rows.length, 0)).toBeGreaterThan(60);
  });

  it('reads through the store under concurrency exactly as one at a time', async () => {
    const one = await PostgresEventStore.connect({ connectionString: db.url, poolSize: 2, readLanes: 1 });
    try {
      const together = await Promise.all(streams.map((s, i) => one.readStream(s, { fromRevision: BigInt(i % 3) })));
      for (const [i, s] of streams.entries()) {
        const alone = await store.readStream(s, { fromRevision: BigInt(i % 3) });
        expect(together[i].map((e) => e.id)).toEqual(alone.map((e) => e.id));
      }
    } finally {
      await one.close();
    }
  });

  it('fails every read of a batch whose statement fails, and serves the next read', async () => {
    const gone = new pg.Pool({ connectionString: db.url, max: 1 });
    await gone.end();
    const batcher = new StreamReadBatcher(gone, async () => [] as EventRow[], 1);
    const settled = await Promise.allSettled([batcher.read(streams[3], '0', null), batcher.read(streams[4], '0', null), batcher.read(streams[5], '0', null)]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    await expect(batcher.read(streams[6], '0', null)).resolves.toEqual([]);
  });
});

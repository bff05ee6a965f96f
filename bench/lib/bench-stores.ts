import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { getPostgreSQLEventStore, type PostgresEventStore as EmmettStore } from '@event-driven-io/emmett-postgresql';
import { isExpectedVersionConflictError, STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { createEventStore } from '#event-store/create-event-store.js';
import type { EventStore, NewEvent } from '#event-store/event-store.port.js';

/** The same workloads driven against each store through this narrow surface. */
export interface BenchStore {
  readonly name: string;
  /** Append to a stream; expected = the stream's last revision, or 'new' for a stream that must not exist. */
  append(stream: string, count: number, expected: bigint | 'new'): Promise<void>;
  readStreamCount(stream: string): Promise<number>;
  /** Counts events delivered by the store's own subscription mechanism, from the start of the log. */
  subscribe(): Promise<{ delivered: () => number; stop: () => Promise<void> }>;
  close(): Promise<void>;
}

// A realistic small event: a cart line, with the metadata every event of the shop carries.
export const payload = (i: number) => ({
  itemId: randomUUID(),
  kind: 'poster',
  posterId: randomUUID(),
  variantId: randomUUID(),
  productId: null,
  size: 'SIZE_30x40',
  quantity: 1 + (i % 3),
  customImagePath: null,
});
export const metadata = () => ({
  correlationId: randomUUID(),
  actor: { kind: 'shopper' as const, id: randomUUID() },
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});

export class ConflictInBench extends Error {}

export async function ourStore(connectionString: string, poolSize: number): Promise<BenchStore> {
  const store: EventStore = await createEventStore({ kind: 'postgres', connectionString, poolSize });
  return {
    name: 'ours',
    async append(stream, count, expected) {
      const events: NewEvent[] = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), type: 'ItemAddedToCart', data: payload(i), metadata: metadata() }));
      await store.append(stream, events, { expectedRevision: expected === 'new' ? 'no_stream' : expected });
    },
    async readStreamCount(stream) {
      return (await store.readStream(stream)).length;
    },
    async subscribe() {
      let delivered = 0;
      const sub = store.subscribeToAll();
      const loop = (async () => {
        for await (const _ of sub) delivered++;
      })();
      return {
        delivered: () => delivered,
        stop: async () => {
          await sub.close();
          await loop;
        },
      };
    },
    close: () => store.close(),
  };
}

/** Emmett 0.42 (@event-driven-io/emmett-postgresql): the peer, with its own pool of the same size. */
export async function emmettStore(connectionString: string, poolSize: number): Promise<BenchStore> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('error', () => undefined); // its database is dropped (FORCE) at the end of a workload
  const store: EmmettStore = getPostgreSQLEventStore(connectionString, {
    schema: { autoMigration: 'CreateOrUpdate' },
    connectionOptions: { pooled: true, pool },
  });
  await store.schema.migrate();
  return {
    name: 'emmett',
    async append(stream, count, expected) {
      const events = Array.from({ length: count }, (_, i) => ({ type: 'ItemAddedToCart', data: payload(i), metadata: metadata() }));
      try {
        // Emmett's stream versions count events (1-based): our revision r is its version r + 1.
        await store.appendToStream(stream, events, { expectedStreamVersion: expected === 'new' ? STREAM_DOES_NOT_EXIST : expected + 1n });
      } catch (e) {
        if (isExpectedVersionConflictError(e)) throw new ConflictInBench(String(e));
        throw e;
      }
    },
    async readStreamCount(stream) {
      return (await store.readStream(stream)).events.length;
    },
    async subscribe() {
      let delivered = 0;
      // Its consumer/processor API, with a batch 10x its default (100) to give it a fair drain.
      const consumer = store.consumer({ pulling: { batchSize: 1000, pullingFrequencyInMs: 50 } });
      consumer.reactor({
        processorId: `bench-${randomUUID()}`,
        startFrom: 'BEGINNING',
        eachMessage: async () => {
          delivered++;
        },
      });
      const running = consumer.start().catch((e: unknown) => console.error('[bench] emmett consumer failed', e));
      return {
        delivered: () => delivered,
        stop: async () => {
          await consumer.stop();
          await consumer.close();
          await running;
        },
      };
    },
    close: async () => {
      await store.close();
      await pool.end().catch(() => undefined);
    },
  };
}

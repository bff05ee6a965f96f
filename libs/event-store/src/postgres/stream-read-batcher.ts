import pg from 'pg';
import { COLUMNS, type EventRow } from './postgres-read.sql.js';

interface PendingRead {
  stream: string;
  /** Inclusive, as text. */
  from: string;
  /** null: no limit. */
  limit: number | null;
  resolve: (rows: EventRow[]) => void;
  reject: (e: unknown) => void;
}

/**
 * Forward reads of many streams in one statement: each asked stream's events from its revision,
 * up to its limit, tagged with the ask's ordinal. A statement costs a round trip and a parse on
 * both ends whatever it returns, and a command reads several small streams (the cart, each
 * poster, the shop's settings) mostly to learn that nothing changed since its cache.
 */
export const READ_STREAMS_FORWARDS = `
  SELECT r.i::int, e.* FROM unnest($1::text[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS r(stream, from_revision, max_count, i)
  CROSS JOIN LATERAL (
    SELECT ${COLUMNS} FROM event_store.events
    WHERE stream_name = r.stream AND stream_revision >= r.from_revision
    ORDER BY stream_revision LIMIT r.max_count) e
  ORDER BY r.i, e.stream_revision`;

const BATCH_STATEMENT = { name: 'es_read_streams_fwd', text: READ_STREAMS_FORWARDS, rowMode: 'array' } as const;

export type ReadOne = (stream: string, from: string, limit: number | null) => Promise<EventRow[]>;

/**
 * Batching of forward stream reads, in the manner of the append group committer: a read that
 * finds a free lane goes out at once with its own statement (no added latency when the store is
 * quiet); reads that arrive while every lane is busy wait for the next free one and then go
 * together, in one statement.
 */
export class StreamReadBatcher {
  private readonly queue: PendingRead[] = [];
  private inFlight = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly readOne: ReadOne,
    private readonly lanes = 4,
    private readonly maxBatch = 256,
  ) {}

  read(stream: string, from: string, limit: number | null): Promise<EventRow[]> {
    return new Promise<EventRow[]>((resolve, reject) => {
      this.queue.push({ stream, from, limit, resolve, reject });
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.lanes && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  private async send(batch: PendingRead[]): Promise<void> {
    if (batch.length === 1) {
      const [r] = batch;
      await this.readOne(r.stream, r.from, r.limit).then(r.resolve, r.reject);
      return;
    }
    let rows: Array<[number, ...EventRow]>;
    try {
      rows = (await this.pool.query<[number, ...EventRow]>({ ...BATCH_STATEMENT, values: [batch.map((r) => r.stream), batch.map((r) => r.from), batch.map((r) => r.limit)] })).rows;
    } catch (e) {
      for (const r of batch) r.reject(e);
      return;
    }
    // Rows come tagged with their ask's ordinal (1-based), in order.
    const answers = batch.map((): EventRow[] => []);
    for (const [i, ...event] of rows) answers[i - 1].push(event as EventRow);
    batch.forEach((r, n) => r.resolve(answers[n]));
  }
}

import pg from 'pg';
import type { AppendResult, ExpectedRevision, NewEvent } from '../event-store.port.js';
import { APPEND_GROUP, appendMode, jsonArrayOf } from './postgres-append.sql.js';

interface Pending {
  stream: string;
  events: readonly NewEvent[];
  expected: ExpectedRevision;
  resolve: (r: AppendResult) => void;
  reject: (e: unknown) => void;
}

export type AppendOne = (stream: string, events: readonly NewEvent[], expected: ExpectedRevision) => Promise<AppendResult>;

interface GroupRow {
  stream_name: string;
  stream_revision: string;
  tx: string;
  global_position: string;
}

const GROUP_STATEMENT = { name: 'es_append_group', text: APPEND_GROUP };

/**
 * Group commit in the process: a commit costs one WAL flush (milliseconds on a real disk),
 * whatever it carries. Appends that arrive while others are in flight wait for a free lane
 * and then go together, to distinct streams, in ONE statement (one round trip, one commit).
 * An append that finds nothing in flight or queued goes out at once with its own per-mode
 * statement: no added latency.
 * A stream is never in two in-flight statements of this process, so our own batches never
 * deadlock on stream rows; whatever fails as a group (a racing idempotent retry, a deadlock
 * with another process) is replayed one append at a time, so each caller gets its own answer.
 */
export class AppendGroupCommitter {
  private readonly queue: Pending[] = [];
  private readonly inFlightStreams = new Set<string>();
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly appendOne: AppendOne,
    private readonly explainNoWrite: AppendOne,
    private readonly onCommitted: () => void,
    private readonly lanes = 2,
    private readonly maxGroup = 200,
  ) {}

  append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ stream, events, expected, resolve, reject });
      // Nothing in flight and nothing queued: no reply is about to wake other callers to join
      // it, so waiting a turn would only add latency to every append of a lone writer.
      if (this.inFlight === 0 && this.queue.length === 1 && !this.scheduled) this.flush();
      else this.schedule();
    });
  }

  /** Flush after this turn of the event loop: callers woken by the same reply re-append together. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.lanes && this.queue.length > 0) {
      const group = this.takeGroup();
      if (group.length === 0) return; // everything queued waits for a stream already in flight
      this.inFlight++;
      for (const p of group) this.inFlightStreams.add(p.stream);
      void this.send(group).finally(() => {
        this.inFlight--;
        for (const p of group) this.inFlightStreams.delete(p.stream);
        this.onCommitted();
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  /** Oldest first, one append per stream; later appends to the same stream keep their order in the queue. */
  private takeGroup(): Pending[] {
    const group: Pending[] = [];
    const streams = new Set<string>();
    for (let i = 0; i < this.queue.length && group.length < this.maxGroup; ) {
      const p = this.queue[i];
      if (streams.has(p.stream) || this.inFlightStreams.has(p.stream)) {
        streams.add(p.stream); // keeps a later append to this stream behind this one
        i++;
        continue;
      }
      streams.add(p.stream);
      group.push(p);
      this.queue.splice(i, 1);
    }
    return group;
  }

  private async send(group: Pending[]): Promise<void> {
    if (group.length === 1) {
      const [p] = group;
      await this.appendOne(p.stream, p.events, p.expected).then(p.resolve, p.reject);
      return;
    }
    let rows: GroupRow[];
    try {
      rows = (await this.pool.query<GroupRow>({ ...GROUP_STATEMENT, values: groupValues(group) })).rows;
    } catch (e) {
      if (!(e instanceof pg.DatabaseError)) {
        for (const p of group) p.reject(e);
        return;
      }
      // One bad apple (a duplicate id racing in, a deadlock with another process) fails the group.
      await Promise.all(group.map((p) => this.appendOne(p.stream, p.events, p.expected).then(p.resolve, p.reject)));
      return;
    }
    const byStream = new Map(rows.map((r) => [r.stream_name, r]));
    await Promise.all(
      group.map(async (p) => {
        const row = byStream.get(p.stream);
        if (row) {
          p.resolve({
            nextExpectedRevision: BigInt(row.stream_revision),
            position: { commit: BigInt(row.tx), prepare: BigInt(row.global_position) },
          });
        } else {
          await this.explainNoWrite(p.stream, p.events, p.expected).then(p.resolve, p.reject);
        }
      }),
    );
  }
}

function groupValues(group: Pending[]): unknown[] {
  const streams: string[] = [];
  const modes: string[] = [];
  const expected: (string | null)[] = [];
  const counts: number[] = [];
  const req: number[] = [];
  const ids: string[] = [];
  const types: string[] = [];
  const data: string[] = [];
  const metadata: string[] = [];
  group.forEach((p, i) => {
    streams.push(p.stream);
    modes.push(appendMode(p.expected));
    expected.push(typeof p.expected === 'bigint' ? p.expected.toString() : null);
    counts.push(p.events.length);
    for (const e of p.events) {
      req.push(i + 1);
      ids.push(e.id);
      types.push(e.type);
      data.push(JSON.stringify(e.data ?? null));
      metadata.push(JSON.stringify(e.metadata));
    }
  });
  return [streams, modes, expected, counts, req, ids, types, jsonArrayOf(data), jsonArrayOf(metadata)];
}

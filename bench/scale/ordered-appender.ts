/**
 * Writes requests to the event store with many appends in flight (the PostgreSQL adapter's
 * group committer turns concurrent appends into one statement and one commit), while keeping
 * the order that matters: requests sharing a key (a stream, or an extra key such as a
 * customer) are written one after the other, in the order they were submitted. Each append
 * carries the expected revision it was decided on, so a broken order fails loudly.
 */
import { comparePositions, START, type EventStore, type Position } from '#event-store/event-store.port.js';
import type { AppendRequest } from './write-side.js';

interface Entry {
  request: AppendRequest;
  keys: readonly string[];
  /** Keys under which an earlier request is still queued. */
  blockers: number;
}

/** An append is one statement: a long run of one stream's requests is cut into appends of about this many events. */
const MAX_COALESCED_EVENTS = 64;

/** A request that writes one stream and waits on nothing else. */
function single(entry: Entry): boolean {
  return entry.keys.length === 1 && entry.request.appends.length === 1;
}

export interface AppenderOptions {
  /** Requests being written at once (each its appends in turn). */
  inFlight: number;
  /** Write a stream's queued one-stream requests as one append (default false: one append a request, as the API does). */
  coalesce?: boolean;
  /** Called after each write, with its event count. */
  onWritten?: (events: number) => void;
}

export class OrderedAppender {
  private readonly queues = new Map<string, Entry[]>();
  private ready: Entry[] = [];
  private readyHead = 0;
  private running = 0;
  private queued = 0;
  private failure: unknown;
  private readonly waiters: Array<{ below: number; resolve: () => void; reject: (e: unknown) => void }> = [];
  events = 0;
  appends = 0;
  /** The highest position the store acknowledged: where a reader has seen everything written. */
  last: Position = START;

  constructor(
    private readonly store: EventStore,
    private readonly o: AppenderOptions,
  ) {}

  /** Requests submitted and not yet written. */
  get pending(): number {
    return this.queued;
  }

  submit(request: AppendRequest): void {
    if (this.failure) throw this.failure;
    const keys = request.appends.length === 1 && request.keys.length === 0
      ? [request.appends[0].stream] // most requests: one click, one stream
      : [...new Set([...request.appends.map((a) => a.stream), ...request.keys])];
    const entry: Entry = { request, keys, blockers: 0 };
    for (const key of keys) {
      const queue = this.queues.get(key);
      if (queue) {
        queue.push(entry);
        entry.blockers++;
      } else {
        this.queues.set(key, [entry]);
      }
    }
    this.queued++;
    if (entry.blockers === 0) this.ready.push(entry);
    this.pump();
  }

  /** Resolves once fewer than `below` requests are pending; rejects with the first write error. */
  waitUntilBelow(below: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.queued < below) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ below, resolve, reject }));
  }

  /** Everything submitted is written. */
  drain(): Promise<void> {
    return this.waitUntilBelow(1);
  }

  private pump(): void {
    while (this.running < this.o.inFlight && this.readyHead < this.ready.length && !this.failure) {
      const batch = this.batchFrom(this.ready[this.readyHead++]);
      this.running++;
      this.write(batch).then(
        () => this.done(batch),
        (error: unknown) => this.fail(error),
      );
    }
    if (this.readyHead > 4096 && this.readyHead * 2 > this.ready.length) {
      this.ready = this.ready.slice(this.readyHead);
      this.readyHead = 0;
    }
  }

  /**
   * The ready entry, and when coalescing, the entries queued right behind it that append to its
   * one stream only: written as one append of all their events (the revision the first was
   * decided on is the one the whole run continues from).
   */
  private batchFrom(entry: Entry): Entry[] {
    if (!this.o.coalesce || !single(entry)) return [entry];
    const queue = this.queues.get(entry.keys[0])!;
    const batch = [entry];
    let events = entry.request.appends[0].events.length;
    for (let i = 1; i < queue.length && single(queue[i]) && events < MAX_COALESCED_EVENTS; i++) {
      batch.push(queue[i]);
      events += queue[i].request.appends[0].events.length;
    }
    return batch;
  }

  private async write(batch: Entry[]): Promise<void> {
    const appends = batch.length === 1
      ? batch[0].request.appends
      : [{ ...batch[0].request.appends[0], events: batch.flatMap((e) => e.request.appends[0].events) }];
    for (const a of appends) {
      const { position } = await this.store.append(a.stream, a.events, { expectedRevision: a.expectedRevision });
      if (comparePositions(position, this.last) > 0) this.last = position;
      this.appends++;
    }
  }

  private done(batch: Entry[]): void {
    this.running--;
    this.queued -= batch.length;
    let events = 0;
    for (const entry of batch) for (const a of entry.request.appends) events += a.events.length;
    // A batch of several is the head of its one key's queue.
    for (const key of batch[0].keys) {
      const queue = this.queues.get(key)!;
      queue.splice(0, batch.length);
      if (queue.length === 0) {
        this.queues.delete(key);
      } else if (--queue[0].blockers === 0) {
        this.ready.push(queue[0]);
      }
    }
    this.events += events;
    this.o.onWritten?.(events);
    this.pump();
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      if (this.queued < this.waiters[i].below) this.waiters.splice(i, 1)[0].resolve();
    }
  }

  private fail(error: unknown): void {
    this.running--;
    this.failure ??= error;
    for (const w of this.waiters.splice(0)) w.reject(this.failure);
  }
}

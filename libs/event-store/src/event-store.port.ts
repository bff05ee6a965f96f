/**
 * The event store port. Both adapters (PostgreSQL, EventStoreDB) implement it and pass one
 * contract suite (src/contract). Semantics follow EventStoreDB, so the embedded default and
 * production behave the same.
 */

import { findTextViolation, textProblem, type TextProblem } from '#domain/shared/text-rules.js';

/** 'any': no check; 'no_stream': stream must not exist; 'stream_exists': must exist; bigint: exact last revision. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

/**
 * A global position in the log, ordered by (commit, prepare) lexicographically.
 * PostgreSQL adapter: commit = writing transaction id (xid8), prepare = global sequence number.
 * EventStoreDB adapter: its commit and prepare positions.
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const START: Position = Object.freeze({ commit: -1n, prepare: -1n });

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Text form for headers, checkpoints in JSON and URLs: "<commit>/<prepare>". */
export function formatPosition(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

export function parsePosition(text: string): Position | undefined {
  const m = /^(-?\d{1,20})\/(-?\d{1,20})$/.exec(text.trim());
  return m ? { commit: BigInt(m[1]), prepare: BigInt(m[2]) } : undefined;
}

export interface Actor {
  kind: 'shopper' | 'admin' | 'system';
  id: string;
}

export interface EventMetadata {
  correlationId: string;
  causationId?: string;
  actor: Actor;
  occurredAt: string;
  schemaVersion?: number;
  [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** Client-generated UUID; re-appending the same ids is idempotent. */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  stream: string;
  revision: bigint;
  position: Position;
  data: Data;
  metadata: EventMetadata;
  createdAt: Date;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  nextExpectedRevision: bigint;
  /** Position of the last event appended (or already present, for an idempotent retry). */
  position: Position;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive start revision; default: first (forwards) or last (backwards). */
  fromRevision?: bigint;
  maxCount?: number;
}

export interface EventFilter {
  eventTypes?: readonly string[];
  streamPrefixes?: readonly string[];
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Default: from the start. */
  fromPosition?: Position;
  maxCount?: number;
  filter?: EventFilter;
}

export interface SubscribeOptions {
  /** Exclusive: events strictly after this position (a checkpoint). Default: from the start. */
  fromPosition?: Position;
  filter?: EventFilter;
  /**
   * Awaited with each page the adapter reads, before its events are yielded (PostgreSQL; the
   * EventStoreDB adapter yields events one by one and never calls it): the decrypting layer
   * fetches a page's keys in one query instead of one per person.
   */
  preparePage?: (events: readonly RecordedEvent[]) => Promise<void>;
}

/** How far a reader at a position is behind the log (see EventStore.lagAfter). */
export interface Lag {
  /** Events after the position, counted up to the cap asked for. */
  events: number;
  /** More events follow than were counted: the lag is at least `events`. */
  capped: boolean;
  /** Recorded time of the oldest event after the position; null when there is none. */
  oldestAt: Date | null;
}

/**
 * Where lag counts stop. On EventStoreDB a count is a forward read of the log (its positions are
 * byte offsets, so subtracting them counts no events): ten pages, not the whole backlog of a
 * projection rebuilding from the start.
 */
export const LAG_COUNT_CAP = 10_000;

/** Catch-up then live, in global order, each event once. Iterate with for await; close() ends it. */
export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export interface EventStore {
  append(stream: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  /** A missing stream reads as an empty array. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options?: SubscribeOptions): Subscription;
  /** The position of the newest event visible to readers (START when empty). */
  headPosition(): Promise<Position>;
  /** Lag in events: those strictly after `position` (a checkpoint), counted up to `cap`, and the oldest one's time. */
  lagAfter(position: Position, cap: number): Promise<Lag>;
  /**
   * PostgreSQL only (absent elsewhere): seconds the oldest open writing transaction has run.
   * Readers never pass it, so this is how long subscribers can be held back (a stall, not a loss).
   */
  oldestOpenTransactionAgeSeconds?(): Promise<number>;
  close(): Promise<void>;
}

export class WrongExpectedRevision extends Error {
  override readonly name = 'WrongExpectedRevision';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual last revision, or undefined when it does not exist. */
    readonly actual: bigint | undefined,
  ) {
    super(`Wrong expected revision on ${stream}: expected ${String(expected)}, actual ${actual === undefined ? 'no stream' : String(actual)}`);
  }
}

export class EventStoreUnavailable extends Error {
  override readonly name = 'EventStoreUnavailable';
}

/**
 * An event the log refuses before anything is written: a string in it (value or key, any depth)
 * that PostgreSQL cannot hold (NUL, lone surrogate) or that no projection should ever have to
 * apply (controls, non-characters). Once appended, such an event would stop every projection
 * that reads it, for ever; refused here, the writer gets an error it can report.
 */
export class UnstorableEvent extends Error {
  override readonly name = 'UnstorableEvent';
  constructor(
    readonly stream: string,
    readonly eventType: string,
    readonly eventId: string,
    /** `data.customer.firstName`, `metadata.actor.id`, `data.items[2].name`, `type`, … */
    readonly path: string,
    readonly problem: TextProblem | 'too long',
  ) {
    super(`Event ${eventType} for ${stream} cannot be stored: ${problem} in ${path}`);
  }
}

const LOG_TEXT_RULE = { allowLineBreaks: true } as const;

/**
 * Stream names are keys (a btree index in PostgreSQL holds at most 2,704 bytes an entry); ours are
 * `<category>-<id>`, far below this. In UTF-16 units: 500 of them are at most 1,500 UTF-8 bytes.
 */
export const MAX_STREAM_NAME_LENGTH = 500;

/**
 * Throws UnstorableEvent for the first event of `events` the log must refuse. Both adapters call
 * it first thing in append, so they refuse exactly the same events and write none of the batch.
 */
export function assertStorable(stream: string, events: readonly NewEvent[]): void {
  const streamProblem = stream.length > MAX_STREAM_NAME_LENGTH ? 'too long' : textProblem(stream, LOG_TEXT_RULE);
  if (streamProblem) throw new UnstorableEvent(stream, events[0]?.type ?? '(none)', events[0]?.id ?? '', 'stream', streamProblem);
  for (const e of events) {
    const typeProblem = textProblem(e.type, LOG_TEXT_RULE);
    if (typeProblem) throw new UnstorableEvent(stream, e.type, e.id, 'type', typeProblem);
    const violation = findTextViolation(e.data, LOG_TEXT_RULE, 'data') ?? findTextViolation(e.metadata, LOG_TEXT_RULE, 'metadata');
    if (violation) throw new UnstorableEvent(stream, e.type, e.id, violation.path, violation.problem);
  }
}

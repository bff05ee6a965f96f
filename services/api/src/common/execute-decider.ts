import { randomUUID } from 'node:crypto';
import type { Decider } from '#domain/shared/decider.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { currentSchemaVersion } from '#domain/event-versions.js';
import { SNAPSHOT_EVERY, snapshotTaken, snapshotVersionOf, usableSnapshot } from '#domain/snapshots.js';
import { snapshotStream } from '#domain/streams.js';
import { snapshotHoldsPersonalData } from '#domain/personal-data/personal-fields.js';
import { WrongExpectedRevision, type EventMetadata, type EventStore, type NewEvent, type Position, type RecordedEvent } from '#event-store/event-store.port.js';
import type { FoldCache, Fold } from './fold-cache.js';
import { currentContext, recordPosition } from './request-context.js';

export type CommandBuilder<State, Command> = (state: State, loaded: LoadedAggregate<State>) => Command | Promise<Command>;

export interface ExecuteOptions<State, Command, Event extends { type: string; data: unknown }> {
  stream: string;
  decider: Decider<Command, Event, State>;
  /**
   * The command, or a function building it from the stream as loaded, on every attempt: to pick a
   * fresh line id, or to gather facts that depend on the state (a checkout prices the cart and
   * reserves an order number). A DomainError it throws is a rejected command, like decide's.
   */
  command: Command | CommandBuilder<State, Command>;
  /** The command's name in metrics when building it refuses before there is a command to name. */
  commandType?: string;
  /**
   * How many times to reload and decide again after a concurrent append (WrongExpectedRevision).
   * Only for commands whose outcome is still right when decided on newer state (add to cart: yes;
   * "create poster X": the re-decision refuses it anyway). 0 lets the conflict escape (→ 409).
   */
  retries?: number;
  /** Deterministic event ids make a retried request idempotent (the store skips ids it has). */
  eventId?: (event: Event, index: number) => string;
  /** Extra metadata fields (e.g. idempotencyKey). */
  metadata?: Record<string, unknown>;
  /**
   * The caller has just minted this stream's id (a random UUID): the first attempt decides on the
   * initial state and appends with no_stream instead of reading a stream that cannot exist. If it
   * somehow does, the append fails with WrongExpectedRevision and the retry loads it as usual.
   */
  newStream?: boolean;
}

export interface LoadedAggregate<State> {
  state: State;
  /** -1n: no stream. */
  revision: bigint;
  /** The events folded, as stored (ids and metadata): the whole stream, or those after its snapshot. */
  events: RecordedEvent[];
}

export interface ExecuteResult<State, Event> {
  events: Event[];
  /** The events as appended, with their ids and metadata; empty when nothing was appended. */
  appended: NewEvent[];
  /** State after the new events. */
  state: State;
  /** Stream revision after the append (or the loaded one when nothing was appended); -1n: no stream. */
  revision: bigint;
  /** Position of the last appended event; undefined when the decision was "nothing to do". */
  position?: Position;
  attempts: number;
}

export interface DeciderObserver {
  onConflict?(stream: string, willRetry: boolean): void;
  onExecuted?(commandType: string, outcome: 'appended' | 'noop' | 'rejected' | 'conflict'): void;
}

export function eventMetadata(extra?: Record<string, unknown>): EventMetadata {
  const ctx = currentContext();
  return {
    correlationId: ctx.requestId,
    ...(ctx.causationId ? { causationId: ctx.causationId } : {}),
    actor: ctx.actor,
    occurredAt: new Date().toISOString(),
    // schemaVersion: per event type, set where the type is known (docs/adr/008).
    ...extra,
  };
}

/**
 * The stream folded by its decider, at a cost that does not grow with the stream. With a fold
 * this process made before (FoldCache): the events after it. Otherwise a first page of
 * SNAPSHOT_EVERY events (the whole of most streams, one query); when the page is full, the
 * newest snapshot and the events after it. When SNAPSHOT_EVERY or more events were folded past
 * the newest snapshot, a new one is appended, so the next cold load reads a short tail too.
 * `events` holds the events folded here (after the cached fold or snapshot when one was used).
 */
export async function loadAggregate<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  folds?: FoldCache,
): Promise<LoadedAggregate<State>> {
  const version = snapshotVersionOf(stream);
  const page = version === undefined ? undefined : SNAPSHOT_EVERY;
  const cached = folds?.get<State>(stream, decider.evolve);
  let base: Fold<State> = cached ?? { state: decider.initialState, revision: -1n };
  let recorded = await store.readStream(stream, { fromRevision: base.revision + 1n, maxCount: page });
  if (page !== undefined && recorded.length === page) {
    const [latest] = await store.readStream(snapshotStream(stream), { direction: 'backwards', maxCount: 1 });
    const snapshot = usableSnapshot<State>(latest, stream, version!);
    const pageEnd = recorded[recorded.length - 1].revision;
    if (snapshot && snapshot.revision > pageEnd) {
      base = snapshot;
      recorded = await store.readStream(stream, { fromRevision: base.revision + 1n });
    } else {
      // No snapshot past the page just read: fold on from its end instead of reading it again.
      recorded = recorded.concat(await store.readStream(stream, { fromRevision: pageEnd + 1n }));
    }
  }
  let { state, revision } = base;
  for (const e of recorded) {
    state = decider.evolve(state, { type: e.type, data: e.data } as Event);
    revision = e.revision;
  }
  // A state holding personal data is never snapshotted: the log would hold it in plain text (docs/adr/012).
  if (version !== undefined && recorded.length >= SNAPSHOT_EVERY && !snapshotHoldsPersonalData(stream, state)) await takeSnapshot(store, stream, revision, version, state);
  folds?.set(stream, decider.evolve, { state, revision });
  return { state, revision, events: recorded };
}

/**
 * Appends the snapshot; concurrent loads of one stream append the same id, which the store keeps
 * once. A failure costs only the next load's speed, so it never fails the command that loaded.
 */
async function takeSnapshot<State>(store: EventStore, stream: string, revision: bigint, version: number, state: State): Promise<void> {
  const snapshot = snapshotTaken(stream, revision, version, state);
  const metadata = eventMetadata({ actor: { kind: 'system', id: 'snapshots' } });
  await store.append(snapshot.stream, [{ id: snapshot.id, ...snapshot.event, metadata }], { expectedRevision: 'any' }).catch(() => undefined);
}

function typeOf(command: unknown): string {
  return Array.isArray(command)
    ? command.map((c: { type?: string }) => c?.type ?? 'unknown').join('+')
    : ((command as { type?: string })?.type ?? 'unknown');
}

/** load stream → decide → append with the expected revision; retry on a concurrent append when allowed. */
export async function executeDecider<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  options: ExecuteOptions<State, Command, Event>,
  observer: DeciderObserver = {},
  folds?: FoldCache,
): Promise<ExecuteResult<State, Event>> {
  const maxRetries = options.retries ?? 0;
  for (let attempt = 1; ; attempt++) {
    const loaded: LoadedAggregate<State> =
      attempt === 1 && options.newStream ? { state: options.decider.initialState, revision: -1n, events: [] } : await loadAggregate(store, options.stream, options.decider, folds);
    const { state, revision } = loaded;
    let command: Command;
    try {
      command = typeof options.command === 'function' ? await (options.command as CommandBuilder<State, Command>)(state, loaded) : options.command;
    } catch (e) {
      // A refusal is counted; a failure to gather facts (the store is down) is not a decision.
      if (e instanceof DomainError) observer.onExecuted?.(options.commandType ?? 'unknown', 'rejected');
      throw e;
    }
    const commandType = typeOf(command);
    let events: Event[];
    try {
      events = options.decider.decide(command, state);
    } catch (e) {
      observer.onExecuted?.(commandType, 'rejected');
      throw e;
    }
    if (events.length === 0) {
      observer.onExecuted?.(commandType, 'noop');
      return { events, appended: [], state, revision, attempts: attempt };
    }
    const metadata = eventMetadata(options.metadata);
    const newEvents: NewEvent[] = events.map((e, i) => ({
      id: options.eventId ? options.eventId(e, i) : randomUUID(),
      type: e.type,
      data: e.data,
      metadata: { ...metadata, schemaVersion: currentSchemaVersion(e.type) },
    }));
    try {
      const result = await store.append(options.stream, newEvents, { expectedRevision: revision < 0n ? 'no_stream' : revision });
      recordPosition(result.position);
      observer.onExecuted?.(commandType, 'appended');
      const next = events.reduce((s, e) => options.decider.evolve(s, e), state);
      folds?.set(options.stream, options.decider.evolve, { state: next, revision: result.nextExpectedRevision });
      return { events, appended: newEvents, state: next, revision: result.nextExpectedRevision, position: result.position, attempts: attempt };
    } catch (e) {
      if (!(e instanceof WrongExpectedRevision)) throw e;
      const willRetry = attempt <= maxRetries;
      observer.onConflict?.(options.stream, willRetry);
      if (!willRetry) {
        observer.onExecuted?.(commandType, 'conflict');
        throw e;
      }
      // Spread racing writers apart a little so they don't collide again in lock-step.
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 5 * attempt)));
    }
  }
}

/**
 * The write side of the simulated shop, in memory: every stream the seeder writes is folded
 * here with its decider as events are decided (never re-read from the log), and every command
 * goes through `decide` exactly as the API's handlers run it: a refusal appends nothing.
 */
import { decideAll, type Decider } from '#domain/shared/decider.js';
import { isDomainError } from '#domain/shared/domain-error.js';
import { CURRENT_SCHEMA_VERSION } from '#domain/shared/event.js';
import type { Actor, EventMetadata, ExpectedRevision, NewEvent } from '#event-store/event-store.port.js';
import type { Random } from '../lib/seeded-random.js';
import { seededUuid } from './seeded-uuid.js';

export interface StreamAppend {
  stream: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
}

/**
 * What one request of the shop writes: its appends, in order (a checkout writes three streams
 * one after the other), and ordering keys besides its streams (a customer's orders must reach
 * the log in the order they were placed, or "latest address" would depend on the writer).
 */
export interface AppendRequest {
  appends: StreamAppend[];
  keys: readonly string[];
}

type AnyEvent = { readonly type: string; readonly data: object };

/** One stream's state and revision, folded as its events are decided. */
export class Aggregate<Command, Event extends AnyEvent, State> {
  state: State;
  /** Revision of the stream's last event; -1n while it has none. */
  revision = -1n;

  constructor(
    readonly stream: string,
    private readonly decider: Decider<Command, Event, State>,
  ) {
    this.state = decider.initialState;
  }

  decide(commands: readonly Command[]): Event[] {
    return decideAll(this.decider, commands, this.state);
  }

  /** Folds decided events into the state and returns them as one append with the expectation they were decided on. */
  append(events: readonly Event[], metadata: EventMetadata, eventId: (index: number) => string): StreamAppend {
    const expectedRevision: ExpectedRevision = this.revision < 0n ? 'no_stream' : this.revision;
    const out: NewEvent[] = [];
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      this.state = this.decider.evolve(this.state, e);
      out.push({ id: eventId(i), type: e.type, data: e.data, metadata });
    }
    this.revision += BigInt(events.length);
    return { stream: this.stream, events: out, expectedRevision };
  }
}

/** Events decided per type and refusals per domain error code: what the run did, for its summary. */
export class Tally {
  readonly eventsByType = new Map<string, number>();
  readonly refusals = new Map<string, number>();
  events = 0;
  requests = 0;

  count(request: AppendRequest): void {
    this.requests++;
    for (const a of request.appends) {
      for (const e of a.events) this.eventsByType.set(e.type, (this.eventsByType.get(e.type) ?? 0) + 1);
      this.events += a.events.length;
    }
  }

  refused(code: string): void {
    this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
  }
}

export class WriteSide {
  constructor(
    readonly random: Random,
    private readonly emit: (request: AppendRequest) => void,
    readonly tally: Tally,
  ) {}

  uuid(): string {
    return seededUuid(this.random);
  }

  /** The metadata the API writes (see services/api eventMetadata): the request's id as correlation, the actor, when. */
  metadata(at: number, actor: Actor, extra?: Record<string, unknown>): EventMetadata {
    return { correlationId: this.uuid(), actor, occurredAt: new Date(at).toISOString(), schemaVersion: CURRENT_SCHEMA_VERSION, ...extra };
  }

  /**
   * One request on one stream: decide the commands in a row (one append, as a PUT changing
   * several fields does), fold, emit. A DomainError is the shop refusing the request: counted,
   * nothing written, false returned. Any other error is a bug of the seeder and escapes.
   */
  execute<C, E extends AnyEvent, S>(aggregate: Aggregate<C, E, S>, commands: readonly C[], at: number, actor: Actor, keys: readonly string[] = []): boolean {
    let events: E[];
    try {
      events = aggregate.decide(commands);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      this.tally.refused(error.code);
      return false;
    }
    if (events.length > 0) this.send([aggregate.append(events, this.metadata(at, actor), () => this.uuid())], keys);
    return true;
  }

  send(appends: StreamAppend[], keys: readonly string[] = []): void {
    const request = { appends, keys };
    this.tally.count(request);
    this.emit(request);
  }
}

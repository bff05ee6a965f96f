import { Readable } from 'node:stream';
import {
  AccessDeniedError,
  CancelledError,
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  StreamDeletedError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
} from '@eventstore/db-client';
import { EventStoreUnavailable, START, WrongExpectedRevision, type NewEvent, type Position, type RecordedEvent } from '../event-store.port.js';
import { EventStoreRequestRefused, toPortError } from './eventstoredb-errors.js';
import { EventStoreDbEventStore, type EventStoreDbClientCalls } from './eventstoredb-event-store.js';

/**
 * The server's behaviours reproduced at the client's boundary: the calls the adapter makes answer
 * with what @eventstore/db-client 6.2.1 raises or yields for them (its own error classes).
 */

const newEvent = (id: string, stream = 'cart-1'): NewEvent => ({
  id,
  type: 'ItemAddedToCart',
  data: { stream },
  metadata: { correlationId: 'c', actor: { kind: 'system', id: 'unit' }, occurredAt: '2026-01-01T00:00:00.000Z' },
});
const ID_A = '0b6d3c1e-6a55-4a63-9a4e-9d8e8f9f0a11';
const ID_B = '5f0c9a61-2b1d-4c55-8a7e-3e1f6b0d9c22';

/** What the client yields for one event of $all. */
function resolved(streamId: string, n: number, id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`): AllStreamResolvedEvent {
  return {
    event: {
      streamId,
      id,
      revision: BigInt(n),
      type: 'ItemAddedToCart',
      data: { n },
      metadata: { correlationId: 'c', actor: { kind: 'system', id: 'unit' }, occurredAt: '2026-01-01T00:00:00.000Z' },
      isJson: true,
      created: new Date('2026-01-01T00:00:00Z'),
      position: { commit: BigInt(n * 100), prepare: BigInt(n * 100) },
    },
  } as unknown as AllStreamResolvedEvent;
}

/** A stand-in for the client's subscription stream: confirmation, events, an end or an error, and cancellation counted. */
class ServerStream extends Readable {
  cancelled = 0;
  constructor() {
    super({ objectMode: true, read() {} });
  }
  confirm() {
    this.emit('confirmation');
    return this;
  }
  send(...events: AllStreamResolvedEvent[]) {
    for (const e of events) this.push(e);
    return this;
  }
  /** The server completes the call (e.g. on its shutdown): the client just ends the stream. */
  end() {
    this.push(null);
    return this;
  }
  async unsubscribe() {
    this.cancelled++;
  }
}

function store(client: Partial<EventStoreDbClientCalls>, options: ConstructorParameters<typeof EventStoreDbEventStore>[1] = {}) {
  const calls = { dispose: async () => undefined, ...client } as unknown as EventStoreDbClientCalls;
  return new EventStoreDbEventStore(calls, { appendRetry: { retries: 3, firstDelayMs: 1, maxDelayMs: 5 }, resubscribe: { retries: 2, firstDelayMs: 1, maxDelayMs: 5 }, ...options });
}

describe('EventStoreDB adapter: a write timeout is "maybe written", so the same append is sent again', () => {
  it('a timeout on the first append, success on the retry with the same ids and expectation', async () => {
    const sent: Array<{ ids: string[]; expected: unknown }> = [];
    let call = 0;
    const s = store({
      appendToStream: (async (_stream: string, events: Array<{ id: string }>, o: { expectedRevision: unknown }) => {
        sent.push({ ids: events.map((e) => e.id), expected: o.expectedRevision });
        if (++call === 1) throw new DeadlineExceededError(); // what the client raises for the server's Timeout answer
        return { success: true, nextExpectedRevision: 3n, position: { commit: 700n, prepare: 700n } };
      }) as unknown as EventStoreDbClientCalls['appendToStream'],
    });
    const result = await s.append('cart-1', [newEvent(ID_A), newEvent(ID_B)], { expectedRevision: 1n });
    expect(result).toEqual({ nextExpectedRevision: 3n, position: { commit: 700n, prepare: 700n } });
    expect(sent).toEqual([
      { ids: [ID_A, ID_B], expected: 1n },
      { ids: [ID_A, ID_B], expected: 1n },
    ]);
  });

  it('concurrent retries of one append: the one the server dropped is sent again and answers the original position', async () => {
    // The server: the first append commits; the second, seen before the first is indexed, is
    // dropped (the client gets a timeout); sent again, it is recognised as idempotent and
    // answered without a position, which the adapter reads from the stream.
    let firstCommitted = false;
    let dropped = 0;
    const s = store({
      appendToStream: (async () => {
        if (!firstCommitted) {
          firstCommitted = true;
          return { success: true, nextExpectedRevision: 0n, position: { commit: 500n, prepare: 500n } };
        }
        if (dropped++ === 0) throw new DeadlineExceededError();
        return { success: true, nextExpectedRevision: 0n, position: undefined };
      }) as unknown as EventStoreDbClientCalls['appendToStream'],
      readStream: ((stream: string, o: { fromRevision: unknown }) => {
        expect([stream, o.fromRevision]).toEqual(['cart-1', 0n]);
        return Readable.from([{ event: { ...resolved('cart-1', 5).event, revision: 0n } }]);
      }) as unknown as EventStoreDbClientCalls['readStream'],
    });
    const [a, b] = await Promise.all([s.append('cart-1', [newEvent(ID_A)], { expectedRevision: 'no_stream' }), s.append('cart-1', [newEvent(ID_A)], { expectedRevision: 'no_stream' })]);
    expect(a.position).toEqual({ commit: 500n, prepare: 500n });
    expect(b.position).toEqual(a.position);
    expect(dropped).toBe(2);
  });

  it('gives up with EventStoreUnavailable when every retry times out, after exactly the retries allowed', async () => {
    let calls = 0;
    const s = store({
      appendToStream: (async () => {
        calls++;
        throw new DeadlineExceededError();
      }) as unknown as EventStoreDbClientCalls['appendToStream'],
    });
    await expect(s.append('cart-1', [newEvent(ID_A)])).rejects.toBeInstanceOf(EventStoreUnavailable);
    expect(calls).toBe(4);
  });

  it('does not send again what the server answered (a wrong expected version)', async () => {
    let calls = 0;
    const s = store({
      appendToStream: (async () => {
        calls++;
        throw new WrongExpectedVersionError(undefined, { streamName: 'cart-1', expected: 0n, current: 2n });
      }) as unknown as EventStoreDbClientCalls['appendToStream'],
    });
    await expect(s.append('cart-1', [newEvent(ID_A)], { expectedRevision: 0n })).rejects.toBeInstanceOf(WrongExpectedRevision);
    expect(calls).toBe(1);
  });
});

describe('EventStoreDB adapter: every refusal the server sends has a name', () => {
  it.each([
    ['CANCELLED (a server shutting down cancels its calls)', new CancelledError(undefined, '1 CANCELLED: Call cancelled'), EventStoreUnavailable, undefined],
    ['a plain gRPC CANCELLED', Object.assign(new Error('1 CANCELLED'), { code: 1 }), EventStoreUnavailable, undefined],
    ['a deleted stream', StreamDeletedError.fromStreamName('cart-1'), EventStoreRequestRefused, 'stream-deleted'],
    ['access denied', new AccessDeniedError(undefined, 'Access denied'), EventStoreRequestRefused, 'access-denied'],
    ['an unauthenticated call (gRPC 16)', Object.assign(new Error('16 UNAUTHENTICATED'), { code: 16 }), EventStoreRequestRefused, 'access-denied'],
    ['the maximum append size exceeded', MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576), EventStoreRequestRefused, 'append-too-large'],
    ['a bad request (gRPC INVALID_ARGUMENT)', Object.assign(new Error('3 INVALID_ARGUMENT: id'), { code: 3 }), EventStoreRequestRefused, 'bad-request'],
  ])('%s', (_name, clientError, expectedClass, reason) => {
    const mapped = toPortError(clientError, { stream: 'cart-1' });
    expect(mapped).toBeInstanceOf(expectedClass);
    if (reason) expect(mapped).toMatchObject({ reason });
    expect((mapped as Error).cause).toBe(clientError);
  });

  it('names the limit when an append is too large', () => {
    expect((toPortError(MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576), { stream: 'cart-1' }) as Error).message).toContain('1048576');
  });

  it('refuses an event id that is not a UUID before sending anything', async () => {
    let calls = 0;
    const s = store({ appendToStream: (async () => calls++) as unknown as EventStoreDbClientCalls['appendToStream'] });
    await expect(s.append('cart-1', [newEvent(ID_A), newEvent('not-a-uuid')])).rejects.toMatchObject({ name: 'EventStoreRequestRefused', reason: 'bad-request' });
    expect(calls).toBe(0);
  });
});

describe('EventStoreDB adapter: subscriptions', () => {
  /** Opens one scripted server stream per subscribeToAll call and records where each started. */
  function scripted(...streams: ServerStream[]) {
    const starts: unknown[] = [];
    const subscribeToAll = ((o: { fromPosition: unknown }) => {
      starts.push(o.fromPosition);
      const next = streams.shift();
      if (!next) throw new Error('no more scripted streams');
      return next;
    }) as unknown as EventStoreDbClientCalls['subscribeToAll'];
    return { subscribeToAll, starts };
  }

  async function take(it: AsyncIterator<RecordedEvent>, n: number): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    while (out.length < n) {
      const r = await it.next();
      if (r.done) throw new Error(`ended after ${out.length} events`);
      out.push(r.value);
    }
    return out;
  }

  const pos = (n: number): Position => ({ commit: BigInt(n * 100), prepare: BigInt(n * 100) });

  it('a stream the server ends is opened again after the last event, not taken for close()', async () => {
    const first = new ServerStream().confirm().send(resolved('cart-1', 1), resolved('cart-1', 2)).end();
    // The server starts a resubscription at the position given, inclusively: event 2 comes again.
    const second = new ServerStream().confirm().send(resolved('cart-1', 2), resolved('cart-2', 3));
    const { subscribeToAll, starts } = scripted(first, second);
    const s = store({ subscribeToAll });
    const sub = s.subscribeToAll();
    const it = sub[Symbol.asyncIterator]();
    const events = await take(it, 3);
    expect(events.map((e) => e.position)).toEqual([pos(1), pos(2), pos(3)]);
    expect(starts).toEqual(['start', pos(2)]);
    expect(first.cancelled).toBeGreaterThan(0);
    await sub.close();
    expect(await it.next()).toEqual({ done: true, value: undefined });
    expect(second.cancelled).toBeGreaterThan(0);
  });

  it('a CANCELLED from the server (its shutdown) resubscribes from the last event delivered', async () => {
    const first = new ServerStream().confirm().send(resolved('cart-1', 1));
    const second = new ServerStream().confirm().send(resolved('cart-1', 2));
    const { subscribeToAll, starts } = scripted(first, second);
    const sub = store({ subscribeToAll }).subscribeToAll({ fromPosition: pos(0.5) });
    const it = sub[Symbol.asyncIterator]();
    expect((await take(it, 1))[0].position).toEqual(pos(1));
    first.destroy(new CancelledError(undefined, '1 CANCELLED: server shutting down'));
    expect((await take(it, 1))[0].position).toEqual(pos(2));
    expect(starts).toEqual([pos(0.5), pos(1)]);
    await sub.close();
  });

  it('a refusal (access denied) ends the subscription with its error, without resubscribing', async () => {
    const first = new ServerStream().confirm();
    const { subscribeToAll, starts } = scripted(first);
    const sub = store({ subscribeToAll }).subscribeToAll();
    const it = sub[Symbol.asyncIterator]();
    const next = it.next();
    first.destroy(new AccessDeniedError(undefined, 'Access denied'));
    await expect(next).rejects.toMatchObject({ name: 'EventStoreRequestRefused', reason: 'access-denied' });
    expect(starts).toHaveLength(1);
  });

  it('an unconfirmed subscription is cancelled on the server, tried again, then fails with EventStoreUnavailable', async () => {
    const silent = [new ServerStream(), new ServerStream(), new ServerStream()];
    const { subscribeToAll, starts } = scripted(...silent);
    const sub = store({ subscribeToAll }, { timeoutMs: 50 }).subscribeToAll();
    await expect(sub[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(EventStoreUnavailable);
    expect(starts).toHaveLength(3); // the first try and the two retries allowed
    expect(silent.map((s) => s.cancelled > 0)).toEqual([true, true, true]);
  });

  it('only events of its own namespace, named without the prefix', async () => {
    const stream = new ServerStream().confirm().send(resolved('other.cart-1', 1), resolved('run1.cart-1', 2), resolved('$stats', 3), resolved('run1.order-9', 4));
    const { subscribeToAll } = scripted(stream);
    const sub = store({ subscribeToAll }, { namespace: 'run1.' }).subscribeToAll({ filter: { streamPrefixes: ['order-'] } });
    const [only] = await take(sub[Symbol.asyncIterator](), 1);
    expect([only.stream, only.position]).toEqual(['order-9', pos(4)]);
    await sub.close();
  });
});

describe('EventStoreDB adapter: bounded backwards reads and the head of a namespace', () => {
  /** $all as the server holds it; a read yields from a position as EventStoreDB does (inclusive), at most maxCount. */
  function log(streams: string[]) {
    const all = streams.map((s, i) => resolved(s, i + 1));
    let reads = 0;
    const readAll = ((o: { fromPosition: 'start' | 'end' | Position; direction: string; maxCount: number }) => {
      const backwards = o.direction === 'backwards';
      const ordered = backwards ? [...all].reverse() : all;
      const from = o.fromPosition;
      const at = typeof from === 'string' ? 0 : ordered.findIndex((e) => (backwards ? e.event!.position.commit <= from.commit : e.event!.position.commit >= from.commit));
      const page = at < 0 ? [] : ordered.slice(at, at + o.maxCount);
      reads++;
      return Readable.from(page);
    }) as unknown as EventStoreDbClientCalls['readAll'];
    return { readAll, reads: () => reads, append: (s: string) => all.push(resolved(s, all.length + 1)) };
  }

  it('reads newest first before a cursor, stops after maxScan events and says where to continue', async () => {
    const server = log(['a.cart-1', 'a.order-1', 'b.cart-9', 'a.cart-2', 'a.order-2', 'b.cart-8']);
    const s = store({ readAll: server.readAll }, { namespace: 'a.' });
    const first = await s.readAllBackwards({ maxCount: 10, maxScan: 3, filter: { streamPrefixes: ['order-'] } });
    expect(first.events.map((e) => e.stream)).toEqual(['order-2']);
    expect(first.continueBefore).toEqual({ commit: 400n, prepare: 400n });
    const rest = await s.readAllBackwards({ before: first.continueBefore, maxCount: 10, maxScan: 100, filter: { streamPrefixes: ['order-'] } });
    expect(rest).toEqual({ events: [expect.objectContaining({ stream: 'order-1', position: { commit: 200n, prepare: 200n } })], continueBefore: undefined });
  });

  it('counts lag in events by reading forwards (positions are byte offsets): its own namespace only, after the checkpoint, up to the cap', async () => {
    const server = log(['a.cart-1', 'b.cart-1', 'a.cart-2', '$stats-1', 'a.order-1', 'b.cart-2', 'a.cart-3']);
    const s = store({ readAll: server.readAll }, { namespace: 'a.' });
    const created = new Date('2026-01-01T00:00:00Z');
    expect(await s.lagAfter(START, 100)).toEqual({ events: 4, capped: false, oldestAt: created });
    // 500 bytes of log between the checkpoint and the head: two of our events
    expect(await s.lagAfter({ commit: 300n, prepare: 300n }, 100)).toEqual({ events: 2, capped: false, oldestAt: created });
    expect(await s.lagAfter({ commit: 700n, prepare: 700n }, 100)).toEqual({ events: 0, capped: false, oldestAt: null });
    expect(await s.lagAfter(START, 3)).toEqual({ events: 3, capped: true, oldestAt: created });
  });

  it('a lag count on a shared server examines a bounded stretch of the log, then answers "at least"', async () => {
    const server = log([...Array.from({ length: 2500 }, (_, i) => `b.cart-${i}`), 'a.cart-1']);
    const s = store({ readAll: server.readAll }, { namespace: 'a.' });
    expect(await s.lagAfter(START, 10)).toEqual({ events: 0, capped: true, oldestAt: null });
    expect(server.reads()).toBe(2); // 10 x the cap, rounded up to whole pages of 1,000
  });

  it('finds the head of its namespace, then examines only what was appended since', async () => {
    const server = log(['a.cart-1', ...Array.from({ length: 250 }, (_, i) => `b.cart-${i}`)]);
    const s = store({ readAll: server.readAll }, { namespace: 'a.' });
    expect(await s.headPosition()).toEqual({ commit: 100n, prepare: 100n });
    expect(server.reads()).toBe(3); // 251 events, 100 a read
    server.append('b.cart-x');
    server.append('a.cart-2');
    server.append('b.cart-y');
    expect(await s.headPosition()).toEqual({ commit: 25300n, prepare: 25300n });
    server.append('b.cart-z');
    expect(await s.headPosition()).toEqual({ commit: 25300n, prepare: 25300n });
    expect(server.reads()).toBe(5); // one read each time: the new events and the one examined before
  });
});

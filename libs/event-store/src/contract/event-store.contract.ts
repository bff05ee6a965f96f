import { randomUUID } from 'node:crypto';
import {
  comparePositions,
  MAX_STREAM_NAME_LENGTH,
  START,
  UnstorableEvent,
  WrongExpectedRevision,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '../event-store.port.js';

/**
 * The one contract every EventStore adapter passes. The log may be shared with other runs
 * (EventStoreDB), so every test writes to streams under its own random prefix and reads the
 * global log through a filter on that prefix.
 */
export interface ContractSubject {
  store: EventStore;
  /** A second client of the same log, as another process would hold (races between processes). */
  otherStore?: EventStore;
  dispose(): Promise<void>;
  /**
   * PostgreSQL only: append inside a transaction that stays open until commit() — a writer
   * that took its positions first and commits last, the case that makes naive readers skip.
   */
  appendInOpenTransaction?(stream: string, events: NewEvent[]): Promise<{ commit(): Promise<void> }>;
}

export interface ContractOptions {
  /** The subject implements appendInOpenTransaction: run the gap-safety cases (PostgreSQL). */
  openTransactions?: boolean;
}

export function eventStoreContract(adapterName: string, setup: () => Promise<ContractSubject>, options: ContractOptions = {}): void {
  describe(`EventStore contract: ${adapterName}`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    let other: EventStore;

    beforeAll(async () => {
      subject = await setup();
      store = subject.store;
      other = subject.otherStore ?? subject.store;
    });
    afterAll(async () => {
      await subject?.dispose();
    });

    const run = () => `c${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const event = (type = 'ThingHappened', data: unknown = { n: 1 }): NewEvent => ({
      id: randomUUID(),
      type,
      data,
      metadata: { correlationId: randomUUID(), actor: { kind: 'system', id: 'contract' }, occurredAt: new Date().toISOString(), schemaVersion: 1 },
    });
    const events = (n: number, type?: string) => Array.from({ length: n }, (_, i) => event(type, { i }));

    /**
     * Waits until readers see an append: on PostgreSQL only below the server-wide snapshot
     * horizon, which a transaction in another suite's database can hold back for a moment.
     */
    async function visible(appended: Promise<{ position: Position }>): Promise<void> {
      const { position } = await appended;
      const deadline = Date.now() + 15_000;
      while (comparePositions(await store.headPosition(), position) < 0) {
        if (Date.now() > deadline) throw new Error('an append never became visible to readers');
        await new Promise((r) => setTimeout(r, 10));
      }
    }

    async function conflictOf(p: Promise<unknown>): Promise<WrongExpectedRevision> {
      const e = await p.then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(WrongExpectedRevision);
      return e as WrongExpectedRevision;
    }

    describe('append and readStream', () => {
      it('appends to a new stream with no_stream and reads the events back in order with revisions', async () => {
        const stream = `${run()}-a`;
        const written = events(3);
        const result = await store.append(stream, written, { expectedRevision: 'no_stream' });
        expect(result.nextExpectedRevision).toBe(2n);
        const read = await store.readStream(stream);
        expect(read.map((e) => e.id)).toEqual(written.map((e) => e.id));
        expect(read.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
        expect(read.every((e) => e.stream === stream && e.type === 'ThingHappened')).toBe(true);
        expect(read[2].data).toEqual({ i: 2 });
        expect(comparePositions(read[2].position, result.position)).toBe(0);
        expect(read[2].createdAt).toBeInstanceOf(Date);
        expect(Math.abs(read[2].createdAt.getTime() - Date.now())).toBeLessThan(60_000);
      });

      it('no_stream on an existing stream fails with the actual revision', async () => {
        const stream = `${run()}-a`;
        await store.append(stream, events(2), { expectedRevision: 'no_stream' });
        const e = await conflictOf(store.append(stream, events(1), { expectedRevision: 'no_stream' }));
        expect(e.actual).toBe(1n);
        expect(e.expected).toBe('no_stream');
        expect(e.stream).toBe(stream);
      });

      it('an exact revision appends when it matches and fails with the actual revision when not', async () => {
        const stream = `${run()}-a`;
        await store.append(stream, events(2), { expectedRevision: 'no_stream' });
        const ok = await store.append(stream, events(2), { expectedRevision: 1n });
        expect(ok.nextExpectedRevision).toBe(3n);
        const e = await conflictOf(store.append(stream, events(1), { expectedRevision: 1n }));
        expect(e.actual).toBe(3n);
        const missing = await conflictOf(store.append(`${run()}-missing`, events(1), { expectedRevision: 0n }));
        expect(missing.actual).toBeUndefined();
        expect(await store.readStream(stream)).toHaveLength(4);
      });

      it('stream_exists fails on a missing stream and appends to an existing one', async () => {
        const stream = `${run()}-a`;
        const e = await conflictOf(store.append(stream, events(1), { expectedRevision: 'stream_exists' }));
        expect(e.actual).toBeUndefined();
        expect(await store.readStream(stream)).toEqual([]);
        await store.append(stream, events(1), { expectedRevision: 'no_stream' });
        const ok = await store.append(stream, events(1), { expectedRevision: 'stream_exists' });
        expect(ok.nextExpectedRevision).toBe(1n);
      });

      it('any appends to missing and existing streams (and is the default)', async () => {
        const stream = `${run()}-a`;
        expect((await store.append(stream, events(2), { expectedRevision: 'any' })).nextExpectedRevision).toBe(1n);
        expect((await store.append(stream, events(1))).nextExpectedRevision).toBe(2n);
        expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      });

      it('reads a missing stream as an empty array', async () => {
        expect(await store.readStream(`${run()}-nothing`)).toEqual([]);
        expect(await store.readStream(`${run()}-nothing`, { direction: 'backwards', maxCount: 3 })).toEqual([]);
      });

      it('reads forwards from a revision with maxCount, and backwards with a limit', async () => {
        const stream = `${run()}-a`;
        const written = events(10);
        await store.append(stream, written, { expectedRevision: 'no_stream' });
        const fwd = await store.readStream(stream, { fromRevision: 3n, maxCount: 4 });
        expect(fwd.map((e) => e.revision)).toEqual([3n, 4n, 5n, 6n]);
        const back = await store.readStream(stream, { direction: 'backwards', maxCount: 3 });
        expect(back.map((e) => e.revision)).toEqual([9n, 8n, 7n]);
        expect(back[0].id).toBe(written[9].id);
        const backFrom = await store.readStream(stream, { direction: 'backwards', fromRevision: 4n, maxCount: 2 });
        expect(backFrom.map((e) => e.revision)).toEqual([4n, 3n]);
      });

      it('round-trips metadata, including extra fields', async () => {
        const stream = `${run()}-a`;
        const e = event('MetaChecked', { nested: { list: [1, 'two', null], ok: true }, money: 149900 });
        e.metadata = {
          correlationId: randomUUID(),
          causationId: randomUUID(),
          actor: { kind: 'admin', id: 'alice' },
          occurredAt: '2026-01-02T03:04:05.678Z',
          schemaVersion: 2,
          requestId: 'r-1',
        };
        await store.append(stream, [e]);
        const [read] = await store.readStream(stream);
        expect(read.metadata).toEqual(e.metadata);
        expect(read.data).toEqual(e.data);
        expect(read.id).toBe(e.id);
      });

      it('stores and reads a 1 MB event', async () => {
        const stream = `${run()}-big`;
        const blob = 'x'.repeat(1_000_000);
        await store.append(stream, [event('BigThing', { blob, tail: 'end' })]);
        const [read] = await store.readStream(stream);
        expect((read.data as { blob: string }).blob).toHaveLength(1_000_000);
        expect((read.data as { tail: string }).tail).toBe('end');
      });
    });

    describe('text the log refuses (every writer, before anything is written)', () => {
      async function refusalOf(p: Promise<unknown>): Promise<UnstorableEvent> {
        const e = await p.then(
          () => undefined,
          (err: unknown) => err,
        );
        expect(e).toBeInstanceOf(UnstorableEvent);
        return e as UnstorableEvent;
      }

      it('refuses a NUL, a lone surrogate, a control character or a non-character in data, keys or metadata, naming type, path and problem', async () => {
        const cases: Array<[NewEvent, string, string]> = [
          [event('Subscribed', { email: 'a@b.co\u0000' }), 'data.email', 'NUL byte'],
          [event('Checked', { customer: { firstName: 'Nul\u0000Byte' } }), 'data.customer.firstName', 'NUL byte'],
          [event('Named', { items: [{ name: 'ok' }, { name: '\ud800x' }] }), 'data.items[1].name', 'lone surrogate'],
          [event('Keyed', { tags: { ['k\udc00']: 1 } }), 'data.tags.k\udc00 (key)', 'lone surrogate'],
          [event('Belled', { note: 'ring\u0007' }), 'data.note', 'control character'],
          [event('Nonchar', { note: 'x\uffff' }), 'data.note', 'non-character'],
          [{ ...event('MetaBad'), metadata: { ...event().metadata, actor: { kind: 'admin', id: 'eve\u0000' } } }, 'metadata.actor.id', 'NUL byte'],
        ];
        for (const [bad, path, problem] of cases) {
          const stream = `${run()}-bad`;
          const refused = await refusalOf(store.append(stream, [bad], { expectedRevision: 'no_stream' }));
          expect(refused).toMatchObject({ stream, eventType: bad.type, eventId: bad.id, path, problem });
          expect(refused.message).toContain(path);
          expect(await store.readStream(stream)).toEqual([]);
        }
      });

      it('writes none of a batch when one of its events is refused, and the stream stays as it was', async () => {
        const stream = `${run()}-batch`;
        await store.append(stream, [event('First')], { expectedRevision: 'no_stream' });
        const good = event('Fine', { text: 'fine' });
        const bad = event('Broken', { text: 'bro\u0000ken' });
        const refused = await refusalOf(store.append(stream, [good, bad], { expectedRevision: 0n }));
        expect(refused.eventType).toBe('Broken');
        const read = await store.readStream(stream);
        expect(read.map((e) => e.type)).toEqual(['First']);
        // the same good event still appends at the same expected revision: nothing moved
        const result = await store.append(stream, [good], { expectedRevision: 0n });
        expect(result.nextExpectedRevision).toBe(1n);
      });

      it('refuses an unstorable or over-long stream name, or an unstorable event type', async () => {
        const stream = `${run()}-s\u0000`;
        expect(await refusalOf(store.append(stream, [event()]))).toMatchObject({ path: 'stream', problem: 'NUL byte' });
        const long = `${run()}-${'x'.repeat(MAX_STREAM_NAME_LENGTH)}`;
        expect(await refusalOf(store.append(long, [event()]))).toMatchObject({ path: 'stream', problem: 'too long' });
        expect(await store.readStream(long)).toEqual([]);
        // the longest name allowed, in 3-byte UTF-8 characters, is stored
        const longest = `${run()}-`.padEnd(MAX_STREAM_NAME_LENGTH, '€');
        await store.append(longest, [event()]);
        expect(await store.readStream(longest)).toHaveLength(1);
        const typed = event('Bad\u0001Type');
        expect(await refusalOf(store.append(`${run()}-t`, [typed]))).toMatchObject({ path: 'type', problem: 'control character' });
      });

      it('accepts and round-trips line breaks, tabs, astral characters, right-to-left text and paired surrogates', async () => {
        const stream = `${run()}-text`;
        const text = 'line 1\r\nline 2\ttabbed \u{1F5BC}\u{1F1EA}\u{1F1EC} مصر \u200f\u00a0é\u0301';
        const e = event('Texty', { text, [text]: text, list: [text] });
        await store.append(stream, [e], { expectedRevision: 'no_stream' });
        const [read] = await store.readStream(stream);
        expect(read.data).toEqual(e.data);
      });
    });

    describe('concurrency and idempotency', () => {
      it('two writers racing for the same revision: exactly one wins, the other gets WrongExpectedRevision', async () => {
        for (let round = 0; round < 5; round++) {
          const stream = `${run()}-race`;
          await store.append(stream, events(1), { expectedRevision: 'no_stream' });
          const results = await Promise.allSettled([
            store.append(stream, events(1), { expectedRevision: 0n }),
            other.append(stream, events(1), { expectedRevision: 0n }),
          ]);
          expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
          const [lost] = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
          expect(lost.reason).toBeInstanceOf(WrongExpectedRevision);
          expect((lost.reason as WrongExpectedRevision).actual).toBe(1n);
          expect(await store.readStream(stream)).toHaveLength(2);
        }
      });

      it('two writers racing to create a stream with no_stream: exactly one wins', async () => {
        const stream = `${run()}-race`;
        const results = await Promise.allSettled([
          store.append(stream, events(2), { expectedRevision: 'no_stream' }),
          other.append(stream, events(2), { expectedRevision: 'no_stream' }),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof WrongExpectedRevision)).toHaveLength(1);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      // The modes EventStoreDB documents as idempotent; PostgreSQL also covers stream_exists (its own suite).
      const modes: ExpectedRevision[] = ['no_stream', 'any', 0n];
      it.each(modes.map((m) => [String(m), m]))('re-appending the same ids with expectation %s is idempotent', async (_label, mode) => {
        const stream = `${run()}-idem`;
        const exact = typeof mode === 'bigint';
        if (exact) await store.append(stream, events(1), { expectedRevision: 'no_stream' });
        const batch = events(2);
        const first = await store.append(stream, batch, { expectedRevision: mode as ExpectedRevision });
        const again = await store.append(stream, batch, { expectedRevision: mode as ExpectedRevision });
        expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect(comparePositions(again.position, first.position)).toBe(0);
        const read = await store.readStream(stream);
        expect(read).toHaveLength(exact ? 3 : 2);
        expect(read.slice(-2).map((e) => e.id)).toEqual(batch.map((e) => e.id));
      });

      it('concurrent retries of one append write it once and both answer its position', async () => {
        const stream = `${run()}-idem`;
        await store.append(stream, events(1), { expectedRevision: 'no_stream' });
        const batch = events(3);
        const [a, b] = await Promise.all([
          store.append(stream, batch, { expectedRevision: 0n }),
          other.append(stream, batch, { expectedRevision: 0n }),
        ]);
        expect(a.nextExpectedRevision).toBe(3n);
        expect(b.nextExpectedRevision).toBe(3n);
        expect(comparePositions(a.position, b.position)).toBe(0);
        expect(await store.readStream(stream)).toHaveLength(4);
      });

      it('many concurrent appends with mixed expectations each get their own answer', async () => {
        const prefix = run();
        const existing = Array.from({ length: 6 }, (_, i) => `${prefix}-m${i}`);
        await Promise.all(existing.map((s) => store.append(s, events(2), { expectedRevision: 'no_stream' })));
        const retried = events(2);
        await store.append(`${prefix}-retry`, retried, { expectedRevision: 'no_stream' });
        const cases: { stream: string; expected: ExpectedRevision; n: number; ok: bigint | 'conflict'; batch?: NewEvent[] }[] = [
          { stream: existing[0], expected: 1n, n: 1, ok: 2n },
          { stream: existing[1], expected: 0n, n: 1, ok: 'conflict' },
          { stream: existing[2], expected: 'no_stream', n: 1, ok: 'conflict' },
          { stream: existing[3], expected: 'stream_exists', n: 3, ok: 4n },
          { stream: existing[4], expected: 'any', n: 2, ok: 3n },
          { stream: existing[5], expected: 5n, n: 1, ok: 'conflict' },
          { stream: `${prefix}-new1`, expected: 'no_stream', n: 2, ok: 1n },
          { stream: `${prefix}-new2`, expected: 'any', n: 1, ok: 0n },
          { stream: `${prefix}-new3`, expected: 'stream_exists', n: 1, ok: 'conflict' },
          { stream: `${prefix}-new4`, expected: 0n, n: 1, ok: 'conflict' },
          { stream: `${prefix}-retry`, expected: 'no_stream', n: 2, ok: 1n, batch: retried },
        ];
        const results = await Promise.allSettled(cases.map((c) => store.append(c.stream, c.batch ?? events(c.n), { expectedRevision: c.expected })));
        results.forEach((r, i) => {
          const c = cases[i];
          if (c.ok === 'conflict') {
            expect(r.status).toBe('rejected');
            expect((r as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevision);
          } else {
            expect(r.status).toBe('fulfilled');
            expect((r as PromiseFulfilledResult<{ nextExpectedRevision: bigint }>).value.nextExpectedRevision).toBe(c.ok);
          }
        });
        const lengths = await Promise.all(cases.map((c) => store.readStream(c.stream).then((e) => e.length)));
        expect(lengths).toEqual([3, 2, 2, 5, 4, 2, 2, 1, 0, 0, 2]);
      });
    });

    describe('readAll and headPosition', () => {
      it('reads the global log after a position, in increasing position, with type and stream filters and maxCount', async () => {
        const prefix = run();
        const from = await store.headPosition();
        await store.append(`${prefix}one-1`, [event('Alpha'), event('Beta')]);
        await store.append(`${prefix}two-1`, [event('Alpha'), event('Gamma')]);
        await store.append(`${prefix}one-2`, [event('Gamma')]);
        await visible(store.append(`${run()}-elsewhere`, [event('Alpha')]));

        const mine = await store.readAll({ fromPosition: from, filter: { streamPrefixes: [prefix] } });
        expect(mine.map((e) => e.type)).toEqual(['Alpha', 'Beta', 'Alpha', 'Gamma', 'Gamma']);
        for (let i = 1; i < mine.length; i++) expect(comparePositions(mine[i - 1].position, mine[i].position)).toBeLessThan(0);

        const alphas = await store.readAll({ fromPosition: from, filter: { streamPrefixes: [prefix], eventTypes: ['Alpha'] } });
        expect(alphas.map((e) => e.stream)).toEqual([`${prefix}one-1`, `${prefix}two-1`]);

        const ones = await store.readAll({ fromPosition: from, filter: { streamPrefixes: [`${prefix}one-`] }, maxCount: 2 });
        expect(ones.map((e) => e.type)).toEqual(['Alpha', 'Beta']);

        // fromPosition is exclusive
        const after = await store.readAll({ fromPosition: mine[1].position, filter: { streamPrefixes: [prefix] } });
        expect(after.map((e) => e.id)).toEqual(mine.slice(2).map((e) => e.id));

        const head = await store.headPosition();
        expect(comparePositions(head, mine[mine.length - 1].position)).toBeGreaterThanOrEqual(0);
      });

      it('readAll without a filter returns events in increasing position and honours maxCount', async () => {
        const from = await store.headPosition();
        await visible(store.append(`${run()}-x`, events(5)));
        const page = await store.readAll({ fromPosition: from, maxCount: 3 });
        expect(page).toHaveLength(3);
        for (let i = 1; i < page.length; i++) expect(comparePositions(page[i - 1].position, page[i].position)).toBeLessThan(0);
        expect(page.every((e) => !e.type.startsWith('$') && !e.stream.startsWith('$'))).toBe(true);
      });
    });

    describe('lagAfter', () => {
      const times = (es: RecordedEvent[]) => Math.min(...es.map((e) => e.createdAt.getTime()));

      it('counts the events after a position (any stream, any type), and the oldest one\'s time', async () => {
        const from = await store.headPosition();
        await store.append(`${run()}-lag`, events(3, 'Alpha'));
        await visible(store.append(`${run()}-lag`, events(2, 'Beta')));
        // Between two reads of the same stretch: writers on a shared server only add to its end.
        const before = await store.readAll({ fromPosition: from });
        const lag = await store.lagAfter(from, 100_000); // far above what other writers can add meanwhile
        const after = await store.readAll({ fromPosition: from });
        expect(before.length).toBeGreaterThanOrEqual(5);
        expect(lag.events).toBeGreaterThanOrEqual(before.length);
        expect(lag.events).toBeLessThanOrEqual(after.length);
        expect(lag.capped).toBe(false);
        // created times carry sub-millisecond digits on PostgreSQL: a millisecond either way
        expect(lag.oldestAt!.getTime()).toBeGreaterThanOrEqual(times(after) - 1);
        expect(lag.oldestAt!.getTime()).toBeLessThanOrEqual(times(before) + 1);
      });

      it('stops counting at the cap and says so, from a checkpoint or from the start of the log', async () => {
        const from = await store.headPosition();
        await visible(store.append(`${run()}-lag`, events(4)));
        expect(await store.lagAfter(from, 3)).toEqual({ events: 3, capped: true, oldestAt: expect.any(Date) });
        expect(await store.lagAfter(START, 2)).toEqual({ events: 2, capped: true, oldestAt: expect.any(Date) });
      });

      it('at the head: nothing after it (bar what others append meanwhile)', async () => {
        const appended = store.append(`${run()}-lag`, events(2));
        await visible(appended);
        const { position } = await appended;
        const lag = await store.lagAfter(position, 1000);
        const after = await store.readAll({ fromPosition: position });
        expect(lag.events).toBeLessThanOrEqual(after.length);
        expect(lag.oldestAt === null).toBe(lag.events === 0);
      });
    });

    describe('subscribeToAll', () => {
      async function collect(sub: Subscription, into: RecordedEvent[]): Promise<void> {
        for await (const e of sub) into.push(e);
      }
      async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
        const deadline = Date.now() + timeoutMs;
        while (!condition()) {
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
          await new Promise((r) => setTimeout(r, 10));
        }
      }

      it('catches up, then goes live, and resumes from a checkpoint without repeats', async () => {
        const prefix = run();
        const from = await store.headPosition();
        const before = events(4);
        await store.append(`${prefix}-s`, before);
        const seen: RecordedEvent[] = [];
        const sub = store.subscribeToAll({ fromPosition: from, filter: { streamPrefixes: [prefix] } });
        const done = collect(sub, seen);
        await until(() => seen.length === 4, 10_000, 'catch-up');
        const live = events(2);
        await store.append(`${prefix}-s`, live);
        await until(() => seen.length === 6, 10_000, 'live events');
        await sub.close();
        await done;
        expect(seen.map((e) => e.id)).toEqual([...before, ...live].map((e) => e.id));

        // resume from the third event's position: the rest, nothing before it, nothing twice
        const resumed: RecordedEvent[] = [];
        const again = store.subscribeToAll({ fromPosition: seen[2].position, filter: { streamPrefixes: [prefix] } });
        const doneAgain = collect(again, resumed);
        const more = events(1);
        await store.append(`${prefix}-s`, more);
        await until(() => resumed.length >= 4, 10_000, 'resumed events');
        await new Promise((r) => setTimeout(r, 200));
        await again.close();
        await doneAgain;
        expect(resumed.map((e) => e.id)).toEqual([...seen.slice(3), { id: more[0].id }].map((e) => e.id));
      });

      it('delivers only events matching the filter', async () => {
        const prefix = run();
        const from = await store.headPosition();
        await store.append(`${prefix}-f`, [event('Wanted'), event('Unwanted'), event('Wanted')]);
        const seen: RecordedEvent[] = [];
        const sub = store.subscribeToAll({ fromPosition: from, filter: { streamPrefixes: [prefix], eventTypes: ['Wanted'] } });
        const done = collect(sub, seen);
        await until(() => seen.length >= 2, 10_000, 'filtered events');
        await store.append(`${prefix}-f`, [event('Unwanted'), event('Wanted')]);
        await until(() => seen.length >= 3, 10_000, 'live filtered event');
        await sub.close();
        await done;
        expect(seen.map((e) => e.type)).toEqual(['Wanted', 'Wanted', 'Wanted']);
      });

      it('8 writers for ~5 s: the subscriber receives every committed event exactly once, in increasing position', async () => {
        const prefix = run();
        const from = await store.headPosition();
        const seen: RecordedEvent[] = [];
        const sub = store.subscribeToAll({ fromPosition: from, filter: { streamPrefixes: [prefix] } });
        const done = collect(sub, seen);

        const written = new Map<string, { committedAt: number }>();
        const heldBack: { id: string; committedAt: number }[] = [];
        const stopAt = Date.now() + 5_000;
        const writer = async (w: number) => {
          const revisions = new Map<string, bigint>();
          let n = 0;
          while (Date.now() < stopAt) {
            const stream = `${prefix}-w${w}-${n % 7}`;
            const batch = events(1 + (n % 3));
            // A mix of expectation modes; each writer owns its streams, so none conflicts.
            const known = revisions.get(stream);
            const expectedRevision: ExpectedRevision = known === undefined ? 'no_stream' : n % 5 === 0 ? 'any' : known;
            const result = await store.append(stream, batch, { expectedRevision });
            revisions.set(stream, result.nextExpectedRevision);
            const at = performance.now();
            for (const e of batch) written.set(e.id, { committedAt: at });
            n++;
          }
        };
        // Writers that take their positions first and commit last (PostgreSQL: the gap case).
        const slowWriter = async () => {
          if (!subject.appendInOpenTransaction) return;
          let n = 0;
          while (Date.now() < stopAt - 300) {
            const batch = events(1, 'SlowThing');
            const tx = await subject.appendInOpenTransaction(`${prefix}-slow${n++}`, batch);
            await new Promise((r) => setTimeout(r, 50 + (n % 4) * 50));
            await tx.commit();
            const at = performance.now();
            for (const e of batch) {
              written.set(e.id, { committedAt: at });
              heldBack.push({ id: e.id, committedAt: at });
            }
          }
        };
        await Promise.all([...Array.from({ length: 8 }, (_, w) => writer(w)), slowWriter()]);
        await until(() => seen.length >= written.size, 20_000, `all ${written.size} events (seen ${seen.length})`);
        await new Promise((r) => setTimeout(r, 300)); // anything extra (a duplicate) would arrive now
        await sub.close();
        await done;

        const ids = seen.map((e) => e.id);
        expect(new Set(ids).size).toBe(ids.length); // exactly once
        expect(new Set(ids)).toEqual(new Set(written.keys())); // none skipped, nothing foreign
        for (let i = 1; i < seen.length; i++) expect(comparePositions(seen[i - 1].position, seen[i].position)).toBeLessThan(0);
        expect(written.size).toBeGreaterThan(200);

        if (subject.appendInOpenTransaction) {
          // The slow writers really committed out of order: some held event sits, in the log,
          // before an event whose append had already returned when the held one committed.
          const positionOf = new Map(seen.map((e) => [e.id, e.position] as const));
          const outOfOrder = heldBack.some((h) =>
            seen.some((e) => {
              const w = written.get(e.id)!;
              return w.committedAt < h.committedAt && comparePositions(positionOf.get(h.id)!, e.position) < 0 && !heldBack.some((x) => x.id === e.id);
            }),
          );
          expect(heldBack.length).toBeGreaterThan(3);
          expect(outOfOrder).toBe(true);
        }
      }, 60_000);

      it('close() ends an idle live subscription', async () => {
        const sub = store.subscribeToAll({ fromPosition: await store.headPosition(), filter: { streamPrefixes: [run()] } });
        const seen: RecordedEvent[] = [];
        const done = collect(sub, seen);
        await new Promise((r) => setTimeout(r, 100));
        await sub.close();
        let timer: NodeJS.Timeout | undefined;
        const hung = new Promise((r) => (timer = setTimeout(() => r('hung'), 5_000)));
        await expect(Promise.race([done.then(() => 'ended'), hung])).resolves.toBe('ended');
        clearTimeout(timer);
        expect(seen).toEqual([]);
      });
    });

    if (options.openTransactions) {
      describe('gap safety (a transaction that took earlier positions commits later)', () => {
        it('a reader never skips an event that a slower transaction commits later; it waits for it', async () => {
          const prefix = run();
          const from = await store.headPosition();
          const seen: RecordedEvent[] = [];
          const sub = store.subscribeToAll({ fromPosition: from, filter: { streamPrefixes: [prefix] } });
          const done = (async () => {
            for await (const e of sub) seen.push(e);
          })();
          const slow = events(1, 'Slow');
          const tx = await subject.appendInOpenTransaction!(`${prefix}-slow`, slow);
          const fast = events(1, 'Fast');
          const fastResult = await store.append(`${prefix}-fast`, fast);
          await new Promise((r) => setTimeout(r, 300));
          // The fast event is committed, but delivering it now would move the cursor past the slow one.
          expect(seen).toEqual([]);
          expect(await store.readAll({ fromPosition: from, filter: { streamPrefixes: [prefix] } })).toEqual([]);
          await tx.commit();
          const deadline = Date.now() + 10_000;
          while (seen.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
          await sub.close();
          await done;
          expect(seen.map((e) => e.type)).toEqual(['Slow', 'Fast']);
          expect(comparePositions(seen[0].position, seen[1].position)).toBeLessThan(0);
          expect(comparePositions(seen[1].position, fastResult.position)).toBe(0);
          const all = await store.readAll({ fromPosition: from, filter: { streamPrefixes: [prefix] } });
          expect(all.map((e) => e.id)).toEqual([slow[0].id, fast[0].id]);
        });
      });
    }
  });
}

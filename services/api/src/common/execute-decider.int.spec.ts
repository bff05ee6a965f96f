import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cartDecider } from '#domain/cart/cart.decider.js';
import { createEventStore } from '#event-store/create-event-store.js';
import { WrongExpectedRevision, type EventStore } from '#event-store/event-store.port.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { countStoredEvents, createTestDatabase } from '#platform/testing/test-database.js';
import { executeDecider, type DeciderObserver } from './execute-decider.js';
import { currentContext, runWithContext } from './request-context.js';

describe('executeDecider (real PostgreSQL event store)', () => {
  let store: EventStore;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    const db = await createTestDatabase('exec');
    drop = db.drop;
    url = db.url;
    store = await createEventStore({ kind: 'postgres', connectionString: db.url });
  });
  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  const choose = (method: string) => ({ type: 'ChoosePaymentMethod' as const, data: { method } });

  it('appends with metadata from the request context and records the position', async () => {
    const ctx = { requestId: 'req-1', actor: { kind: 'shopper' as const, id: 'c1' } };
    const result = await runWithContext(ctx, () => executeDecider(store, { stream: 'cart-c1', decider: cartDecider, command: choose('ONLINE') }));
    expect(result.revision).toBe(0n);
    expect(result.state.paymentMethod).toBe('ONLINE');
    const [e] = await store.readStream('cart-c1');
    expect(e.metadata).toMatchObject({ correlationId: 'req-1', actor: { kind: 'shopper', id: 'c1' }, schemaVersion: 1 });
    expect((ctx as ReturnType<typeof currentContext>).lastPosition).toEqual(result.position);
  });

  it('appends nothing when the decision is empty', async () => {
    const before = await countStoredEvents(url);
    const result = await executeDecider(store, { stream: 'cart-c1', decider: cartDecider, command: choose('ONLINE') });
    expect(result.events).toEqual([]);
    expect(result.position).toBeUndefined();
    expect(await countStoredEvents(url)).toBe(before);
  });

  it('lets a concurrent append escape without retries, and decides again with them', async () => {
    let raced = false;
    const racingStore: EventStore = Object.create(store, {
      readStream: {
        value: async (...args: Parameters<EventStore['readStream']>) => {
          const events = await store.readStream(...args);
          if (!raced) {
            raced = true; // someone else appends between our read and our append
            await store.append(args[0], [{ id: crypto.randomUUID(), type: 'PaymentMethodChosen', data: { method: 'ONLINE' }, metadata: { correlationId: 'x', actor: { kind: 'shopper', id: 'c2' }, occurredAt: new Date().toISOString() } }]);
          }
          return events;
        },
      },
    });
    // Decided on the stale (empty) cart, ONLINE is a change; the racer chose ONLINE first.
    await expect(executeDecider(racingStore, { stream: 'cart-c2', decider: cartDecider, command: choose('ONLINE') })).rejects.toBeInstanceOf(WrongExpectedRevision);
    raced = false;
    const retried = await executeDecider(racingStore, { stream: 'cart-c3', decider: cartDecider, command: choose('ONLINE'), retries: 2 });
    // The second decision sees the racer's ONLINE: nothing left to do, nothing appended twice.
    expect(retried.attempts).toBe(2);
    expect(retried.events).toEqual([]);
    expect((await store.readStream('cart-c3')).map((e) => (e.data as { method: string }).method)).toEqual(['ONLINE']);
  });

  it('newStream skips the first read; a stream that exists after all is loaded and decided again', async () => {
    const reads: string[] = [];
    const countingStore: EventStore = Object.create(store, {
      readStream: { value: (...args: Parameters<EventStore['readStream']>) => (reads.push(args[0]), store.readStream(...args)) },
    });
    const fresh = await executeDecider(countingStore, { stream: 'cart-new1', decider: cartDecider, command: choose('ONLINE'), newStream: true });
    expect(reads).toEqual([]);
    expect(fresh.revision).toBe(0n);
    // The id was not new after all: no_stream fails, the retry reads the stream and decides on it.
    await executeDecider(store, { stream: 'cart-new2', decider: cartDecider, command: choose('ONLINE') });
    const retried = await executeDecider(countingStore, { stream: 'cart-new2', decider: cartDecider, command: choose('ONLINE'), newStream: true, retries: 1 });
    expect(reads).toEqual(['cart-new2']);
    // Decided again on the stored ONLINE: nothing to do, nothing appended over the existing stream.
    expect(retried.attempts).toBe(2);
    expect(retried.events).toEqual([]);
    expect((await store.readStream('cart-new2')).map((e) => (e.data as { method: string }).method)).toEqual(['ONLINE']);
  });

  it('builds the command from the stream as loaded, and answers the events as appended', async () => {
    await executeDecider(store, { stream: 'cart-b1', decider: cartDecider, command: choose('ONLINE') });
    const seen: Array<{ method: string; revision: bigint; ids: string[] }> = [];
    const result = await executeDecider(store, {
      stream: 'cart-b1',
      decider: cartDecider,
      command: async (state, loaded) => {
        seen.push({ method: state.paymentMethod, revision: loaded.revision, ids: loaded.events.map((e) => e.id) });
        return choose('COD');
      },
      eventId: () => '00000000-0000-4000-8000-0000000000b1',
      metadata: { idempotencyKey: 'k-b1' },
    });
    const stored = await store.readStream('cart-b1');
    expect(seen).toEqual([{ method: 'ONLINE', revision: 0n, ids: [stored[0].id] }]);
    expect(result.appended).toEqual([{ id: stored[1].id, type: 'PaymentMethodChosen', data: { method: 'COD' }, metadata: stored[1].metadata }]);
    expect(result.appended[0]).toMatchObject({ id: '00000000-0000-4000-8000-0000000000b1', metadata: { idempotencyKey: 'k-b1' } });
    expect((await executeDecider(store, { stream: 'cart-b1', decider: cartDecider, command: choose('COD') })).appended).toEqual([]);
  });

  it('counts a refusal while building the command as rejected, and a failure to build as nothing', async () => {
    const outcomes: string[] = [];
    const observer: DeciderObserver = { onExecuted: (type, outcome) => outcomes.push(`${type}:${outcome}`) };
    const refuse = () => Promise.reject(DomainError.validation('NO', 'No'));
    await expect(executeDecider(store, { stream: 'cart-b2', decider: cartDecider, command: refuse, commandType: 'Choose' }, observer)).rejects.toThrow('No');
    await expect(executeDecider(store, { stream: 'cart-b2', decider: cartDecider, command: () => Promise.reject(new Error('store down')) }, observer)).rejects.toThrow('store down');
    expect(outcomes).toEqual(['Choose:rejected']);
    expect(await store.readStream('cart-b2')).toEqual([]);
  });
});

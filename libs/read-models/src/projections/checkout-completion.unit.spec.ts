/**
 * The checkout completion against a small log in memory: a CartCheckedOut younger than the API's
 * longest gap is held (nothing read, nothing appended: it never races a live API); an older one
 * without its order gets OrderPlaced and its screening, once, whoever repeats it; one whose order
 * is in the batch costs nothing.
 */
import { describe, expect, it } from '@jest/globals';
import { checkoutEventIds, orderIdForCart } from '#domain/checkout/order-number.js';
import { orderScreenedEventId } from '#domain/order-screening/screen-order.js';
import { cartStream, orderStream, screeningStream } from '#domain/streams.js';
import { WrongExpectedRevision, type AppendResult, type EventStore, type NewEvent, type RecordedEvent } from '#event-store/event-store.port.js';
import { checkoutCompletionReactor, completionWaitMs } from './checkout-completion.reactor.js';

class LogInMemory {
  readonly streams = new Map<string, RecordedEvent[]>();
  calls = 0;
  private position = 0n;

  asStore(): EventStore {
    return {
      readStream: async (stream: string) => {
        this.calls++;
        return [...(this.streams.get(stream) ?? [])];
      },
      append: async (stream: string, events: readonly NewEvent[], options?: { expectedRevision?: unknown }): Promise<AppendResult> => {
        this.calls++;
        const existing = this.streams.get(stream) ?? [];
        const last = existing.length > 0 ? BigInt(existing.length - 1) : undefined;
        const expected = options?.expectedRevision;
        if ((expected === 'no_stream' && last !== undefined) || (typeof expected === 'bigint' && expected !== last)) {
          throw new WrongExpectedRevision(stream, expected as bigint, last);
        }
        for (const e of events) existing.push(this.recorded(stream, e.type, e.data, existing.length, new Date(), e.id, e.metadata));
        this.streams.set(stream, existing);
        return {} as AppendResult;
      },
    } as unknown as EventStore;
  }

  recorded(stream: string, type: string, data: unknown, revision: number, createdAt: Date, id = `${type}-${stream}`, metadata: object = {}): RecordedEvent {
    this.position++;
    return { id, type, stream, revision: BigInt(revision), position: { commit: this.position, prepare: this.position }, data, metadata: { correlationId: 'c', actor: { kind: 'shopper', id: 's' }, occurredAt: createdAt.toISOString(), ...metadata }, createdAt } as unknown as RecordedEvent;
  }
}

const SUBJECT = '2b1f3c1e-9a1d-4b3e-8f00-000000000001';

function checkedOut(log: LogInMemory, cartId: string, createdAt: Date): RecordedEvent {
  const order = {
    orderId: orderIdForCart(cartId), cartId, orderNumber: `PS-${cartId.slice(0, 4)}`, placedAt: createdAt.toISOString(),
    customer: { phone: '01012345678' }, items: [], totals: { total: 48000 },
  };
  return log.recorded(cartStream(cartId), 'CartCheckedOut', { orderId: order.orderId, orderNumber: order.orderNumber, order }, 3, createdAt, checkoutEventIds(cartId).cartCheckedOut, { subjectId: SUBJECT });
}

const handle = (events: RecordedEvent[], log: LogInMemory) =>
  checkoutCompletionReactor.handle(events, { sql: async () => [], table: (n) => n, log: log.asStore() });

describe('checkout completion', () => {
  it('holds a CartCheckedOut younger than the API could still take to place it, touching nothing', async () => {
    const log = new LogInMemory();
    const old = checkedOut(log, 'a0000000-0000-4000-8000-000000000001', new Date(Date.now() - completionWaitMs() - 1000));
    const young = checkedOut(log, 'a0000000-0000-4000-8000-000000000002', new Date());
    const later = checkedOut(log, 'a0000000-0000-4000-8000-000000000003', new Date());
    const hold = await handle([old, young, later], log);
    expect(hold).toEqual({ event: young, dueAt: young.createdAt.getTime() + completionWaitMs() });
    // The old one was completed; nothing of the young one or after it was read or written.
    expect([...log.streams.keys()].sort()).toEqual([orderStream(orderIdForCart('a0000000-0000-4000-8000-000000000001')), screeningStream(SUBJECT)].sort());
  });

  it('waits the API connect and statement timeouts plus a margin, as configured', () => {
    expect(completionWaitMs({})).toBe(2000 + 2500 + 500 + 1000);
    expect(completionWaitMs({ DB_CONNECT_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '1000' })).toBe(1000 + 1000 + 500 + 1000);
  });

  it('places a due order once, with its derived id, screened once by the completion, however often it runs', async () => {
    const log = new LogInMemory();
    const cartId = 'b0000000-0000-4000-8000-000000000001';
    const due = checkedOut(log, cartId, new Date(Date.now() - completionWaitMs() - 1));
    expect(await handle([due], log)).toBeUndefined();
    expect(await handle([due], log)).toBeUndefined();
    const placed = log.streams.get(orderStream(orderIdForCart(cartId)))!;
    expect(placed.map((e) => [e.type, e.id])).toEqual([['OrderPlaced', checkoutEventIds(cartId).orderPlaced]]);
    expect(placed[0].metadata).toMatchObject({ causationId: due.id, subjectId: SUBJECT });
    const screened = log.streams.get(screeningStream(SUBJECT))!;
    expect(screened.map((e) => [e.type, e.id, (e.metadata.actor as { id: string }).id])).toEqual([['OrderScreened', orderScreenedEventId(orderIdForCart(cartId)), 'checkout-completion']]);
  });

  it('costs nothing for a due checkout whose OrderPlaced is in the same batch', async () => {
    const log = new LogInMemory();
    const cartId = 'c0000000-0000-4000-8000-000000000001';
    const due = checkedOut(log, cartId, new Date(Date.now() - completionWaitMs() - 1));
    const placed = log.recorded(orderStream(orderIdForCart(cartId)), 'OrderPlaced', {}, 0, new Date());
    expect(await handle([due, placed], log)).toBeUndefined();
    expect(log.calls).toBe(0);
  });

  it('never places an erased checkout', async () => {
    const log = new LogInMemory();
    const erased = checkedOut(log, 'd0000000-0000-4000-8000-000000000001', new Date(0));
    erased.metadata.personalData = 'erased';
    expect(await handle([erased], log)).toBeUndefined();
    expect(log.calls).toBe(0);
  });
});

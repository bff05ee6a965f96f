import net from 'node:net';
import { NO_STREAM, WrongExpectedVersionError } from '@eventstore/db-client';
import { EventStoreUnavailable, UnstorableEvent, WrongExpectedRevision, type NewEvent } from '../event-store.port.js';
import { toPortError } from './eventstoredb-errors.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';
import { withTimeout } from './with-timeout.js';

const event: NewEvent = {
  id: '0b6d3c1e-6a55-4a63-9a4e-9d8e8f9f0a11',
  type: 'ThingHappened',
  data: { n: 1 },
  metadata: { correlationId: 'c', actor: { kind: 'system', id: 'unit' }, occurredAt: '2026-01-01T00:00:00.000Z' },
};

describe('EventStoreDB adapter: error mapping', () => {
  it('maps the client wrong-expected-version error to WrongExpectedRevision with the actual revision', () => {
    const clientError = new WrongExpectedVersionError(undefined, { streamName: 'cart-1', expected: 3n, current: 5n });
    const mapped = toPortError(clientError, { stream: 'cart-1', expected: 3n });
    expect(mapped).toBeInstanceOf(WrongExpectedRevision);
    expect(mapped).toMatchObject({ stream: 'cart-1', expected: 3n, actual: 5n });
  });

  it('maps a missing stream in the wrong-expected-version error to actual undefined', () => {
    const clientError = new WrongExpectedVersionError(undefined, { streamName: 'cart-2', expected: 0n, current: NO_STREAM });
    const mapped = toPortError(clientError, { stream: 'cart-2', expected: 0n }) as WrongExpectedRevision;
    expect(mapped).toBeInstanceOf(WrongExpectedRevision);
    expect(mapped.actual).toBeUndefined();
  });

  it('maps a plain gRPC UNAVAILABLE (code 14) and DEADLINE_EXCEEDED (code 4) to EventStoreUnavailable', () => {
    expect(toPortError(Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 }))).toBeInstanceOf(EventStoreUnavailable);
    expect(toPortError(Object.assign(new Error('4 DEADLINE_EXCEEDED'), { code: 4 }))).toBeInstanceOf(EventStoreUnavailable);
  });

  it('passes other errors through unchanged', () => {
    const other = new TypeError('bad');
    expect(toPortError(other)).toBe(other);
  });
});

describe('EventStoreDB adapter: our own timeout', () => {
  it('withTimeout rejects with EventStoreUnavailable and calls the cancel hook', async () => {
    let cancelled = 0;
    const never = new Promise<never>(() => undefined);
    await expect(withTimeout('probe', never, 50, () => cancelled++)).rejects.toBeInstanceOf(EventStoreUnavailable);
    expect(cancelled).toBe(1);
    await expect(withTimeout('quick', Promise.resolve(7), 1000)).resolves.toBe(7);
  });

  describe('against a TCP server that accepts and never answers', () => {
    let server: net.Server;
    const sockets = new Set<net.Socket>();
    let store: EventStoreDbEventStore;

    beforeAll(async () => {
      server = net.createServer((s) => {
        sockets.add(s);
        s.on('error', () => undefined);
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const { port } = server.address() as net.AddressInfo;
      // One resubscription: the subscription test still sees a try again before the failure.
      store = EventStoreDbEventStore.connect({ connectionString: `esdb://127.0.0.1:${port}?tls=false`, timeoutMs: 400, resubscribe: { retries: 1, firstDelayMs: 10, maxDelayMs: 10 } });
    });
    afterAll(async () => {
      await store.close();
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    });

    it.each([
      ['append', () => store.append('s-1', [event], { expectedRevision: 'any' })],
      ['readStream', () => store.readStream('s-1')],
      ['readAll', () => store.readAll({ maxCount: 10 })],
      ['headPosition', () => store.headPosition()],
    ])('%s fails with EventStoreUnavailable instead of hanging', async (_name, call) => {
      const started = Date.now();
      await expect(call()).rejects.toBeInstanceOf(EventStoreUnavailable);
      expect(Date.now() - started).toBeLessThan(3_000);
    });

    it('a subscription fails with EventStoreUnavailable when never confirmed', async () => {
      const sub = store.subscribeToAll();
      const started = Date.now();
      const iterate = (async () => {
        for await (const _ of sub) void _;
      })();
      await expect(iterate).rejects.toBeInstanceOf(EventStoreUnavailable);
      expect(Date.now() - started).toBeLessThan(3_000);
    });
  });

  it('a refused port fails with EventStoreUnavailable', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((r) => probe.close(r));
    const refused = EventStoreDbEventStore.connect({ connectionString: `esdb://127.0.0.1:${port}?tls=false`, timeoutMs: 3_000 });
    try {
      await expect(refused.append('s-1', [event])).rejects.toBeInstanceOf(EventStoreUnavailable);
    } finally {
      await refused.close();
    }
  });

  it('refuses an unstorable event before sending anything to the server', async () => {
    let connections = 0;
    const server = net.createServer((sock) => {
      connections++;
      sock.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    const esdb = EventStoreDbEventStore.connect({ connectionString: `esdb://127.0.0.1:${port}?tls=false`, timeoutMs: 3_000 });
    try {
      const bad = { ...event, data: { email: 'a@b.co\u0000' } };
      await expect(esdb.append('newsletter', [event, bad])).rejects.toMatchObject({ name: 'UnstorableEvent', path: 'data.email', problem: 'NUL byte' });
      await expect(esdb.append('newsletter', [bad])).rejects.toBeInstanceOf(UnstorableEvent);
      expect(connections).toBe(0);
    } finally {
      await esdb.close();
      await new Promise((r) => server.close(r));
    }
  });
});

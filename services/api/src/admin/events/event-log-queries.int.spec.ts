import { randomUUID } from 'node:crypto';
import { createEventStore } from '#event-store/create-event-store.js';
import type { EventStore, NewEvent } from '#event-store/event-store.port.js';
import type { EventStoreDbEventStore } from '#event-store/eventstoredb/eventstoredb-event-store.js';
import { createTestDatabase, waitUntilStoredEventsVisible } from '#platform/testing/test-database.js';
import { testEventStoreEnv } from '#platform/testing/test-event-store.js';
import type { EventLogFilters, EventLogQuery } from './event-log.query.js';
import { EventStoreDbEventLogQuery } from './eventstoredb-event-log.query.js';
import { PostgresEventLogQuery } from './postgres-event-log.query.js';

const esdb = testEventStoreEnv();
if (esdb.EVENT_STORE !== 'eventstoredb') console.warn('[event log] EventStoreDB event browser compared with SQL: NOT run (no EventStoreDB; see the test servers line)');

/**
 * The two implementations behind GET /api/admin/events must agree: SQL over the PostgreSQL
 * adapter's table, and forward and backward reads of EventStoreDB (when the tests have one).
 * The same events are appended to both logs in the same order: same filters, same answers.
 */
describe('event log queries: SQL and EventStoreDB agree', () => {
  let db: { url: string; drop: () => Promise<void> };
  let store: EventStore;
  let esdbStore: EventStoreDbEventStore | undefined;
  let sql: EventLogQuery;
  let scan: EventLogQuery | undefined;
  const both = async (stream: string, events: NewEvent[]) => {
    await store.append(stream, events);
    await esdbStore?.append(stream, events);
  };
  const correlation = randomUUID();

  const event = (type: string, correlationId: string): NewEvent => ({
    id: randomUUID(),
    type,
    data: { n: Math.random() },
    metadata: { correlationId, actor: { kind: 'admin', id: 'root' }, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  });

  beforeAll(async () => {
    db = await createTestDatabase('evlog');
    store = await createEventStore({ kind: 'postgres', connectionString: db.url });
    if (esdb.EVENT_STORE === 'eventstoredb') {
      esdbStore = (await createEventStore({ kind: 'eventstoredb', connectionString: esdb.EVENTSTORE_CONNECTION_STRING, namespace: esdb.EVENTSTORE_NAMESPACE, keyStore: 'off' })) as EventStoreDbEventStore;
      scan = new EventStoreDbEventLogQuery(esdbStore, (events) => events);
    }
    for (let i = 0; i < 30; i++) {
      await both(`order-${i % 3}`, [event(i % 2 ? 'OrderPlaced' : 'OrderStatusChanged', i === 7 ? correlation : randomUUID())]);
      await both(`cart-${i}`, [event('ItemAddedToCart', randomUUID())]);
    }
    sql = new PostgresEventLogQuery(db.url, (events) => events);
    await waitUntilStoredEventsVisible(db.url, async () => (await store.readAll({ maxCount: 1000 })).length);
  });
  afterAll(async () => {
    await sql.close();
    await store.close();
    await esdbStore?.close();
    await db.drop();
  });

  /** Every page, following cursors, as ids. */
  async function all(q: EventLogQuery, filters: EventLogFilters, order: 'asc' | 'desc', limit = 7): Promise<string[]> {
    const ids: string[] = [];
    let after;
    for (let i = 0; i < 100; i++) {
      const page = await q.page(filters, { after, limit, order });
      ids.push(...page.data.map((e) => e.id));
      if (!page.nextCursor) return ids;
      const [commit, prepare] = page.nextCursor.split('/').map(BigInt);
      after = { commit, prepare };
    }
    throw new Error('too many pages');
  }

  const cases: Array<[string, EventLogFilters]> = [
    ['everything', {}],
    ['an exact stream', { stream: 'order-1' }],
    ['a stream prefix', { stream: 'order-*' }],
    ['a type', { types: ['OrderPlaced'] }],
    ['a correlation id', { correlationId: correlation }],
    ['an empty window', { from: new Date('2999-01-01') }],
  ];

  if (esdb.EVENT_STORE === 'eventstoredb') {
    it.each(cases)('%s, oldest first and newest first', async (_name, filters) => {
      for (const order of ['asc', 'desc'] as const) {
        const a = await all(sql, filters, order);
        const b = await all(scan!, filters, order);
        expect(b).toEqual(a);
      }
    });
  } else {
    it('EventStoreDB event browser not compared: no EventStoreDB for the tests', () => {
      expect(process.env.EVENTSTORE_CONNECTION_STRING ?? '').toBe('');
    });
  }

  it('finds what the filters describe', async () => {
    expect(await all(sql, {}, 'asc')).toHaveLength(60);
    expect(await all(sql, { stream: 'order-*' }, 'asc')).toHaveLength(30);
    expect(await all(sql, { stream: 'order-1' }, 'asc')).toHaveLength(10);
    expect(await all(sql, { correlationId: correlation }, 'asc')).toHaveLength(1);
    const newest = await sql.page({}, { limit: 1, order: 'desc' });
    expect(newest.data[0].stream).toBe('cart-29');
  });

  it('never shows an admin password hash', async () => {
    await both('admin-root', [{ ...event('AdminUserRegistered', randomUUID()), data: { username: 'root', passwordHash: '$argon2id$secret', role: 'ADMIN' } }]);
    await waitUntilStoredEventsVisible(db.url, async () => (await store.readAll({ maxCount: 1000 })).length);
    for (const q of scan ? [sql, scan] : [sql]) {
      const page = await q.page({ stream: 'admin-root' }, { limit: 5, order: 'asc' });
      expect(page.data[0].data).toEqual({ username: 'root', passwordHash: '[redacted]', role: 'ADMIN' });
    }
  });
});

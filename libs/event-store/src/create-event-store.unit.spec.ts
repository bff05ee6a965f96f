import { eventStoreConfigFromEnv } from './create-event-store.js';

describe('eventStoreConfigFromEnv', () => {
  it('defaults to PostgreSQL on DATABASE_URL', () => {
    expect(eventStoreConfigFromEnv({ DATABASE_URL: 'postgres://x/db' })).toEqual({
      kind: 'postgres',
      connectionString: 'postgres://x/db',
      poolSize: undefined,
      keyStore: { connectionString: 'postgres://x/db' },
    });
  });
  it('keeps personal-data keys in PostgreSQL, or stores events as written when PERSONAL_DATA_ENCRYPTION=off', () => {
    expect(eventStoreConfigFromEnv({ DATABASE_URL: 'postgres://x/db', PERSONAL_DATA_ENCRYPTION: 'off' })).toMatchObject({ keyStore: 'off' });
    expect(() => eventStoreConfigFromEnv({ DATABASE_URL: 'postgres://x/db', PERSONAL_DATA_ENCRYPTION: 'maybe' })).toThrow(/PERSONAL_DATA_ENCRYPTION/);
    expect(eventStoreConfigFromEnv({ EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: 'esdb://h', DATABASE_URL: 'postgres://x/db' })).toMatchObject({
      keyStore: { connectionString: 'postgres://x/db' },
    });
    // Without one, createEventStore refuses to open EventStoreDB (tested where a server runs); the settings still parse.
    expect(eventStoreConfigFromEnv({ EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: 'esdb://h' })).not.toHaveProperty('keyStore');
  });
  it('reads the pool size', () => {
    expect(eventStoreConfigFromEnv({ DATABASE_URL: 'postgres://x/db', EVENT_STORE_POOL_SIZE: '20' })).toMatchObject({ poolSize: 20 });
    expect(() => eventStoreConfigFromEnv({ DATABASE_URL: 'postgres://x/db', EVENT_STORE_POOL_SIZE: 'lots' })).toThrow(/positive integer/);
  });
  it('selects EventStoreDB on EVENTSTORE_CONNECTION_STRING', () => {
    expect(eventStoreConfigFromEnv({ EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: 'esdb://h:2113?tls=false', DATABASE_URL: 'postgres://x/db' })).toEqual({
      kind: 'eventstoredb',
      connectionString: 'esdb://h:2113?tls=false',
      keyStore: { connectionString: 'postgres://x/db' },
    });
  });
  it('reads the namespace of a shared EventStoreDB', () => {
    expect(eventStoreConfigFromEnv({ EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: 'esdb://h', EVENTSTORE_NAMESPACE: 'run1.', DATABASE_URL: 'postgres://x/db' })).toMatchObject({ namespace: 'run1.' });
  });
  it('refuses a missing connection string or an unknown kind', () => {
    expect(() => eventStoreConfigFromEnv({})).toThrow(/DATABASE_URL/);
    expect(() => eventStoreConfigFromEnv({ EVENT_STORE: 'eventstoredb' })).toThrow(/EVENTSTORE_CONNECTION_STRING/);
    expect(() => eventStoreConfigFromEnv({ EVENT_STORE: 'mysql', DATABASE_URL: 'x' })).toThrow(/postgres or eventstoredb/);
  });
});

import { eventStoreConfigFromEnv } from './create-event-store.js';
import { connectionHosts, describeEventStore, eventStoreIdentity, EventStoreMismatch, sameEventStore } from './event-store-identity.js';

const esdb = (connectionString: string, namespace?: string) => eventStoreIdentity({ kind: 'eventstoredb', connectionString, ...(namespace ? { namespace } : {}) });
const postgres = eventStoreIdentity({ kind: 'postgres', connectionString: 'postgres://u:p@db:5432/shop' });

describe('event store identity', () => {
  it('names an EventStoreDB by its hosts (default port, lower case, sorted) and never keeps credentials', () => {
    expect(connectionHosts('esdb://admin:changeit@Node2:2113,node1?tls=false&keepAliveTimeout=10000')).toEqual(['node1:2113', 'node2:2113']);
    expect(connectionHosts('esdb+discover://cluster.example.com:2114')).toEqual(['cluster.example.com:2114']);
    expect(connectionHosts('esdb://[::1]:2113/?tls=false')).toEqual(['[::1]:2113']);
    expect(JSON.stringify(esdb('esdb://admin:changeit@h1:2113'))).not.toContain('changeit');
  });

  it('reads the settings the processes start with (EVENT_STORE, EVENTSTORE_CONNECTION_STRING, EVENTSTORE_NAMESPACE)', () => {
    const config = eventStoreConfigFromEnv({ EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: 'esdb://eventstore:2113?tls=false', EVENTSTORE_NAMESPACE: 'shop1.' });
    expect(eventStoreIdentity(config)).toEqual({ kind: 'eventstoredb', hosts: ['eventstore:2113'], namespace: 'shop1.' });
    // PostgreSQL's log lives in the read models' own database: nothing else to tell.
    expect(eventStoreIdentity(eventStoreConfigFromEnv({ DATABASE_URL: 'postgres://a/b' }))).toEqual({ kind: 'postgres', hosts: [], namespace: '' });
  });

  it('the same log: same kind and namespace, and a host in common (a cluster seed list may change)', () => {
    expect(sameEventStore(postgres, eventStoreIdentity({ kind: 'postgres', connectionString: 'postgres://elsewhere/x' }))).toBe(true);
    expect(sameEventStore(esdb('esdb://a:2113,b:2113,c:2113'), esdb('esdb://c:2113,d:2113'))).toBe(true);
    expect(sameEventStore(esdb('esdb://a,b'), esdb('esdb://b:2113,a:2113?tls=false'))).toBe(true);
    expect(sameEventStore(esdb('esdb://a:2113'), esdb('esdb://b:2113'))).toBe(false);
    expect(sameEventStore(esdb('esdb://a:2113'), esdb('esdb://a:2114'))).toBe(false);
    expect(sameEventStore(esdb('esdb://a:2113', 'x.'), esdb('esdb://a:2113', 'y.'))).toBe(false);
    expect(sameEventStore(esdb('esdb://a:2113', 'x.'), esdb('esdb://a:2113'))).toBe(false);
    expect(sameEventStore(postgres, esdb('esdb://a:2113'))).toBe(false);
  });

  it('says which store built the read models, which one is configured, and what to do', () => {
    const error = new EventStoreMismatch(esdb('esdb://eventstore:2113', 'shop1.'), postgres);
    expect(error.message).toBe(
      `This database's read models were built from the EventStoreDB event store at eventstore:2113 (namespace "shop1."); ` +
        'EVENT_STORE=postgres points elsewhere (the PostgreSQL event store in this database): ' +
        'rebuild into a new database (empty DATABASE_URL) or set EVENT_STORE and its connection back.',
    );
    expect(describeEventStore(esdb('esdb://a,b'))).toBe('the EventStoreDB event store at a:2113,b:2113');
  });
});

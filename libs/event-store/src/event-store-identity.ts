import type { EventStoreConfig } from './create-event-store.js';

/**
 * Which log a deployment reads, as far as its settings tell: the read models record it beside
 * their checkpoints, so a process started with another log refuses instead of mixing two logs'
 * positions (an EventStoreDB position means nothing to the PostgreSQL store, and the reverse).
 * Never credentials: the connection string's user and password are left out.
 */
export interface EventStoreIdentity {
  kind: EventStoreConfig['kind'];
  /** EventStoreDB: the connection string's hosts as host:port, lower case, sorted; PostgreSQL: none (its log is in the read models' database). */
  hosts: string[];
  /** EventStoreDB: the stream-name namespace ('' for the whole log). */
  namespace: string;
}

const ESDB_DEFAULT_PORT = 2113;

export function eventStoreIdentity(config: EventStoreConfig): EventStoreIdentity {
  if (config.kind === 'postgres') return { kind: 'postgres', hosts: [], namespace: '' };
  return { kind: 'eventstoredb', hosts: connectionHosts(config.connectionString), namespace: config.namespace ?? '' };
}

/** `esdb://user:pass@a:2113,B?tls=false` → ['a:2113', 'b:2113']; `esdb+discover://` names the cluster's DNS name the same way. */
export function connectionHosts(connectionString: string): string[] {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]*)/i.exec(connectionString.trim())?.[1] ?? '';
  const hosts = authority
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
    .map((h) => (/:\d+$/.test(h) ? h : `${h}:${ESDB_DEFAULT_PORT}`));
  return [...new Set(hosts)].sort();
}

/**
 * The same log: same kind and namespace and, on EventStoreDB, at least one host in common (a
 * cluster's seed list may grow, shrink or be reordered; a log behind none of the recorded hosts is another one).
 */
export function sameEventStore(a: EventStoreIdentity, b: EventStoreIdentity): boolean {
  if (a.kind !== b.kind || a.namespace !== b.namespace) return false;
  if (a.kind === 'postgres' || (a.hosts.length === 0 && b.hosts.length === 0)) return true;
  return a.hosts.some((h) => b.hosts.includes(h));
}

export function describeEventStore(id: EventStoreIdentity): string {
  if (id.kind === 'postgres') return 'the PostgreSQL event store in this database';
  const at = id.hosts.length ? `at ${id.hosts.join(',')}` : 'at an unnamed host';
  return `the EventStoreDB event store ${at}${id.namespace ? ` (namespace "${id.namespace}")` : ''}`;
}

export class EventStoreMismatch extends Error {
  override readonly name = 'EventStoreMismatch';
  constructor(
    readonly recorded: EventStoreIdentity,
    readonly configured: EventStoreIdentity,
  ) {
    super(
      `This database's read models were built from ${describeEventStore(recorded)}; ` +
        `EVENT_STORE=${configured.kind} points elsewhere (${describeEventStore(configured)}): ` +
        'rebuild into a new database (empty DATABASE_URL) or set EVENT_STORE and its connection back.',
    );
  }
}

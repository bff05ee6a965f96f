import { randomBytes } from 'node:crypto';

/**
 * The one switch for every integration and HTTP suite: the global setup sets
 * EVENTSTORE_CONNECTION_STRING (given, or a container where a Docker engine answers) and then the
 * API, projector and crash suites append to and read from EventStoreDB instead of the PostgreSQL
 * event store. Suites share that server, so each log gets its own stream-name namespace.
 */
export function testEventStoreKind(): 'postgres' | 'eventstoredb' {
  return process.env.EVENTSTORE_CONNECTION_STRING ? 'eventstoredb' : 'postgres';
}

/** Environment that selects the tests' event store for a process (or loadConfig); a fresh namespace unless one is given. */
export function testEventStoreEnv(namespace?: string): Record<string, string> {
  const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;
  if (!connectionString) return { EVENT_STORE: 'postgres' };
  return { EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: connectionString, EVENTSTORE_NAMESPACE: namespace ?? `t${randomBytes(5).toString('hex')}.` };
}

import * as eventVersions from '#domain/event-versions.js';
import type { EventStore } from './event-store.port.js';
import { VersionedEventStore } from './versioned-event-store.js';
import type { DatabasePurpose } from './postgres/pg-timeouts.js';
import { PersonalDataCipher } from './personal-data/personal-data-cipher.js';
import { PostgresKeyStore } from './personal-data/key-store.js';
import { keyStoreFromEnv, type KeyStoreConfig } from '#platform/config/key-store-config.js';

export type { KeyStoreConfig };

export type EventStoreConfig =
  | { kind: 'postgres'; connectionString: string; poolSize?: number; purpose?: DatabasePurpose; keyStore?: KeyStoreConfig }
  | { kind: 'eventstoredb'; connectionString: string; namespace?: string; keyStore?: KeyStoreConfig };

/**
 * The one way to get an EventStore. PostgreSQL: opens a pool and runs the `event_store`
 * schema migration (under an advisory lock, safe when several processes start at once).
 * Each adapter is loaded only when chosen, so PostgreSQL users never load the gRPC client.
 * The store returned upcasts old events on read (VersionedEventStore) and encrypts personal data
 * (docs/adr/012) with keys in `keyStore`: by default the PostgreSQL log's own database.
 */
export async function createEventStore(config: EventStoreConfig): Promise<EventStore> {
  // Readers see only the current schema of each event type (docs/adr/008).
  if (config.kind === 'eventstoredb' && config.keyStore === undefined) {
    throw new Error('EVENT_STORE=eventstoredb needs a PostgreSQL for the personal-data key store: DATABASE_URL or KEY_STORE_URL');
  }
  const keyStore = config.keyStore ?? { connectionString: config.connectionString };
  if (keyStore !== 'off' && !keyStore.connectionString) throw new Error('The personal-data key store needs a PostgreSQL URL: DATABASE_URL or KEY_STORE_URL');
  const keys =
    keyStore === 'off'
      ? undefined
      : await PostgresKeyStore.connect({
          connectionString: keyStore.connectionString,
          purpose: config.kind === 'postgres' ? config.purpose : undefined,
          durableThroughLog: config.kind === 'postgres' && keyStore.connectionString === config.connectionString,
        });
  try {
    return new VersionedEventStore(await connect(config), eventVersions, keys && new PersonalDataCipher(keys));
  } catch (e) {
    await keys?.close();
    throw e;
  }
}

async function connect(config: EventStoreConfig): Promise<EventStore> {
  switch (config.kind) {
    case 'postgres': {
      const { PostgresEventStore } = await import('./postgres/postgres-event-store.js');
      return PostgresEventStore.connect({ connectionString: config.connectionString, poolSize: config.poolSize, purpose: config.purpose });
    }
    case 'eventstoredb': {
      const { EventStoreDbEventStore } = await import('./eventstoredb/eventstoredb-event-store.js');
      return EventStoreDbEventStore.connect({ connectionString: config.connectionString, namespace: config.namespace });
    }
    default: {
      const unknown: never = config;
      throw new Error(`Unknown event store kind: ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * EVENT_STORE=postgres (default) uses DATABASE_URL (and EVENT_STORE_POOL_SIZE if set);
 * EVENT_STORE=eventstoredb uses EVENTSTORE_CONNECTION_STRING, and EVENTSTORE_NAMESPACE when several
 * logs share one server (each test run has its own).
 */
export function eventStoreConfigFromEnv(env: NodeJS.ProcessEnv = process.env): EventStoreConfig {
  const kind = (env.EVENT_STORE ?? 'postgres').trim().toLowerCase();
  if (kind === 'postgres') {
    if (!env.DATABASE_URL) throw new Error('EVENT_STORE=postgres needs DATABASE_URL');
    const poolSize = env.EVENT_STORE_POOL_SIZE ? Number(env.EVENT_STORE_POOL_SIZE) : undefined;
    if (poolSize !== undefined && !(Number.isInteger(poolSize) && poolSize > 0)) throw new Error('EVENT_STORE_POOL_SIZE must be a positive integer');
    // EVENT_STORE_DATABASE_URL: the same database as another role (npm start gives the projector
    // one that may append, for its reactors, while DATABASE_URL's may only read the log).
    return { kind: 'postgres', connectionString: env.EVENT_STORE_DATABASE_URL ?? env.DATABASE_URL, poolSize, keyStore: keyStoreFromEnv(env, env.KEY_STORE_URL ?? env.DATABASE_URL) };
  }
  if (kind === 'eventstoredb') {
    if (!env.EVENTSTORE_CONNECTION_STRING) throw new Error('EVENT_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING');
    // The keys stay in PostgreSQL beside the read models, apart from the log they protect.
    const keyStoreUrl = env.KEY_STORE_URL ?? env.DATABASE_URL;
    return {
      kind: 'eventstoredb',
      connectionString: env.EVENTSTORE_CONNECTION_STRING,
      ...(env.EVENTSTORE_NAMESPACE ? { namespace: env.EVENTSTORE_NAMESPACE } : {}),
      ...(keyStoreUrl || env.PERSONAL_DATA_ENCRYPTION ? { keyStore: keyStoreFromEnv(env, keyStoreUrl ?? '') } : {}),
    };
  }
  throw new Error(`EVENT_STORE must be postgres or eventstoredb, got "${env.EVENT_STORE}"`);
}


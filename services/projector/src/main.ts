// The projector process: runs the read-model migrations (under an advisory lock), checks the
// event store is the one the read models were built from, then runs the runner (its share of
// the projections) and /health + /metrics on PROJECTOR_PORT.
import pg from 'pg';
import { createEventStore } from '#event-store/create-event-store.js';
import { databaseTimeouts, poolTimeoutOptions } from '#event-store/postgres/pg-timeouts.js';
import { eventStoreIdentity, EventStoreMismatch } from '#event-store/event-store-identity.js';
import { runReadModelMigrations } from '#read-models/data-source.js';
import { assertEventStoreIdentity } from '#read-models/projector-state/event-store-identity.js';
import { createLogger } from '#platform/logging/logger.js';
import { startHealthServer } from './observability/health-server.js';
import { ProjectorMetrics } from './observability/projector-metrics.js';
import { projectorConfigFromEnv } from './projector-config.js';
import { ALL_PROJECTIONS } from '#read-models/projections/all-projections.js';
import { ProjectorRunner } from './runner/runner.js';
import { messageConfigFromEnv } from '#platform/config/message-config.js';
import { MessageDispatcher } from './messages/message-dispatcher.js';
import { logProvider, smtpProvider } from './messages/message-providers.js';

async function main(): Promise<void> {
  const config = projectorConfigFromEnv();
  const log = createLogger('projector');
  await runReadModelMigrations(config.databaseUrl);
  // Job timeouts: batches and rebuilds may run long statements, but a server that never answers
  // still fails them in bounded time (the runner retries); /health answers from its snapshot meanwhile.
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max: ALL_PROJECTIONS.length + 4,
    application_name: `projector-${config.replicaId}`,
    ...poolTimeoutOptions(databaseTimeouts('job')),
  });
  pool.on('error', (err) => log.warn({ err }, 'idle database connection failed'));
  await assertEventStoreIdentity(pool, eventStoreIdentity(config.eventStore));
  const store = await createEventStore(config.eventStore);
  const metrics = new ProjectorMetrics(pool, store, config.replicaId);
  const runner = new ProjectorRunner({
    store,
    pool,
    databaseUrl: config.databaseUrl,
    projections: ALL_PROJECTIONS,
    replicaId: config.replicaId,
    batchSize: config.batchSize,
    retryBackoff: config.retryBackoff,
    logger: log,
    onCommitted: (name, slot, _position, events) => metrics.committed(name, slot, events),
    onFailed: (name, slot, _eventId, failure) => metrics.failed(name, slot, failure.eventType),
  });
  await runner.start();
  // Customer messages (docs/adr/023): the outbox the customer-messages reactor fills, delivered here.
  const messages = messageConfigFromEnv();
  const smtp = messages.smtpUrl ? smtpProvider(messages.smtpUrl, messages.from, messages.messageIdDomain) : undefined;
  const dispatcher = new MessageDispatcher({
    pool,
    log: store,
    config: messages,
    providers: { email: smtp ?? logProvider, phone: messages.phoneProvider === 'log' ? logProvider : null },
    onError: (err) => log.warn({ err }, 'customer messages: round failed'),
  });
  dispatcher.start();
  const server = await startHealthServer({ port: config.port, host: config.host, pool, store, runner, metrics });
  log.info({ replica: config.replicaId, host: config.host, port: config.port, projections: ALL_PROJECTIONS.length }, 'projector started');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'projector stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.close();
    await dispatcher.stop().catch(() => undefined);
    smtp?.close();
    await runner.stop().catch((err) => log.error({ err }, 'runner stop failed'));
    await store.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  // The one line an operator needs (a wrong EVENT_STORE, say), not a stack.
  console.error(err instanceof EventStoreMismatch ? err.message : err);
  process.exit(1);
});

import { hostname } from 'node:os';
import { eventStoreConfigFromEnv, type EventStoreConfig } from '#event-store/create-event-store.js';

export interface ProjectorConfig {
  databaseUrl: string;
  eventStore: EventStoreConfig;
  port: number;
  replicaId: string;
  batchSize: number;
}

/** DATABASE_URL (read models, checkpoints), EVENT_STORE / EVENTSTORE_CONNECTION_STRING, PROJECTOR_PORT, PROJECTOR_REPLICA_ID. */
export function projectorConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ProjectorConfig {
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is required (read models and checkpoints live there)');
  return {
    databaseUrl: env.DATABASE_URL,
    eventStore: eventStoreConfigFromEnv(env),
    port: Number(env.PROJECTOR_PORT ?? 3001),
    replicaId: env.PROJECTOR_REPLICA_ID ?? `${hostname()}-${process.pid}`,
    batchSize: Number(env.PROJECTOR_BATCH_SIZE ?? 2000),
  };
}

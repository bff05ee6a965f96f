import { hostname } from 'node:os';
import { eventStoreConfigFromEnv, type EventStoreConfig } from '#event-store/create-event-store.js';
import type { RetryBackoff } from './runner/retry-backoff.js';
import { DEFAULT_BATCH_SIZE } from './runner/batch-size.js';

/**
 * Where the health server listens unless PROJECTOR_HOST says otherwise. It has no
 * authentication (health checks and Prometheus cannot sign in) and tells projection names,
 * lags, owners and last errors, so by default only the same host reaches it; a container
 * whose health check or scraper comes from outside sets PROJECTOR_HOST=0.0.0.0 on a network
 * that is private to the deployment.
 */
export const DEFAULT_HEALTH_HOST = '127.0.0.1';

export interface ProjectorConfig {
  databaseUrl: string;
  eventStore: EventStoreConfig;
  port: number;
  /** Interface of the unauthenticated /health and /metrics (PROJECTOR_HOST, default loopback only). */
  host: string;
  replicaId: string;
  batchSize: number;
  /** Back-off of a failed projection (PROJECTOR_RETRY_BASE_MS, PROJECTOR_RETRY_MAX_MS). */
  retryBackoff: RetryBackoff;
}

/** DATABASE_URL (read models, checkpoints), EVENT_STORE / EVENTSTORE_CONNECTION_STRING, PROJECTOR_PORT, PROJECTOR_HOST, PROJECTOR_REPLICA_ID, PROJECTOR_RETRY_*_MS. */
export function projectorConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ProjectorConfig {
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is required (read models and checkpoints live there)');
  return {
    databaseUrl: env.DATABASE_URL,
    eventStore: eventStoreConfigFromEnv(env),
    port: Number(env.PROJECTOR_PORT ?? 3001),
    host: env.PROJECTOR_HOST?.trim() || DEFAULT_HEALTH_HOST,
    replicaId: env.PROJECTOR_REPLICA_ID ?? `${hostname()}-${process.pid}`,
    batchSize: Number(env.PROJECTOR_BATCH_SIZE ?? DEFAULT_BATCH_SIZE),
    retryBackoff: {
      baseMs: positive(env.PROJECTOR_RETRY_BASE_MS, 1000),
      maxMs: positive(env.PROJECTOR_RETRY_MAX_MS, 5 * 60_000),
    },
  };
}

function positive(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return text !== undefined && Number.isFinite(n) && n > 0 ? n : fallback;
}

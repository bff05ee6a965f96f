import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { StaffRole } from '#domain/admin/staff-permissions.js';
import { parseTwoFactorRoles } from '#domain/admin/two-factor-policy.js';
import { DEFAULT_COD_RISK_THRESHOLDS, type CodRiskThresholds } from '#domain/order/cod-risk.js';
import { DEFAULT_RETURN_WINDOW_DAYS } from '#domain/order/order-return.js';
import { loadBudgetsConfig, type BudgetsConfig } from './budgets-config.js';
import { keyStoreFromEnv, type KeyStoreConfig } from './key-store-config.js';

export type EventStoreConfig =
  // purpose 'request': the API's pool gets short timeouts (libs/event-store/src/postgres/pg-timeouts.ts).
  | { kind: 'postgres'; connectionString: string; poolSize?: number; purpose?: 'request' | 'job'; keyStore?: KeyStoreConfig }
  | { kind: 'eventstoredb'; connectionString: string; namespace?: string; keyStore?: KeyStoreConfig };

/** Everything a process reads from its environment, read once at boot and passed down. */
export interface AppConfig {
  port: number;
  databaseUrl: string;
  redisUrl: string | undefined;
  eventStore: EventStoreConfig;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /**
   * Where `npm start` keeps the first admin's generated password (DATA_DIR/admin-password): deleted
   * once that admin's password is no longer it, so no copy of a retired password stays on disk or
   * goes into key backups.
   */
  adminPasswordFile?: string;
  jwtSecret: string;
  /** True when JWT_SECRET was absent and a random one was made: tokens die with the process. */
  jwtSecretGenerated: boolean;
  uploadsDir: string;
  webDistDir: string;
  /** Allowed CORS origins (comma-separated WEB_ORIGIN); empty means same-origin only. */
  webOrigins: string[];
  logLevel: string;
  /** Body size limit for JSON and urlencoded bodies (multipart limits are the uploads module's). */
  bodyLimit: string;
  /** Connections of the API's read DataSource (TypeORM pool). */
  readPoolSize: number;
  /** How long anonymous catalogue reads may be answered from memory (PUBLIC_CACHE_MS, 0 = off). */
  publicCacheMs: number;
  /** Longest wait of a query sent with X-Wait-For-Position (WAIT_FOR_POSITION_MS, default 2 s). */
  waitForPositionMs: number;
  /**
   * Which proxies may speak for the client (X-Forwarded-For/-Proto), as Express's `trust proxy`:
   * false (the default: nobody), true, a hop count, or addresses/subnets ('loopback, 10.0.0.0/8').
   */
  trustProxy: boolean | number | string;
  /** How long queueing a job waits for Redis before answering 503 (JOBS_ENQUEUE_TIMEOUT_MS, default 5 s). */
  jobsEnqueueTimeoutMs: number;
  /**
   * The back-office's live updates (GET /api/admin/live): how often the read models' checkpoints
   * are polled while an admin tab listens (LIVE_POLL_MS, 250), the heartbeat (LIVE_HEARTBEAT_MS,
   * 15 s) and the most tabs one API process serves at once (LIVE_MAX_CONNECTIONS, 100).
   */
  live: { pollMs: number; heartbeatMs: number; maxConnections: number };
  /** When a phone counts as risky for cash on delivery (COD_RISK_MIN_REFUSED, COD_RISK_MIN_REFUSED_RATE). */
  codRisk: CodRiskThresholds;
  /** How many days after delivery a return may be recorded (RETURN_WINDOW_DAYS, 14). */
  returnWindowDays: number;
  /** Per-client budgets of anonymous writes (BUDGET_*: budgets-config.ts). */
  budgets: BudgetsConfig;
  /** Staff roles that must sign in with a second factor (STAFF_TWO_FACTOR_ROLES: default owner,manager; all; none). */
  staffTwoFactorRoles: StaffRole[];
  /** A monitor's bearer token that reads /health's figures as staff with metrics.read do (HEALTH_TOKEN; unset: staff only). */
  healthToken: string | undefined;
  /**
   * Where `npm start` says it is restarting the embedded PostgreSQL (DATABASE_STATE_FILE, set by
   * start.mjs): /health then says the database is restarting rather than merely down.
   */
  databaseStateFile: string | undefined;
}

/** A number from the environment, or the default when unset or not a finite number ≥ 0. */
function nonNegative(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** TRUST_PROXY: unset/false → false, true, a hop count, or a list Express understands. */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/** A guessable monitoring token would open the figures to anyone: refuse to start with a short one. */
const HEALTH_TOKEN_MIN_LENGTH = 24;

function parseHealthToken(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (token.length < HEALTH_TOKEN_MIN_LENGTH) throw new Error(`HEALTH_TOKEN must be at least ${HEALTH_TOKEN_MIN_LENGTH} characters (e.g. openssl rand -hex 24)`);
  return token;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postershop';
  const kind = (env.EVENT_STORE ?? 'postgres').toLowerCase();
  if (kind !== 'postgres' && kind !== 'eventstoredb') throw new Error(`EVENT_STORE must be postgres or eventstoredb, not ${kind}`);
  const eventStore: EventStoreConfig =
    kind === 'eventstoredb'
      ? { kind, connectionString: env.EVENTSTORE_CONNECTION_STRING ?? 'esdb://127.0.0.1:2113?tls=false', namespace: env.EVENTSTORE_NAMESPACE || undefined, keyStore: keyStoreFromEnv(env, env.KEY_STORE_URL ?? databaseUrl) }
      : { kind, connectionString: env.EVENT_STORE_DATABASE_URL ?? databaseUrl, poolSize: Number(env.EVENT_STORE_POOL_SIZE ?? 20), purpose: 'request' as const, keyStore: keyStoreFromEnv(env, env.KEY_STORE_URL ?? databaseUrl) };
  const jwtSecretGenerated = !env.JWT_SECRET;
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    eventStore,
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminPasswordFile: env.ADMIN_PASSWORD_FILE || undefined,
    jwtSecret: env.JWT_SECRET || randomBytes(32).toString('hex'),
    jwtSecretGenerated,
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? '.data/uploads'),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? 'web/dist'),
    webOrigins: (env.WEB_ORIGIN ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    bodyLimit: env.BODY_LIMIT ?? '1mb',
    readPoolSize: Number(env.READ_POOL_SIZE ?? 10),
    publicCacheMs: Number(env.PUBLIC_CACHE_MS ?? 1000),
    waitForPositionMs: Number(env.WAIT_FOR_POSITION_MS ?? 2000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    jobsEnqueueTimeoutMs: Number(env.JOBS_ENQUEUE_TIMEOUT_MS ?? 5000),
    codRisk: {
      minRefused: nonNegative(env.COD_RISK_MIN_REFUSED, DEFAULT_COD_RISK_THRESHOLDS.minRefused),
      minRefusedRate: nonNegative(env.COD_RISK_MIN_REFUSED_RATE, DEFAULT_COD_RISK_THRESHOLDS.minRefusedRate),
    },
    returnWindowDays: nonNegative(env.RETURN_WINDOW_DAYS, DEFAULT_RETURN_WINDOW_DAYS),
    budgets: loadBudgetsConfig(env),
    staffTwoFactorRoles: parseTwoFactorRoles(env.STAFF_TWO_FACTOR_ROLES),
    healthToken: parseHealthToken(env.HEALTH_TOKEN),
    databaseStateFile: env.DATABASE_STATE_FILE || undefined,
    live: {
      pollMs: Number(env.LIVE_POLL_MS ?? 250),
      heartbeatMs: Number(env.LIVE_HEARTBEAT_MS ?? 15_000),
      maxConnections: Number(env.LIVE_MAX_CONNECTIONS ?? 100),
    },
  };
}

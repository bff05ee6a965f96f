import 'reflect-metadata';
import { afterAll, beforeAll } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { DataSource } from 'typeorm';
import { formatPosition, type EventStore, type Position } from '#event-store/event-store.port.js';
import { loadConfig, type AppConfig } from '#platform/config/app-config.js';
import { countStoredEvents, createTestDatabase, newestStoredPosition } from '#platform/testing/test-database.js';
import { testEventStoreEnv } from '#platform/testing/test-event-store.js';
import { waitForPosition } from '#read-models/wait-for-position.js';
import { startInProcessProjector, type InProcessProjector } from '../../../projector/src/testing/in-process-projector.js';
import { markOfSharedLog } from '../../../projector/src/testing/shared-log-mark.js';
import { createApiApp } from '../app.factory.js';
import { AdminSessionsService } from '../auth/admin-sessions.service.js';
import { AdminTokenService } from '../auth/admin-token.service.js';
import { StaffSessionsRepository } from '../auth/staff-sessions.repository.js';
import { PositionTokens } from '../common/position-token.js';
import { EVENT_STORE } from '../common/tokens.js';
import { UNBOUNDED_BUDGETS } from '#platform/testing/unbounded-budgets.js';

/** Events a refused command may append: the cart funnel's record of why a checkout was refused. */
export const REFUSAL_RECORDS: readonly string[] = ['CheckoutRejected'];

export const TEST_ADMIN = { username: 'admin', password: 'admin-password-for-tests' };

export interface TestApp {
  app: NestExpressApplication;
  /** A fresh supertest client on the app (no listening port needed). */
  request: () => supertest.Agent;
  store: EventStore;
  dataSource: DataSource;
  config: AppConfig;
  /** Whether a real projector runs in-process (reads see writes). */
  projectorRunning: boolean;
  /** A valid ADMIN bearer token (signed by the app's secret) for TEST_ADMIN. */
  adminToken: () => string;
  /** A token of the admin's current session (after a logout or password change ended the older ones). */
  currentAdminToken: () => Promise<string>;
  /** Same secret, already expired: for the 401 tests. */
  expiredAdminToken: () => string;
  /**
   * Events stored (PostgreSQL: counted in the table, see countStoredEvents; EventStoreDB: those
   * appended since this app was made): for "nothing was appended" checks. */
  eventCount: () => Promise<number>;
  /**
   * eventCount without the funnel's record of refused checkouts (CheckoutRejected, at most one
   * per cart and reason): what a refused command must leave unchanged.
   */
  commandEventCount: () => Promise<number>;
  /** Waits until every live projection reached the position (default: the store's head): raw, or an anonymous answer's token. */
  waitForProjections: (position?: Position | string, timeoutMs?: number) => Promise<boolean>;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** Start the projector in-process (default true). */
  projector?: boolean;
  env?: Record<string, string>;
  /** A second API "replica" on the same database (its own process state: locks, caches); it does not drop the database. */
  sameDatabaseAs?: TestApp;
}

/**
 * The real API on a fresh database of the test PostgreSQL (jest's global setup starts it): the
 * tests' event store (PostgreSQL's, or EventStoreDB's: test-event-store.ts), read-model
 * migrations, and the projector runner in-process, so queries see commands. No mocks.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.sameDatabaseAs
    ? { url: options.sameDatabaseAs.config.databaseUrl, drop: async () => undefined }
    : await createTestDatabase('api');
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'api-uploads-'));
  // PostgreSQL's event store, or EventStoreDB when the global setup found one (a replica shares the namespace).
  const storeEnv = testEventStoreEnv(options.sameDatabaseAs?.config.eventStore.kind === 'eventstoredb' ? options.sameDatabaseAs.config.eventStore.namespace : undefined);
  const mark = storeEnv.EVENT_STORE === 'eventstoredb' ? await markOfSharedLog(storeEnv) : undefined;
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      ...storeEnv,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      JWT_SECRET: options.sameDatabaseAs?.config.jwtSecret ?? 'test-secret-' + Math.random().toString(36).slice(2),
      UPLOADS_DIR: uploadsDir,
      WEB_DIST_DIR: path.join(uploadsDir, 'no-web'),
      WEB_ORIGIN: 'http://localhost:5173',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // Tests read right after writing; the public micro-cache would hide that (it has its own test).
      PUBLIC_CACHE_MS: '0',
      // A busy CI machine can keep the projector behind for more than the production 2 s.
      WAIT_FOR_POSITION_MS: '15000',
      // Suites about other things send hundreds of writes from one address and one phone; the
      // budgets' own suites (src/budgets) set tiny ones through options.env.
      ...UNBOUNDED_BUDGETS,
      // Suites about other things sign the owner in with a password alone; the second factor's
      // own suites require it through options.env.
      STAFF_TWO_FACTOR_ROLES: 'none',
      ...options.env,
    }),
  };
  const app = await createApiApp(config);
  try {
    await app.init();
  } catch (e) {
    // A refused start (a mismatched event store, say) leaves no pool or directory behind.
    await app.close().catch(() => undefined);
    await db.drop();
    rmSync(uploadsDir, { recursive: true, force: true });
    throw e;
  }
  const store = app.get<EventStore>(EVENT_STORE);
  const dataSource = app.get(DataSource);
  const tokens = app.get(AdminTokenService);
  const positionTokens = app.get(PositionTokens);
  // The harness's own sign-in of the first owner: its tokens name a real session row, as every token must.
  const signIns = app.get(StaffSessionsRepository);
  const harnessSession = await signIns.open(TEST_ADMIN.username, 'Test harness', '127.0.0.1', false);

  let projector: InProcessProjector | undefined;
  if (options.projector !== false && !options.sameDatabaseAs) projector = await startInProcessProjector(store, db.url);

  const waitForProjections = async (position?: Position | string, timeoutMs = 20_000): Promise<boolean> => {
    // PostgreSQL's head answers only below the server-wide snapshot horizon: wait for the newest stored event instead.
    const newest = () => (config.eventStore.kind === 'postgres' ? newestStoredPosition(config.databaseUrl) : store.headPosition());
    const target = typeof position === 'string' ? (positionTokens.open(position) ?? parse(position)) : (position ?? (await newest()));
    if (!projector) return false;
    return waitForPosition(dataSource, target, projector.names, { timeoutMs });
  };

  return {
    app,
    request: () => supertest.agent(app.getHttpServer()),
    store,
    dataSource,
    config,
    projectorRunning: !!projector,
    adminToken: () => tokens.sign({ username: TEST_ADMIN.username, role: 'ADMIN', sessionId: harnessSession }),
    currentAdminToken: async () => {
      const { generation } = await app.get(AdminSessionsService).current(TEST_ADMIN.username);
      const sessionId = await signIns.open(TEST_ADMIN.username, 'Test harness', '127.0.0.1', false);
      return tokens.sign({ username: TEST_ADMIN.username, role: 'ADMIN', sessionGeneration: generation, sessionId });
    },
    expiredAdminToken: () => tokens.sign({ username: TEST_ADMIN.username, role: 'ADMIN', sessionId: harnessSession }, -60),
    // EventStoreDB answers reads with every acknowledged append: its own count is exact (from the
    // mark, so a count skips other suites' events on the shared server).
    eventCount: async () => (config.eventStore.kind === 'postgres' ? countStoredEvents(db.url) : (await store.readAll({ fromPosition: mark })).length),
    commandEventCount: async () =>
      config.eventStore.kind === 'postgres'
        ? countStoredEvents(db.url, { exceptTypes: REFUSAL_RECORDS })
        : (await store.readAll({ fromPosition: mark })).filter((e) => !REFUSAL_RECORDS.includes(e.type)).length,
    waitForProjections,
    close: async () => {
      await projector?.stop().catch(() => undefined);
      await app.close();
      await db.drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

function parse(text: string): Position {
  const [commit, prepare] = text.split('/').map((x) => BigInt(x));
  return { commit, prepare };
}

/**
 * One app (createTestApp's options) for the tests of the describe block this is called in:
 * created before them, handed to `receive`, and closed after them.
 */
export function useTestApp(options: TestAppOptions, receive: (app: TestApp) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(options);
    receive(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}

export { formatPosition };

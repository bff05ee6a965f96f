import path from 'node:path';
import type pg from 'pg';
import type { EventStore } from '#event-store/event-store.port.js';
import { qualifiedTable, quoteIdent } from '../runner/table-names.js';
import { asProjection, type AnalystProjection } from './analyst-projection.js';
import { replayLog, type ReplayProgress } from './replay-log.js';
import { freshReplaySchema, writeReplayInfo } from './replay-schema.js';

/**
 * The role an analyst's handler runs as. It owns the replay's schema and has no privilege on the
 * shop's schemas, so a handler's SQL cannot touch the live read models or the log, whatever it says.
 */
export const ANALYST_ROLE = 'shop_analyst';

/**
 * Builds an analyst's projection from the log into `schema` (dropped and recreated): its tables
 * from their definitions, then the log replayed through its handler up to `until` (or the head).
 */
export async function replayAnalystProjection(o: {
  store: EventStore;
  pool: pg.Pool;
  analyst: AnalystProjection;
  file: string;
  schema: string;
  until?: Date;
  batchSize?: number;
  onProgress?: (p: ReplayProgress) => void;
}): Promise<ReplayProgress> {
  const projection = asProjection(path.basename(o.file), o.analyst, quoteIdent(ANALYST_ROLE));
  const client = await o.pool.connect();
  try {
    await ensureAnalystRole(client);
    await freshReplaySchema(client, o.schema, ANALYST_ROLE);
    for (const [table, columns] of Object.entries(o.analyst.tables)) {
      // One implicit transaction per statement list: the table is created by, and belongs to, the role.
      await client.query(`SET LOCAL ROLE ${quoteIdent(ANALYST_ROLE)}; CREATE TABLE ${qualifiedTable({ kind: 'schema', schema: o.schema }, table)} (${columns})`).catch((e: Error) => {
        throw new Error(`table ${table} of ${o.file}: ${e.message}`);
      });
    }
  } finally {
    client.release();
  }
  const result = await replayLog({ ...o, projections: [projection] });
  await writeReplayInfo(o.pool, o.schema, result, { until: o.until, projection: o.file });
  return result;
}

/** Creates the role once per server (roles are server-wide; concurrent creators race, hence the handler). */
async function ensureAnalystRole(db: pg.PoolClient): Promise<void> {
  try {
    await db.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${ANALYST_ROLE}') THEN CREATE ROLE ${quoteIdent(ANALYST_ROLE)} NOLOGIN; END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
  } catch (e) {
    throw new Error(
      `an analyst's projection runs as the role ${ANALYST_ROLE}, which only reaches its own schema, and this database user cannot create it ` +
        `(${(e as Error).message}): run as a user that may create roles (the embedded default's is), or create it: CREATE ROLE ${ANALYST_ROLE} NOLOGIN; GRANT ${ANALYST_ROLE} TO <you>`,
    );
  }
}

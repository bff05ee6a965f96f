import type pg from 'pg';
import { formatPosition } from '#event-store/event-store.port.js';
import { REPLAY_INFO_TABLE, REPLAY_SCHEMA_MARK } from '#read-models/projector-state/replay-schemas.js';
import { quoteIdent } from '../runner/table-names.js';
import type { ReplayProgress } from './replay-log.js';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** The shop's own schemas (ADR 006), never a replay's target. */
const SHOP_SCHEMAS = ['read', 'projector', 'event_store', 'public'];
/** Marks a schema as a replay's, so a later replay may drop it and nothing else gets dropped. */
const MARK = REPLAY_SCHEMA_MARK;
export { REPLAY_INFO_TABLE };

/** Why `name` cannot be a replay's schema, or undefined when it can. */
export function replaySchemaProblem(name: string | undefined): string | undefined {
  if (!name) return 'a schema name is required (--schema)';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) return `schema "${name}": use lower-case letters, digits and _ (at most 63)`;
  if (SHOP_SCHEMAS.includes(name) || name.startsWith('pg_') || name === 'information_schema') return `schema "${name}" is the shop's or PostgreSQL's own`;
  return undefined;
}

/**
 * Drops and recreates `schema` for a replay (owned by `owner` when given). An existing schema is
 * dropped only when a replay made it (marked, or holding replay_info as replays before the mark
 * did): a typo must not drop someone's other data.
 */
export async function freshReplaySchema(db: Queryable, schema: string, owner?: string): Promise<void> {
  const problem = replaySchemaProblem(schema);
  if (problem) throw new Error(problem);
  const { rows } = await db.query<{ mark: string | null; info: boolean }>(
    `SELECT obj_description(n.oid, 'pg_namespace') AS mark,
            EXISTS (SELECT 1 FROM pg_tables t WHERE t.schemaname = n.nspname AND t.tablename = $2) AS info
       FROM pg_namespace n WHERE n.nspname = $1`,
    [schema, REPLAY_INFO_TABLE],
  );
  if (rows.length > 0 && rows[0].mark !== MARK && !rows[0].info) {
    throw new Error(`schema "${schema}" exists and was not made by npm run replay: pick another name (or drop it yourself)`);
  }
  await db.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
  await db.query(`CREATE SCHEMA ${quoteIdent(schema)}${owner ? ` AUTHORIZATION ${quoteIdent(owner)}` : ''}`);
  await db.query(`COMMENT ON SCHEMA ${quoteIdent(schema)} IS '${MARK}'`);
}

/** What was replayed, kept beside the tables it built. */
export async function writeReplayInfo(db: Queryable, schema: string, result: ReplayProgress, extra: { until?: Date; projection?: string } = {}): Promise<void> {
  await db.query(
    `CREATE TABLE ${quoteIdent(schema)}.${REPLAY_INFO_TABLE} AS
       SELECT $1::timestamptz AS until, $2::text AS position, $3::int AS events, $4::text AS projection`,
    [extra.until?.toISOString() ?? null, formatPosition(result.position), result.events, extra.projection ?? null],
  );
}

/**
 * Schemas `npm run replay` built (time travel, analysts' projections): copies of read models that
 * live beside the shop's own. An erasure lists them, since a copy made before it still holds what
 * the erasure removed from the live tables until it is dropped or replayed again.
 */

/** The comment a replay puts on its schema, so only a replay's schema is ever dropped by one. */
export const REPLAY_SCHEMA_MARK = 'made by npm run replay';
export const REPLAY_INFO_TABLE = 'replay_info';

export interface ReplaySchema {
  schema: string;
  /** The --until of a time-travel replay; null for the whole log. */
  until: string | null;
  /** Log position the replay reached; null when its info cannot be read (another role's schema). */
  position: string | null;
  /** The analyst's projection file, null for the shop's own read models. */
  projection: string | null;
}

type Queryable = { query(text: string, params?: unknown[]): Promise<unknown> };
const rowsOf = <R>(result: unknown): R[] => (Array.isArray(result) ? result : (result as { rows: R[] }).rows) as R[];

export async function listReplaySchemas(db: Queryable): Promise<ReplaySchema[]> {
  const schemas = rowsOf<{ schema: string; info: boolean }>(await db.query(
    `SELECT n.nspname AS schema, EXISTS (SELECT 1 FROM pg_tables t WHERE t.schemaname = n.nspname AND t.tablename = $2) AS info
       FROM pg_namespace n
      WHERE obj_description(n.oid, 'pg_namespace') = $1
         OR EXISTS (SELECT 1 FROM pg_tables t WHERE t.schemaname = n.nspname AND t.tablename = $2)
      ORDER BY n.nspname`,
    [REPLAY_SCHEMA_MARK, REPLAY_INFO_TABLE],
  ));
  const out: ReplaySchema[] = [];
  for (const { schema, info } of schemas) {
    const row = info
      ? rowsOf<{ until: Date | null; position: string | null; projection: string | null }>(
          await db.query(`SELECT until, position, projection FROM "${schema.replace(/"/g, '""')}".${REPLAY_INFO_TABLE} LIMIT 1`).catch(() => []),
        )[0]
      : undefined;
    out.push({ schema, until: row?.until ? new Date(row.until).toISOString() : null, position: row?.position ?? null, projection: row?.projection ?? null });
  }
  return out;
}

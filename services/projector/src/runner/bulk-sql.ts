import type { TableSpec } from '#read-models/table-spec.js';
import type { ProjectionContext } from './projection.js';

export type { TableSpec };

export type Row = Record<string, unknown>;

/**
 * Upserts many rows in one statement: the rows travel as one json array parameter and
 * json_to_recordset types them (one round trip, no per-row parameters, no 65k-parameter limit).
 * json, not jsonb: the text is read once, straight into the columns, where jsonb would first
 * build (and key-sort) a binary document of the whole batch; that took twice the server's CPU
 * for the same rows. Values must be plain JSON (no bigint: pass large integers as strings).
 * Rows must have unique keys (collect them in a Map first). Answers how many keys were new.
 */
export async function upsertRows(ctx: ProjectionContext, spec: TableSpec, rows: readonly Row[]): Promise<number> {
  if (rows.length === 0) return 0;
  const cols = Object.keys(spec.columns);
  const defs = cols.map((c) => `${c} ${spec.columns[c]}`).join(', ');
  const updates = cols.filter((c) => !spec.key.includes(c)).map((c) => `${c} = EXCLUDED.${c}`);
  const conflict = updates.length ? `DO UPDATE SET ${updates.join(', ')}` : 'DO NOTHING';
  // xmax is 0 only on a row version this statement inserted (an update sets it): the rows that are new.
  const [{ added }] = await ctx.sql<{ added: number }>(
    `WITH written AS (
       INSERT INTO ${ctx.table(spec.name)} (${cols.join(', ')})
       SELECT ${cols.join(', ')} FROM json_to_recordset($1::json) AS x(${defs})
       ON CONFLICT (${spec.key.join(', ')}) ${conflict}
       RETURNING xmax = 0 AS inserted)
     SELECT count(*) FILTER (WHERE inserted)::int AS added FROM written`,
    [JSON.stringify(rows)],
  );
  return added;
}

/** Inserts rows, leaving existing keys untouched (append-only tables such as the audit trail). */
export async function insertRowsIfAbsent(ctx: ProjectionContext, spec: TableSpec, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(spec.columns);
  const defs = cols.map((c) => `${c} ${spec.columns[c]}`).join(', ');
  await ctx.sql(
    `INSERT INTO ${ctx.table(spec.name)} (${cols.join(', ')})
     SELECT ${cols.join(', ')} FROM json_to_recordset($1::json) AS x(${defs})
     ON CONFLICT (${spec.key.join(', ')}) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

/** Loads the rows whose single-column key is in keys, as a Map by key. */
export async function loadRows(ctx: ProjectionContext, spec: TableSpec, keys: Iterable<string | number>): Promise<Map<string, Row>> {
  const list = [...new Set(keys)];
  const found = new Map<string, Row>();
  if (list.length === 0) return found;
  const [key] = spec.key;
  const type = spec.columns[key];
  const rows = await ctx.sql(`SELECT * FROM ${ctx.table(spec.name)} WHERE ${key} = ANY($1::${type}[])`, [list]);
  for (const row of rows) found.set(String(row[key]), row);
  return found;
}

export async function deleteRows(ctx: ProjectionContext, spec: TableSpec, keys: Iterable<string | number>): Promise<void> {
  const list = [...new Set(keys)];
  if (list.length === 0) return;
  const [key] = spec.key;
  await ctx.sql(`DELETE FROM ${ctx.table(spec.name)} WHERE ${key} = ANY($1::${spec.columns[key]}[])`, [list]);
}

import type { TableSpec } from '../table-spec.js';
import type { ProjectionContext } from './projection.js';

export type { TableSpec };

export type Row = Record<string, unknown>;

/**
 * Upserts many rows in one statement: the rows travel as one jsonb parameter, an array of value
 * arrays in the table spec's column order, typed in SQL (one round trip, no per-row parameters, no
 * 65k-parameter limit). Arrays, not objects: no key repeated per row and no per-row object for
 * the server to build and look up; that took about a third less of PostgreSQL's CPU per row than
 * jsonb_to_recordset (json_to_recordset sits between), and less text to send.
 * Rows must have unique keys (collect them in a Map first). Answers how many keys were new.
 */
export async function upsertRows(ctx: ProjectionContext, spec: TableSpec, rows: readonly Row[]): Promise<number> {
  if (rows.length === 0) return 0;
  const cols = Object.keys(spec.columns);
  const updates = cols.filter((c) => !spec.key.includes(c)).map((c) => `${c} = EXCLUDED.${c}`);
  const conflict = updates.length ? `DO UPDATE SET ${updates.join(', ')}` : 'DO NOTHING';
  // xmax is 0 only on a row version this statement inserted (an update sets it): the rows that are new.
  const [{ added }] = await ctx.sql<{ added: number }>(
    `WITH written AS (
       INSERT INTO ${ctx.table(spec.name)} (${cols.join(', ')}) ${selectRows(spec)}
       ON CONFLICT (${spec.key.join(', ')}) ${conflict}
       RETURNING xmax = 0 AS inserted)
     SELECT count(*) FILTER (WHERE inserted)::int AS added FROM written`,
    [rowsParam(spec, rows)],
  );
  return added;
}

/** Inserts rows, leaving existing keys untouched (append-only tables such as the audit trail). */
export async function insertRowsIfAbsent(ctx: ProjectionContext, spec: TableSpec, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(spec.columns);
  await ctx.sql(
    `INSERT INTO ${ctx.table(spec.name)} (${cols.join(', ')}) ${selectRows(spec)}
     ON CONFLICT (${spec.key.join(', ')}) DO NOTHING`,
    [rowsParam(spec, rows)],
  );
}

/** SELECT of $1's rows (see rowsParam) as the table spec's columns, typed. */
function selectRows(spec: TableSpec): string {
  const values = Object.entries(spec.columns).map(([c, type], i) => (type === 'jsonb' ? `nullif(r->${i}, 'null')` : `(r->>${i})::${type}`) + ` AS ${c}`);
  return `SELECT ${values.join(', ')} FROM jsonb_array_elements($1::jsonb) AS r`;
}

/** The rows as a JSON array of arrays in the table spec's column order; a missing value is null. Values must be plain JSON (no bigint). */
function rowsParam(spec: TableSpec, rows: readonly Row[]): string {
  const cols = Object.keys(spec.columns);
  return JSON.stringify(rows.map((row) => cols.map((c) => row[c])));
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

import type pg from 'pg';
import type { Projection } from '#read-models/projections/projection.js';
import { qualifiedTable, quoteIdent } from './table-names.js';

type Queryable = Pick<pg.Pool | pg.PoolClient | pg.Client, 'query'>;

/**
 * A rebuild writes read.<table>__build, created with the live table's columns, defaults and
 * indexes (LIKE … INCLUDING ALL), so the live tables keep serving until the swap.
 */
export async function createBuildTables(db: Queryable, projection: Projection): Promise<void> {
  for (const table of projection.tables) {
    await db.query(`DROP TABLE IF EXISTS ${qualifiedTable({ kind: 'build' }, table)}`);
    await db.query(`CREATE TABLE ${qualifiedTable({ kind: 'build' }, table)} (LIKE ${qualifiedTable({ kind: 'live' }, table)} INCLUDING ALL)`);
  }
}

/** Inside the caller's transaction: the built tables take the live names (readers see one or the other). */
export async function swapBuildTables(db: Queryable, projection: Projection): Promise<void> {
  for (const table of projection.tables) {
    await db.query(`DROP TABLE ${qualifiedTable({ kind: 'live' }, table)}`);
    await db.query(`ALTER TABLE ${qualifiedTable({ kind: 'build' }, table)} RENAME TO ${quoteIdent(table)}`);
  }
}

/** Time travel: empty copies of the projections' tables in another schema (made by the caller). */
export async function createSchemaTables(db: Queryable, schema: string, projections: readonly Projection[]): Promise<void> {
  for (const p of projections) {
    for (const table of p.tables) {
      await db.query(`CREATE TABLE ${qualifiedTable({ kind: 'schema', schema }, table)} (LIKE ${qualifiedTable({ kind: 'live' }, table)} INCLUDING ALL)`);
    }
  }
}

import type { TableSpec } from '../table-spec.js';
import type { ProjectionContext } from './projection.js';

/**
 * Adds `delta` to a one-row count table (read.order_counts and the like) in the batch's
 * transaction, so the count always equals the rows the same batch wrote: the admin lists' exact
 * unfiltered totals. A rebuild starts from an empty copy and counts up from zero.
 */
export async function addToRowCount(ctx: ProjectionContext, spec: TableSpec, delta: number): Promise<void> {
  if (delta === 0) return;
  await ctx.sql(`INSERT INTO ${ctx.table(spec.name)} AS c (id, n) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET n = c.n + EXCLUDED.n`, [delta]);
}

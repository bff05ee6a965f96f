import type { RecordedEvent } from '#event-store/event-store.port.js';
import type { ProjectionName } from '#read-models/projection-names.js';
import type { TableSpec } from '#read-models/table-spec.js';
import { deleteRows, loadRows, upsertRows, type Row } from '../runner/bulk-sql.js';
import { defineProjection, type Projection } from '../runner/projection.js';
import { addToRowCount } from './row-count.js';

/**
 * A projection whose rows each follow one key (a product, a promo code, …): per batch it loads
 * the rows the batch touches, folds the events over them in memory, then writes them back
 * in one upsert and one delete. `apply` returns the new row, null to delete it, or the
 * current value unchanged (e.g. an event about a row that does not exist).
 */
export function keyedProjection(def: {
  name: ProjectionName;
  version: number;
  eventTypes: readonly string[];
  /** The projection's table (its first entry in #read-models/projection-names.js). */
  table: TableSpec;
  /** Its one-row count table, when an admin list shows the table's total (see row-count.ts). */
  count?: TableSpec;
  keyOf: (event: RecordedEvent) => string | number;
  apply: (row: Row | null, event: RecordedEvent) => Row | null;
}): Projection {
  return defineProjection(def.name, {
    version: def.version,
    eventTypes: def.eventTypes,
    async handle(events, ctx) {
      const rows = await loadRows(ctx, def.table, events.map(def.keyOf));
      const state = new Map<string, Row | null>(rows);
      const touched = new Set<string>();
      for (const event of events) {
        const key = String(def.keyOf(event));
        const before = state.get(key) ?? null;
        const after = def.apply(before, event);
        if (after !== before) {
          state.set(key, after);
          touched.add(key);
        }
      }
      const upserts: Row[] = [];
      const deletes: string[] = [];
      let added = 0;
      for (const key of touched) {
        const row = state.get(key) ?? null;
        if (row) {
          upserts.push(row);
          if (!rows.has(key)) added++;
        } else if (rows.has(key)) deletes.push(key);
      }
      await upsertRows(ctx, def.table, upserts);
      await deleteRows(ctx, def.table, deletes);
      if (def.count) await addToRowCount(ctx, def.count, added - deletes.length);
    },
  });
}

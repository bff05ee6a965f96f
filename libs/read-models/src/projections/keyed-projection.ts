import type { ShopEventType } from '#domain/shop-event.js';
import { tableSpec } from '../table-spec.js';
import { deleteRows, loadRows, upsertRows, type Row } from './bulk-sql.js';
import { defineProjection, type EntityClass, type ProjectionContext, type RecordedShopEvent, type ShopProjection } from './projection.js';
import { addToRowCount } from './row-count.js';

/**
 * A projection whose rows each follow one key (a product, a promo code, …): per batch it loads
 * the rows the batch touches, folds the events over them in memory, then writes them back
 * in one upsert and one delete. `apply` returns the new row, null to delete it, or the
 * current value unchanged (e.g. an event about a row that does not exist).
 */
export function keyedProjection<const Name extends string, T extends ShopEventType>(def: {
  name: Name;
  version: number;
  eventTypes: readonly T[];
  /** The projection's table, one row per key. */
  table: EntityClass;
  /** Its one-row count table, when an admin list shows the table's total (see row-count.ts). */
  count?: EntityClass;
  keyOf: (event: RecordedShopEvent<T>) => string | number;
  apply: (row: Row | null, event: RecordedShopEvent<T>) => Row | null;
  /** See ProjectionDefinition.erase. */
  erase?: (erasure: RecordedShopEvent<'PersonalDataErased'>, ctx: ProjectionContext) => Promise<void>;
}): ShopProjection<Name> {
  const table = tableSpec(def.table);
  const count = def.count && tableSpec(def.count);
  return defineProjection({
    name: def.name,
    version: def.version,
    tables: def.count ? [def.table, def.count] : [def.table],
    eventTypes: def.eventTypes,
    ...(def.erase ? { erase: def.erase } : {}),
    async handle(events, ctx) {
      const rows = await loadRows(ctx, table, events.map(def.keyOf));
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
      await upsertRows(ctx, table, upserts);
      await deleteRows(ctx, table, deletes);
      if (count) await addToRowCount(ctx, count, added - deletes.length);
    },
  });
}

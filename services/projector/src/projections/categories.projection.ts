import type { PosterCreated, PosterDetailsChanged, PosterVisibilityChanged } from '#domain/catalog/events.js';
import { CategoryPosterStateEntity } from '#read-models/category-poster-state.entity.js';
import { CategoryEntity } from '#read-models/category.entity.js';
import { tableName, tableSpec } from '#read-models/table-spec.js';
import { loadRows, upsertRows, type Row } from '../runner/bulk-sql.js';
import { defineProjection } from '../runner/projection.js';
import { dataOf } from './event-time.js';

const CATEGORIES_TABLE = tableName(CategoryEntity);
const STATE_TABLE = tableSpec(CategoryPosterStateEntity);

type Data = PosterCreated['data'] & PosterDetailsChanged['data'] & PosterVisibilityChanged['data'];

/** Categories in use, with how many posters the shop shows in each. */
export const categoriesProjection = defineProjection('categories', {
  version: 1,
  eventTypes: ['PosterCreated', 'PosterDetailsChanged', 'PosterVisibilityChanged', 'PosterDeleted', 'PosterRecovered'],
  async handle(events, ctx) {
    const state = await loadRows(ctx, STATE_TABLE, events.map((e) => dataOf<Data>(e).posterId));
    const touched = new Set<string>();
    const categories = new Set<string>();
    for (const e of events) {
      const d = dataOf<Data>(e);
      let row: Row | undefined = state.get(d.posterId);
      if (e.type === 'PosterCreated') {
        if (row) categories.add(row.category as string);
        row = { poster_id: d.posterId, category: d.category, visible: d.visible, deleted: false };
        state.set(d.posterId, row);
      } else if (!row) continue;
      else if (e.type === 'PosterDetailsChanged') {
        if (d.category === undefined) continue;
        categories.add(row.category as string);
        row.category = d.category;
      } else if (e.type === 'PosterVisibilityChanged') row.visible = d.visible;
      else if (e.type === 'PosterDeleted') row.deleted = true;
      else if (e.type === 'PosterRecovered') row.deleted = false;
      categories.add(row.category as string);
      touched.add(d.posterId);
    }
    await upsertRows(ctx, STATE_TABLE, [...touched].map((id) => state.get(id)!));
    if (categories.size === 0) return;
    const names = [...categories];
    await ctx.sql(`UPDATE ${ctx.table(CATEGORIES_TABLE)} SET poster_count = 0, total_count = 0 WHERE name = ANY($1::text[])`, [names]);
    await ctx.sql(
      `INSERT INTO ${ctx.table(CATEGORIES_TABLE)} (name, poster_count, total_count)
       SELECT category, count(*) FILTER (WHERE visible AND NOT deleted), count(*)
         FROM ${ctx.table(STATE_TABLE.name)} WHERE category = ANY($1::text[]) GROUP BY category
       ON CONFLICT (name) DO UPDATE SET poster_count = EXCLUDED.poster_count, total_count = EXCLUDED.total_count`,
      [names],
    );
  },
});

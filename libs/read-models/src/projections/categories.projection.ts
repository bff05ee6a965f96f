import { CategoryPosterStateEntity } from '../category-poster-state.entity.js';
import { CategoryEntity } from '../category.entity.js';
import { tableName, tableSpec } from '../table-spec.js';
import { loadRows, upsertRows, type Row } from './bulk-sql.js';
import { defineProjection } from './projection.js';

const CATEGORIES_TABLE = tableName(CategoryEntity);
const STATE_TABLE = tableSpec(CategoryPosterStateEntity);

/** Categories in use, with how many posters the shop shows in each. */
export const categoriesProjection = defineProjection({
  name: 'categories',
  version: 1,
  tables: [CategoryEntity],
  stateTables: [CategoryPosterStateEntity],
  eventTypes: ['PosterCreated', 'PosterDetailsChanged', 'PosterVisibilityChanged', 'PosterDeleted', 'PosterRecovered'],
  async handle(events, ctx) {
    const state = await loadRows(ctx, STATE_TABLE, events.map((e) => e.data.posterId));
    const touched = new Set<string>();
    const categories = new Set<string>();
    for (const e of events) {
      const posterId = e.data.posterId;
      let row: Row | undefined = state.get(posterId);
      if (e.type === 'PosterCreated') {
        if (row) categories.add(row.category as string);
        row = { poster_id: posterId, category: e.data.category, visible: e.data.visible, deleted: false };
        state.set(posterId, row);
      } else if (!row) continue;
      else if (e.type === 'PosterDetailsChanged') {
        if (e.data.category === undefined) continue;
        categories.add(row.category as string);
        row.category = e.data.category;
      } else if (e.type === 'PosterVisibilityChanged') row.visible = e.data.visible;
      else if (e.type === 'PosterDeleted') row.deleted = true;
      else if (e.type === 'PosterRecovered') row.deleted = false;
      categories.add(row.category as string);
      touched.add(posterId);
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

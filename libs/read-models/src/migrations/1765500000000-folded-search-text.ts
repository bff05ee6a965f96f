import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search that understands Arabic: posters keep the text they are searched by, folded by the
 * domain's foldForSearch (written by the projector, folded the same way as the query), under the
 * trigram index that answers a substring search, in place of the index on lower(name ||
 * description). Orders already keep such a column; only what the projector writes into it
 * changes. The posters projection's version 2 and the orders projection's version 3 rebuild both
 * tables from the log; until the swap the live posters search their lower-cased text.
 */
export class FoldedSearchText1765500000000 implements MigrationInterface {
  name = 'FoldedSearchText1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.posters ADD COLUMN search_text text`);
    await q.query(`UPDATE read.posters SET search_text = lower(name || ' ' || description)`);
    await q.query(`ALTER TABLE read.posters ALTER COLUMN search_text SET NOT NULL`);
    await q.query(`DROP INDEX read.posters_search_trgm_idx`);
    await q.query(`CREATE INDEX posters_search_trgm_idx ON read.posters USING gin (search_text gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX read.posters_search_trgm_idx`);
    await q.query(`CREATE INDEX posters_search_trgm_idx ON read.posters USING gin ((lower(name || ' ' || description)) gin_trgm_ops)`);
    await q.query(`ALTER TABLE read.posters DROP COLUMN search_text`);
  }
}

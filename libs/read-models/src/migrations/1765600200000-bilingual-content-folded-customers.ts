import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rest of the catalogue in two languages, and the customers search folded like the others.
 *
 * Add-on products, the announcement and gallery captions gain their Arabic wording ('' where there
 * is none) beside the default one; gallery images gain captions at all. Events written before them
 * carry none, except that an old add-on or announcement written in Arabic now reads as Arabic (its
 * upcaster); the products and announcement projections' version 2 rebuild those rows from the log.
 *
 * Customers keep the text their search matches, folded by foldForSearch (names, phone, e-mail: as
 * personal as the fields it is made of, so an erasure rewrites it with them), under the trigram
 * index that answered the lower-cased expression before. The customers projection's version 2
 * rebuilds it; until the swap the live rows hold the lower-cased text.
 */
export class BilingualContentFoldedCustomers1765600200000 implements MigrationInterface {
  name = 'BilingualContentFoldedCustomers1765600200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.products ADD COLUMN name_ar text NOT NULL DEFAULT '', ADD COLUMN description_ar text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE read.announcements ADD COLUMN text_ar text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE read.gallery_images ADD COLUMN caption text NOT NULL DEFAULT '', ADD COLUMN caption_ar text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE read.customers ADD COLUMN search_text text`);
    await q.query(`UPDATE read.customers SET search_text = lower(first_name || ' ' || last_name || ' ' || phone || ' ' || coalesce(email, ''))`);
    await q.query(`ALTER TABLE read.customers ALTER COLUMN search_text SET NOT NULL`);
    await dropTrigramIndexes(q);
    await q.query(`CREATE INDEX customers_search_trgm_idx ON read.customers USING gin (search_text gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropTrigramIndexes(q);
    await q.query(`CREATE INDEX customers_search_trgm_idx ON read.customers USING gin ((lower(first_name || ' ' || last_name || ' ' || phone || ' ' || coalesce(email, ''))) gin_trgm_ops)`);
    await q.query(`ALTER TABLE read.customers DROP COLUMN search_text`);
    await q.query(`ALTER TABLE read.gallery_images DROP COLUMN caption, DROP COLUMN caption_ar`);
    await q.query(`ALTER TABLE read.announcements DROP COLUMN text_ar`);
    await q.query(`ALTER TABLE read.products DROP COLUMN name_ar, DROP COLUMN description_ar`);
  }
}

/**
 * The trigram index of read.customers, whatever its name: a rebuild swaps in a copy made LIKE the
 * table, whose indexes PostgreSQL named after the copy (customers__build_lower_idx).
 */
async function dropTrigramIndexes(q: QueryRunner): Promise<void> {
  const rows: Array<{ indexname: string }> = await q.query(
    `SELECT indexname FROM pg_indexes WHERE schemaname = 'read' AND tablename = 'customers' AND indexdef LIKE '%gin_trgm_ops%'`,
  );
  for (const { indexname } of rows) await q.query(`DROP INDEX read."${indexname.replace(/"/g, '""')}"`);
}

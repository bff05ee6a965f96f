import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalogue in two languages: a poster's Arabic name and description ('' where it has none;
 * events written before them carry none, so existing rows are already what a rebuild would give).
 */
export class ArabicCatalogue1765500000001 implements MigrationInterface {
  name = 'ArabicCatalogue1765500000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.posters ADD COLUMN name_ar text NOT NULL DEFAULT '', ADD COLUMN description_ar text NOT NULL DEFAULT ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.posters DROP COLUMN name_ar, DROP COLUMN description_ar`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Category discounts' windows (first and last shop day, inclusive). Discounts created before
 * windows existed have none, which is what their upcast events say: no rebuild needed.
 */
export class DiscountWindows1765700200000 implements MigrationInterface {
  name = 'DiscountWindows1765700200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.discounts ADD COLUMN starts_on text, ADD COLUMN ends_on text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.discounts DROP COLUMN starts_on, DROP COLUMN ends_on`);
  }
}

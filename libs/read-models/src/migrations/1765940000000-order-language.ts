import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the customer's paper is written in: the order's language and each line's Arabic name. Rows
 * projected before read 'en' and no Arabic name until the read models are rebuilt from the log
 * (the events always carried the language; the Arabic name only from now on).
 */
export class OrderLanguage1765940000000 implements MigrationInterface {
  name = 'OrderLanguage1765940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.orders ADD COLUMN language text NOT NULL DEFAULT 'en'`);
    await q.query(`ALTER TABLE read.order_items ADD COLUMN name_ar text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.order_items DROP COLUMN name_ar`);
    await q.query(`ALTER TABLE read.orders DROP COLUMN language`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Returns, refunds and courier fees on the order itself (the orders projection's version 5 fills
 * them): what each line may still be returned, and what the exports' money figures are made of.
 */
export class OrderReturns1765900000000 implements MigrationInterface {
  name = 'OrderReturns1765900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.orders ADD COLUMN returned integer NOT NULL DEFAULT 0, ADD COLUMN refunded integer NOT NULL DEFAULT 0,
      ADD COLUMN courier_fee integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE read.order_items ADD COLUMN returned_quantity integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.order_items DROP COLUMN returned_quantity`);
    await q.query(`ALTER TABLE read.orders DROP COLUMN returned, DROP COLUMN refunded, DROP COLUMN courier_fee`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why this price: order lines keep the rules that priced them. The orders projection's version 2
 * rebuilds the table from the log (old OrderPlaced events upcast, docs/adr/008); until the swap
 * the live table's existing lines read as priced by no rule.
 */
export class OrderItemPriceRules1765300000000 implements MigrationInterface {
  name = 'OrderItemPriceRules1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.order_items ADD COLUMN price_rules jsonb NOT NULL DEFAULT '[]'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.order_items DROP COLUMN price_rules`);
  }
}

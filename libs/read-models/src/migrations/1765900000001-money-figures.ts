import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The money figures, one definition (libs/domain/src/money/figures.ts): each order keeps what they
 * are made of (payment method, courier fees) and its figures; days and governorates keep their sums,
 * one JSON object of figures, in place of the columns of the older meanings of revenue. The
 * dashboard projection's version 6 rebuilds them from the log; until then they read 0.
 */
export class MoneyFigures1765900000001 implements MigrationInterface {
  name = 'MoneyFigures1765900000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.dashboard_orders_state ADD COLUMN payment_method text NOT NULL DEFAULT 'COD', ADD COLUMN courier_fee integer NOT NULL DEFAULT 0,
      ADD COLUMN money jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE read.daily_sales DROP COLUMN revenue, DROP COLUMN revenue_subtotal, DROP COLUMN gross_total, DROP COLUMN sales, DROP COLUMN collected,
      DROP COLUMN pending, DROP COLUMN returned, DROP COLUMN refunded, ADD COLUMN money jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE read.governorate_sales DROP COLUMN revenue, DROP COLUMN sales, DROP COLUMN collected, DROP COLUMN pending, ADD COLUMN money jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.governorate_sales DROP COLUMN money, ADD COLUMN revenue bigint NOT NULL DEFAULT 0, ADD COLUMN sales bigint NOT NULL DEFAULT 0,
      ADD COLUMN collected bigint NOT NULL DEFAULT 0, ADD COLUMN pending bigint NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE read.daily_sales DROP COLUMN money, ADD COLUMN revenue bigint NOT NULL DEFAULT 0, ADD COLUMN revenue_subtotal bigint NOT NULL DEFAULT 0,
      ADD COLUMN gross_total bigint NOT NULL DEFAULT 0, ADD COLUMN sales bigint NOT NULL DEFAULT 0, ADD COLUMN collected bigint NOT NULL DEFAULT 0,
      ADD COLUMN pending bigint NOT NULL DEFAULT 0, ADD COLUMN returned bigint NOT NULL DEFAULT 0, ADD COLUMN refunded bigint NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE read.dashboard_orders_state DROP COLUMN payment_method, DROP COLUMN courier_fee, DROP COLUMN money`);
  }
}

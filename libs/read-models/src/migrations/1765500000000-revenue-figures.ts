import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One meaning of revenue (libs/domain/src/order/revenue.ts): each order's goods after discounts,
 * and per day and per governorate the sales, collected and pending sums. The dashboard projection's
 * new version rebuilds them from the log; until then they read 0.
 */
export class RevenueFigures1765500000000 implements MigrationInterface {
  name = 'RevenueFigures1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.dashboard_orders_state ADD COLUMN sales integer NOT NULL DEFAULT 0`);
    for (const table of ['daily_sales', 'governorate_sales']) {
      await q.query(`ALTER TABLE read.${table} ADD COLUMN sales bigint NOT NULL DEFAULT 0, ADD COLUMN collected bigint NOT NULL DEFAULT 0, ADD COLUMN pending bigint NOT NULL DEFAULT 0`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['daily_sales', 'governorate_sales']) await q.query(`ALTER TABLE read.${table} DROP COLUMN sales, DROP COLUMN collected, DROP COLUMN pending`);
    await q.query(`ALTER TABLE read.dashboard_orders_state DROP COLUMN sales`);
  }
}

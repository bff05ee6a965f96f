import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Returns and refunds on the dashboard: per order what was taken back, per day the counts and amounts (the dashboard projection's version 4 fills them). */
export class Returns1765700400001 implements MigrationInterface {
  name = 'Returns1765700400001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.dashboard_orders_state ADD COLUMN returned integer NOT NULL DEFAULT 0, ADD COLUMN refunded integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE read.dashboard_orders_state ALTER COLUMN returned DROP DEFAULT, ALTER COLUMN refunded DROP DEFAULT`);
    await q.query(`ALTER TABLE read.daily_sales ADD COLUMN refused_count integer NOT NULL DEFAULT 0, ADD COLUMN returned_count integer NOT NULL DEFAULT 0,
      ADD COLUMN returned bigint NOT NULL DEFAULT 0, ADD COLUMN refunded bigint NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE read.daily_sales ALTER COLUMN refused_count DROP DEFAULT, ALTER COLUMN returned_count DROP DEFAULT, ALTER COLUMN returned DROP DEFAULT, ALTER COLUMN refunded DROP DEFAULT`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.daily_sales DROP COLUMN refused_count, DROP COLUMN returned_count, DROP COLUMN returned, DROP COLUMN refunded`);
    await q.query(`ALTER TABLE read.dashboard_orders_state DROP COLUMN returned, DROP COLUMN refunded`);
  }
}

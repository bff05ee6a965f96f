import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's orders by governorate as a maintained table (governorate_sales), fed from the
 * governorate each order's dashboard state now keeps. The dashboard projection's new version
 * rebuilds both from the log; until then the column holds '' and the table is empty.
 */
export class DashboardGovernorates1764650000000 implements MigrationInterface {
  name = 'DashboardGovernorates1764650000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.dashboard_orders_state ADD COLUMN governorate text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE read.dashboard_orders_state ALTER COLUMN governorate DROP DEFAULT`);
    await q.query(`CREATE TABLE read.governorate_sales (governorate text PRIMARY KEY, orders_count integer NOT NULL, revenue bigint NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE read.governorate_sales`);
    await q.query(`ALTER TABLE read.dashboard_orders_state DROP COLUMN governorate`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cash-on-delivery operations: the orders' stream revision (a status change carries the revision
 * the admin saw; the orders projection's new version fills it from the log), and the cod-outcomes
 * projection's tables: risk per phone, delivery outcomes per order, and its per-order memory.
 */
export class CodOutcomes1765100000000 implements MigrationInterface {
  name = 'CodOutcomes1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.orders ADD COLUMN revision integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE read.orders ALTER COLUMN revision DROP DEFAULT`);
    await q.query(`CREATE TABLE read.cod_orders_state (order_id text PRIMARY KEY, phone text NOT NULL, governorate text NOT NULL, placed_at timestamptz NOT NULL, status text NOT NULL)`);
    await q.query(`CREATE TABLE read.phone_risks (phone text PRIMARY KEY, orders integer NOT NULL, delivered integer NOT NULL, refused integer NOT NULL, canceled integer NOT NULL)`);
    await q.query(
      `CREATE TABLE read.delivery_outcomes (order_id text PRIMARY KEY, governorate text NOT NULL, outcome text NOT NULL, outcome_at timestamptz NOT NULL, days double precision NOT NULL)`,
    );
    await q.query(`CREATE INDEX delivery_outcomes_outcome_at_idx ON read.delivery_outcomes (outcome_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE read.delivery_outcomes`);
    await q.query(`DROP TABLE read.phone_risks`);
    await q.query(`DROP TABLE read.cod_orders_state`);
    await q.query(`ALTER TABLE read.orders DROP COLUMN revision`);
  }
}

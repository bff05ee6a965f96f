import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The fake-order defence's read models: each screened order's flags, and the blocked phones (keyed by person). */
export class OrderScreening1765700100000 implements MigrationInterface {
  name = 'OrderScreening1765700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE read.screened_orders (order_id text PRIMARY KEY, subject_id text NOT NULL, flags jsonb NOT NULL, duplicate_of text)`);
    await q.query(
      `CREATE TABLE read.blocked_phones (subject_id text PRIMARY KEY, phone text NOT NULL, reason text NOT NULL, blocked_by text NOT NULL, blocked_by_role text NOT NULL, blocked_at timestamptz NOT NULL)`,
    );
    await q.query(`CREATE INDEX blocked_phones_blocked_at_idx ON read.blocked_phones (blocked_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE read.blocked_phones`);
    await q.query(`DROP TABLE read.screened_orders`);
  }
}

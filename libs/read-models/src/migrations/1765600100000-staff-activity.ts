import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff activity (staff-activity.entity.ts, staff-activity-member.entity.ts), and the role of
 * the staff member behind each event of an order's trail (order_history.actor_role; the
 * order-history projection's version 2 fills it from the log).
 */
export class StaffActivity1765600100000 implements MigrationInterface {
  name = 'StaffActivity1765600100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.order_history ADD COLUMN actor_role text`);
    await q.query(`
      CREATE TABLE read.staff_activity (
        event_id text PRIMARY KEY,
        commit_position bigint NOT NULL,
        prepare_position bigint NOT NULL,
        occurred_at timestamptz NOT NULL,
        actor text NOT NULL,
        actor_role text NOT NULL,
        type text NOT NULL,
        order_id text,
        order_number text,
        member text,
        details jsonb NOT NULL
      )`);
    await q.query(`CREATE INDEX staff_activity_time_idx ON read.staff_activity (occurred_at, commit_position, prepare_position)`);
    await q.query(`CREATE INDEX staff_activity_actor_idx ON read.staff_activity (actor, occurred_at, commit_position, prepare_position)`);
    await q.query(`CREATE TABLE read.staff_activity_members (username text PRIMARY KEY, role text NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE read.staff_activity_members`);
    await q.query(`DROP TABLE read.staff_activity`);
    await q.query(`ALTER TABLE read.order_history DROP COLUMN actor_role`);
  }
}

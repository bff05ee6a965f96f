import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The staff list (staff-member.entity.ts), built by the staff projection from the admin streams. */
export class StaffMembers1765500000000 implements MigrationInterface {
  name = 'StaffMembers1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE read.staff_members (
        username text PRIMARY KEY,
        role text NOT NULL,
        disabled boolean NOT NULL,
        must_change_password boolean NOT NULL,
        created_at timestamptz NOT NULL,
        created_by text,
        updated_at timestamptz NOT NULL,
        updated_by text
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE read.staff_members`);
  }
}

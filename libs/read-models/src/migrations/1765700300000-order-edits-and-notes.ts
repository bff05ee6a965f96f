import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff notes on orders (order_notes) and their folded text on the order row for the admin search
 * (orders.staff_notes_text). The orders projection's version 4 fills both from the log, with the
 * orders as their edits (OrderEdited) left them.
 */
export class OrderEditsAndNotes1765700300000 implements MigrationInterface {
  name = 'OrderEditsAndNotes1765700300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.orders ADD COLUMN staff_notes_text text NOT NULL DEFAULT ''`);
    await q.query(`
      CREATE TABLE read.order_notes (
        note_id text PRIMARY KEY,
        order_id text NOT NULL,
        author text NOT NULL,
        author_role text NOT NULL,
        text text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX order_notes_order_idx ON read.order_notes (order_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE read.order_notes`);
    await q.query(`ALTER TABLE read.orders DROP COLUMN staff_notes_text`);
  }
}

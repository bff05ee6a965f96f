import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People are keyed by their data subject (docs/adr/012), not their phone: an order's subject,
 * customers by subject, COD risk by subject. Rows made before hold the phone as their subject:
 * the key a log written before encryption still gives them (personKey in the projector), until
 * `npm run projector -- protect-personal-data` rewrites that log and the projections rebuild.
 */
export class PersonalDataSubjects1765400000000 implements MigrationInterface {
  name = 'PersonalDataSubjects1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.orders ADD COLUMN subject_id text`);
    await q.query(`UPDATE read.orders SET subject_id = phone`);
    await q.query(`ALTER TABLE read.orders ALTER COLUMN subject_id SET NOT NULL`);
    await q.query(`CREATE INDEX orders_subject_idx ON read.orders (subject_id)`);
    await q.query(`ALTER TABLE read.customers ADD COLUMN subject_id text`);
    await q.query(`UPDATE read.customers SET subject_id = phone`);
    await q.query(`ALTER TABLE read.customers ALTER COLUMN subject_id SET NOT NULL`);
    await dropPrimaryKey(q, 'read.customers');
    await q.query(`ALTER TABLE read.customers ADD CONSTRAINT customers_pkey PRIMARY KEY (subject_id)`);
    await q.query(`CREATE INDEX customers_phone_idx ON read.customers (phone)`);
    await q.query(`ALTER TABLE read.phone_risks RENAME COLUMN phone TO subject_id`);
    await q.query(`ALTER TABLE read.cod_orders_state RENAME COLUMN phone TO subject_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.cod_orders_state RENAME COLUMN subject_id TO phone`);
    await q.query(`ALTER TABLE read.phone_risks RENAME COLUMN subject_id TO phone`);
    await q.query(`DROP INDEX IF EXISTS read.customers_phone_idx`);
    await dropPrimaryKey(q, 'read.customers');
    await q.query(`ALTER TABLE read.customers ADD CONSTRAINT customers_pkey PRIMARY KEY (phone)`);
    await q.query(`ALTER TABLE read.customers DROP COLUMN subject_id`);
    // Its index goes with the column, whatever a rebuild named it.
    await q.query(`ALTER TABLE read.orders DROP COLUMN subject_id`);
  }
}

/**
 * By what it is, not by name: a rebuild swaps in a copy made with LIKE … INCLUDING ALL, whose
 * constraints PostgreSQL names after the copy (customers__build_pkey), and keeps that name.
 */
async function dropPrimaryKey(q: QueryRunner, table: string): Promise<void> {
  const [pk] = (await q.query(`SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'p'`, [table])) as { conname: string }[];
  if (pk) await q.query(`ALTER TABLE ${table} DROP CONSTRAINT "${pk.conname}"`);
}

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
    await q.query(`ALTER TABLE read.customers DROP CONSTRAINT customers_pkey`);
    await q.query(`ALTER TABLE read.customers ADD PRIMARY KEY (subject_id)`);
    await q.query(`CREATE INDEX customers_phone_idx ON read.customers (phone)`);
    await q.query(`ALTER TABLE read.phone_risks RENAME COLUMN phone TO subject_id`);
    await q.query(`ALTER TABLE read.cod_orders_state RENAME COLUMN phone TO subject_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.cod_orders_state RENAME COLUMN subject_id TO phone`);
    await q.query(`ALTER TABLE read.phone_risks RENAME COLUMN subject_id TO phone`);
    await q.query(`DROP INDEX read.customers_phone_idx`);
    await q.query(`ALTER TABLE read.customers DROP CONSTRAINT customers_pkey`);
    await q.query(`ALTER TABLE read.customers ADD PRIMARY KEY (phone)`);
    await q.query(`ALTER TABLE read.customers DROP COLUMN subject_id`);
    await q.query(`DROP INDEX read.orders_subject_idx`);
    await q.query(`ALTER TABLE read.orders DROP COLUMN subject_id`);
  }
}

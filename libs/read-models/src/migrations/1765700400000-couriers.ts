import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The couriers projection: the shop's couriers, and per order its courier, tracking number and cash reported. */
export class Couriers1765700400000 implements MigrationInterface {
  name = 'Couriers1765700400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE read.couriers (courier_id text PRIMARY KEY, name text NOT NULL, tracking_url_template text)`);
    await q.query(`CREATE TABLE read.courier_parcels (order_id text PRIMARY KEY, order_number text NOT NULL, total bigint NOT NULL, status text NOT NULL,
      courier_id text, tracking_number text, collected bigint, fee bigint NOT NULL, paid boolean NOT NULL)`);
    await q.query(`CREATE INDEX courier_parcels_tracking_number_idx ON read.courier_parcels (tracking_number)`);
    await q.query(`CREATE INDEX courier_parcels_courier_id_idx ON read.courier_parcels (courier_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE read.courier_parcels`);
    await q.query(`DROP TABLE read.couriers`);
  }
}

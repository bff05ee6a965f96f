import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An order without a map pin stores none (null), where it stored the checkout form's default
 * position (central Cairo); rows already holding that pair read as no pin, as a rebuild from the
 * log makes them (checkout/map-pin.ts).
 */
export class NoMapPin1765920000000 implements MigrationInterface {
  name = 'NoMapPin1765920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.orders ALTER COLUMN latitude DROP NOT NULL, ALTER COLUMN longitude DROP NOT NULL`);
    await q.query(`UPDATE read.orders SET latitude = NULL, longitude = NULL WHERE latitude = 30.0444 AND longitude = 31.2357`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE read.orders SET latitude = 30.0444, longitude = 31.2357 WHERE latitude IS NULL OR longitude IS NULL`);
    await q.query(`ALTER TABLE read.orders ALTER COLUMN latitude SET NOT NULL, ALTER COLUMN longitude SET NOT NULL`);
  }
}

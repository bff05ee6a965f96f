import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Promo codes' rules and uses, and deleted codes kept (marked) for the uses their stream holds.
 * Codes created before rules existed have none and no uses, so the defaults are what a rebuild
 * would give for live codes; deleted codes have no row until a rebuild, which the list never shows.
 */
export class PromoCodeRules1765600400000 implements MigrationInterface {
  name = 'PromoCodeRules1765600400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.promo_codes
      ADD COLUMN starts_on text, ADD COLUMN ends_on text, ADD COLUMN usage_limit integer,
      ADD COLUMN once_per_customer boolean NOT NULL DEFAULT false, ADD COLUMN minimum_subtotal bigint NOT NULL DEFAULT 0,
      ADD COLUMN category text, ADD COLUMN uses integer NOT NULL DEFAULT 0, ADD COLUMN deleted boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE read.promo_codes DROP COLUMN starts_on, DROP COLUMN ends_on, DROP COLUMN usage_limit,
      DROP COLUMN once_per_customer, DROP COLUMN minimum_subtotal, DROP COLUMN category, DROP COLUMN uses, DROP COLUMN deleted`);
  }
}

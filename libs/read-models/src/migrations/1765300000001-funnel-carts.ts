import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The cart funnel's table (funnel-cart.entity.ts), built by the cart-funnel projection from the log. */
export class FunnelCarts1765300000001 implements MigrationInterface {
  name = 'FunnelCarts1765300000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE read.funnel_carts (
        cart_id text PRIMARY KEY,
        created_at timestamptz NOT NULL,
        last_activity_at timestamptz NOT NULL,
        governorate text,
        lines_added integer NOT NULL,
        lines jsonb NOT NULL,
        promo_code text,
        checkout_attempted_at timestamptz,
        order_placed_at timestamptz,
        rejections jsonb NOT NULL
      )`);
    await q.query(`CREATE INDEX funnel_carts_created_idx ON read.funnel_carts (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE read.funnel_carts`);
  }
}

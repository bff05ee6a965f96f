import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every read model in schema `read` and the projector's bookkeeping in schema `projector`.
 * Tables named *_state hold what a projection needs to compute its public tables (e.g. an
 * order's lines for bestsellers); only the projector reads them.
 * No foreign keys: a projection rebuilds its tables beside the live ones and swaps them.
 */
export class InitialReadModels1763780000000 implements MigrationInterface {
  name = 'InitialReadModels1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS read`);
    await q.query(`CREATE SCHEMA IF NOT EXISTS projector`);

    await q.query(`CREATE TABLE read.posters (
      id text PRIMARY KEY, name text NOT NULL, description text NOT NULL, category text NOT NULL,
      image_url text NOT NULL, visible boolean NOT NULL, deleted boolean NOT NULL, variants jsonb NOT NULL,
      has_discount boolean NOT NULL, discount_percentage integer NOT NULL,
      original_price_sample integer NOT NULL, discounted_price_sample integer NOT NULL,
      min_price integer NOT NULL, max_price integer NOT NULL, min_discounted_price integer NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, deleted_at timestamptz)`);
    await q.query(`CREATE INDEX posters_category_idx ON read.posters (category)`);
    await q.query(`CREATE INDEX posters_created_at_idx ON read.posters (created_at)`);
    await q.query(`CREATE TABLE read.poster_discounts_state (
      discount_id integer PRIMARY KEY, category text, percentage integer NOT NULL, active boolean NOT NULL)`);

    await q.query(`CREATE TABLE read.categories (name text PRIMARY KEY, poster_count integer NOT NULL, total_count integer NOT NULL)`);
    await q.query(`CREATE TABLE read.category_posters_state (
      poster_id text PRIMARY KEY, category text NOT NULL, visible boolean NOT NULL, deleted boolean NOT NULL)`);

    await q.query(`CREATE TABLE read.products (
      id text PRIMARY KEY, name text NOT NULL, description text NOT NULL, price integer NOT NULL, image_url text,
      deleted boolean NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL)`);

    await q.query(`CREATE TABLE read.bestsellers (poster_id text PRIMARY KEY, total_ordered integer NOT NULL)`);
    await q.query(`CREATE INDEX bestsellers_total_idx ON read.bestsellers (total_ordered)`);
    await q.query(`CREATE TABLE read.bestseller_lines_state (
      order_id text NOT NULL, line_no integer NOT NULL, poster_id text NOT NULL, quantity integer NOT NULL,
      canceled boolean NOT NULL, PRIMARY KEY (order_id, line_no))`);
    await q.query(`CREATE INDEX bestseller_lines_state_poster_idx ON read.bestseller_lines_state (poster_id)`);

    await q.query(`CREATE TABLE read.orders (
      id text PRIMARY KEY, order_number text NOT NULL UNIQUE, cart_id text NOT NULL, status text NOT NULL,
      first_name text NOT NULL, last_name text NOT NULL, phone text NOT NULL, email text,
      address_line text NOT NULL, building text NOT NULL, apartment text NOT NULL, city text NOT NULL,
      governorate text NOT NULL, latitude double precision NOT NULL, longitude double precision NOT NULL, notes text,
      payment_method text NOT NULL, payment_reference text, promo_code text, promo_percent integer NOT NULL,
      subtotal integer NOT NULL, discount_from_promotions integer NOT NULL, discount_from_promo_code integer NOT NULL,
      shipping_cost integer NOT NULL, cod_fee integer NOT NULL, tax_amount integer NOT NULL, total integer NOT NULL,
      item_count integer NOT NULL, placed_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
      status_reason text, search_text text NOT NULL)`);
    await q.query(`CREATE INDEX orders_placed_at_idx ON read.orders (placed_at)`);
    await q.query(`CREATE INDEX orders_status_idx ON read.orders (status)`);
    await q.query(`CREATE INDEX orders_phone_idx ON read.orders (phone)`);
    await q.query(`CREATE TABLE read.order_items (
      order_id text NOT NULL, line_no integer NOT NULL, item_id text NOT NULL, kind text NOT NULL,
      poster_id text, product_id text, variant_id text, name text NOT NULL, category text, image_url text,
      custom_image_path text, size text, quantity integer NOT NULL, unit_price integer NOT NULL,
      original_unit_price integer NOT NULL, discount_percentage integer NOT NULL, line_total integer NOT NULL,
      PRIMARY KEY (order_id, line_no))`);
    await q.query(`CREATE INDEX order_items_poster_idx ON read.order_items (poster_id)`);

    await q.query(`CREATE TABLE read.order_history (
      event_id text PRIMARY KEY, order_id text NOT NULL, commit_position bigint NOT NULL, prepare_position bigint NOT NULL,
      revision integer NOT NULL, occurred_at timestamptz NOT NULL, recorded_at timestamptz NOT NULL, type text NOT NULL,
      actor_kind text NOT NULL, actor_id text NOT NULL, changes jsonb NOT NULL, correlation_id text, causation_id text)`);
    await q.query(`CREATE INDEX order_history_order_idx ON read.order_history (order_id, commit_position, prepare_position)`);

    await q.query(`CREATE TABLE read.customers (
      phone text PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL, email text,
      address_line text NOT NULL, building text NOT NULL, apartment text NOT NULL, city text NOT NULL,
      governorate text NOT NULL, created_at timestamptz NOT NULL, last_order_at timestamptz NOT NULL,
      last_order_id text NOT NULL, order_count integer NOT NULL)`);
    await q.query(`CREATE INDEX customers_created_at_idx ON read.customers (created_at)`);

    await q.query(`CREATE TABLE read.newsletter_subscribers (id text PRIMARY KEY, email text NOT NULL, subscribed_at timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX newsletter_subscribers_email_idx ON read.newsletter_subscribers (email)`);

    await q.query(`CREATE TABLE read.daily_sales (
      day date PRIMARY KEY, orders_count integer NOT NULL, placed_count integer NOT NULL, shipped_count integer NOT NULL,
      canceled_count integer NOT NULL, revenue bigint NOT NULL, revenue_subtotal bigint NOT NULL, gross_total bigint NOT NULL)`);
    await q.query(`CREATE TABLE read.dashboard_orders_state (
      order_id text PRIMARY KEY, day date NOT NULL, status text NOT NULL, total integer NOT NULL, subtotal integer NOT NULL)`);
    await q.query(`CREATE INDEX dashboard_orders_state_day_idx ON read.dashboard_orders_state (day)`);

    await q.query(`CREATE TABLE read.gallery_images (id text PRIMARY KEY, image_url text NOT NULL, added_at timestamptz NOT NULL)`);
    await q.query(`CREATE TABLE read.custom_prices (size text PRIMARY KEY, price integer NOT NULL, updated_at timestamptz NOT NULL)`);
    await q.query(`CREATE TABLE read.promo_codes (
      code text PRIMARY KEY, percent_off integer NOT NULL, active boolean NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL)`);
    await q.query(`CREATE TABLE read.discounts (
      id integer PRIMARY KEY, category text, percentage integer NOT NULL, active boolean NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL)`);
    await q.query(`CREATE TABLE read.announcements (id integer PRIMARY KEY, text text NOT NULL, updated_at timestamptz NOT NULL, updated_by text)`);

    await q.query(`CREATE TABLE projector.checkpoints (
      projection text NOT NULL, slot text NOT NULL CHECK (slot IN ('live', 'build')), version integer NOT NULL,
      commit_position bigint NOT NULL, prepare_position bigint NOT NULL, status text NOT NULL,
      last_error text, last_error_event_id text, last_event_at timestamptz, events_handled bigint NOT NULL DEFAULT 0,
      owner text, updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (projection, slot))`);
    await q.query(`CREATE TABLE projector.replicas (
      replica_id text PRIMARY KEY, pid integer, host text, started_at timestamptz NOT NULL, heartbeat_at timestamptz NOT NULL)`);
    await q.query(`CREATE TABLE projector.rebuild_requests (
      id bigserial PRIMARY KEY, projection text NOT NULL, requested_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz, finished_at timestamptz, status text NOT NULL DEFAULT 'requested')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA IF EXISTS read CASCADE`);
    await q.query(`DROP TABLE IF EXISTS projector.checkpoints, projector.replicas, projector.rebuild_requests`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes that keep every back-office list query bounded however many rows a table holds: the
 * lists page, search, sort and filter in PostgreSQL (services/api/src/admin/shared/paging.ts).
 *
 * - Substring search ("%term%") cannot use a b-tree; a pg_trgm GIN index answers it. Each one
 *   covers exactly the expression the API searches (orders: search_text, which the projector
 *   fills with order number, id, names, phone and payment method, lower-cased).
 * - Each sort has a b-tree ending in the row's key, the tie-breaker every list adds, so a page is
 *   an index scan that stops after the page, read forwards or backwards.
 * - Status filters lead with status so "status + date range, newest first" is one range scan.
 *
 * pg_trgm ships with PostgreSQL's contrib (the embedded server has it) and is a trusted extension
 * since PostgreSQL 13, so the database owner can create it without superuser.
 */
export class AdminListIndexes1764600000000 implements MigrationInterface {
  name = 'AdminListIndexes1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await q.query(`CREATE INDEX orders_search_trgm_idx ON read.orders USING gin (search_text gin_trgm_ops)`);
    await q.query(`CREATE INDEX orders_placed_at_id_idx ON read.orders (placed_at, id)`);
    await q.query(`CREATE INDEX orders_status_placed_at_id_idx ON read.orders (status, placed_at, id)`);
    await q.query(`CREATE INDEX orders_status_id_idx ON read.orders (status, id)`);
    await q.query(`CREATE INDEX orders_total_id_idx ON read.orders (total, id)`);
    // Bounded prefixes: a b-tree entry must stay under ~2.7 kB and a name has no length limit.
    await q.query(`CREATE INDEX orders_customer_id_idx ON read.orders (left(first_name, 200), left(last_name, 200), id)`);
    // Both are prefixes of the composite indexes above; keeping them would only slow the projector.
    await q.query(`DROP INDEX read.orders_placed_at_idx`);
    await q.query(`DROP INDEX read.orders_status_idx`);

    await q.query(`CREATE INDEX customers_search_trgm_idx ON read.customers USING gin ((lower(first_name || ' ' || last_name || ' ' || phone || ' ' || coalesce(email, ''))) gin_trgm_ops)`);
    await q.query(`CREATE INDEX customers_created_at_phone_idx ON read.customers (created_at, phone)`);
    await q.query(`DROP INDEX read.customers_created_at_idx`);

    await q.query(`CREATE INDEX newsletter_subscribers_search_trgm_idx ON read.newsletter_subscribers USING gin ((lower(email)) gin_trgm_ops)`);
    await q.query(`CREATE INDEX newsletter_subscribers_subscribed_at_id_idx ON read.newsletter_subscribers (subscribed_at, id)`);

    await q.query(`CREATE INDEX posters_search_trgm_idx ON read.posters USING gin ((lower(name || ' ' || description)) gin_trgm_ops)`);
    await q.query(`CREATE INDEX posters_created_at_id_idx ON read.posters (created_at, id)`);
    await q.query(`DROP INDEX read.posters_created_at_idx`);

    // Exact unfiltered totals without counting every row: one row per table, kept by its
    // projection in the transaction that writes the rows (started here from what exists).
    for (const [counts, table] of [['order_counts', 'orders'], ['customer_counts', 'customers'], ['newsletter_subscriber_counts', 'newsletter_subscribers']]) {
      await q.query(`CREATE TABLE read.${counts} (id integer PRIMARY KEY, n integer NOT NULL)`);
      // No row means zero (as after a rebuild's empty copy), so an empty shop starts with none.
      await q.query(`INSERT INTO read.${counts} (id, n) SELECT 1, count(*) FROM read.${table} HAVING count(*) > 0`);
    }

    await q.query(`CREATE INDEX products_created_at_id_idx ON read.products (created_at, id)`);
    await q.query(`CREATE INDEX promo_codes_created_at_code_idx ON read.promo_codes (created_at, code)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE read.order_counts, read.customer_counts, read.newsletter_subscriber_counts`);
    await q.query(`DROP INDEX read.promo_codes_created_at_code_idx, read.products_created_at_id_idx`);
    await q.query(`CREATE INDEX posters_created_at_idx ON read.posters (created_at)`);
    await q.query(`DROP INDEX read.posters_created_at_id_idx, read.posters_search_trgm_idx`);
    await q.query(`DROP INDEX read.newsletter_subscribers_subscribed_at_id_idx, read.newsletter_subscribers_search_trgm_idx`);
    await q.query(`CREATE INDEX customers_created_at_idx ON read.customers (created_at)`);
    await q.query(`DROP INDEX read.customers_created_at_phone_idx, read.customers_search_trgm_idx`);
    await q.query(`CREATE INDEX orders_placed_at_idx ON read.orders (placed_at)`);
    await q.query(`CREATE INDEX orders_status_idx ON read.orders (status)`);
    await q.query(`DROP INDEX read.orders_customer_id_idx, read.orders_total_id_idx, read.orders_status_id_idx, read.orders_status_placed_at_id_idx, read.orders_placed_at_id_idx, read.orders_search_trgm_idx`);
  }
}

import type pg from 'pg';
import type { DataSource } from 'typeorm';

/**
 * A hot read as one named statement on the read DataSource's own pool: PostgreSQL plans it once
 * per connection, and the rows come back as pg parses them, with no query builder or entity
 * hydration on the way. Kept for the storefront's uncached reads (a page of posters, a search),
 * where those were most of a request's CPU. `name` must always go with the same `text`.
 */
export async function preparedRows<Row extends pg.QueryResultRow>(dataSource: DataSource, name: string, text: string, values: readonly unknown[]): Promise<Row[]> {
  const pool = (dataSource.driver as unknown as { master: pg.Pool }).master;
  return (await pool.query<Row>({ name, text, values: [...values] })).rows;
}

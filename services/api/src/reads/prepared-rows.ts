import type pg from 'pg';
import type { DataSource, EntityTarget } from 'typeorm';

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

/**
 * The entity's table and a select list of these of its properties, each column named as its
 * property, from the entity's own mapping: a raw read answers rows of the entity's shape.
 */
export function entityColumns<E>(dataSource: DataSource, entity: EntityTarget<E>, properties: readonly (keyof E & string)[]): { table: string; columns: string } {
  const metadata = dataSource.getMetadata(entity);
  const columns = properties.map((property) => {
    const column = metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${metadata.name} has no column ${property}`);
    return `${column.databaseName} AS "${property}"`;
  });
  return { table: metadata.tablePath, columns: columns.join(', ') };
}

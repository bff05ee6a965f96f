import type { DataSource } from 'typeorm';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { createReadDataSource, runReadModelMigrations } from './data-source.js';
import { READ_MODEL_ENTITIES } from './entities.js';
import { tableColumns } from './table-spec.js';

/** The entities are the one definition of each table: the projector's bulk SQL takes its columns, types and keys from them. */
describe('entities against the migrated schema', () => {
  let db: { url: string; drop: () => Promise<void> };
  let ds: DataSource;
  beforeAll(async () => {
    db = await createTestDatabase('cols');
    await runReadModelMigrations(db.url);
    ds = createReadDataSource(db.url);
    await ds.initialize();
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('each entity says what the migrations made: every column, its type, nullability and the key', async () => {
    for (const entity of READ_MODEL_ENTITIES) expect(await migratedColumns(ds, entity)).toEqual(await declaredColumns(ds, entity));
  });
});

type Entity = (typeof READ_MODEL_ENTITIES)[number];

/** The table as the migrations left it, column by column. */
async function migratedColumns(ds: DataSource, entity: Entity) {
  const { schema, name } = tableColumns(entity);
  const columns = await ds.query(
    `SELECT a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable,
            coalesce(a.attnum = ANY(k.indkey), false) AS primary
       FROM pg_attribute a LEFT JOIN pg_index k ON k.indrelid = a.attrelid AND k.indisprimary
      WHERE a.attrelid = format('%I.%I', $1::text, $2::text)::regclass AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attname`,
    [schema, name],
  );
  return { table: `${schema}.${name}`, columns };
}

/** The table as the entity declares it, with each type in PostgreSQL's own spelling (timestamptz: timestamp with time zone). */
async function declaredColumns(ds: DataSource, entity: Entity) {
  const { schema, name, columns } = tableColumns(entity);
  const sorted = [...columns].sort((x, y) => (x.column < y.column ? -1 : 1));
  const types: Array<{ type: string }> = await ds.query(`SELECT format_type(to_regtype(t), NULL) AS type FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n`, [sorted.map((c) => c.type)]);
  return { table: `${schema}.${name}`, columns: sorted.map((c, i) => ({ column: c.column, type: types[i].type, nullable: c.nullable, primary: c.primary })) };
}

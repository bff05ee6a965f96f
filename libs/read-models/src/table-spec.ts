import { getMetadataArgsStorage, type ValueTransformer } from 'typeorm';

/**
 * A table as the projector's bulk SQL needs it: base name (schema `read`), key and each
 * column's PostgreSQL type. Derived from the TypeORM entity, the one definition of the table;
 * the migrations create it and read-models.int.spec.ts checks that both agree.
 */
export interface TableSpec {
  name: string;
  key: readonly string[];
  columns: Readonly<Record<string, string>>;
}

type EntityClass = abstract new () => object;

interface ColumnMapping {
  property: string;
  column: string;
  type: string;
  primary: boolean;
  nullable: boolean;
  transformer?: ValueTransformer;
}

const mappings = new Map<EntityClass, { schema: string; name: string; columns: ColumnMapping[] }>();

/** The entity's table and columns from its decorators (no DataSource needed: they are read at import). */
function mappingOf(entity: EntityClass) {
  let found = mappings.get(entity);
  if (found) return found;
  const storage = getMetadataArgsStorage();
  const table = storage.filterTables(entity)[0];
  if (!table?.name || !table.schema) throw new Error(`${entity.name} is not an entity with a schema and a table name`);
  const columns = storage.filterColumns(entity).map((c): ColumnMapping => {
    const { type, name, primary, nullable, transformer } = c.options;
    if (typeof type !== 'string' || Array.isArray(transformer)) throw new Error(`${entity.name}.${c.propertyName}: give the column type as text and at most one transformer`);
    return { property: c.propertyName, column: name ?? c.propertyName, type, primary: primary === true, nullable: nullable === true, transformer };
  });
  found = { schema: table.schema, name: table.name, columns };
  mappings.set(entity, found);
  return found;
}

export function tableName(entity: EntityClass): string {
  return mappingOf(entity).name;
}

export function tableSpec(entity: EntityClass): TableSpec {
  const { name, columns } = mappingOf(entity);
  return {
    name,
    key: columns.filter((c) => c.primary).map((c) => c.column),
    columns: Object.fromEntries(columns.map((c) => [c.column, c.type])),
  };
}

/** Each column with its schema, nullability and key membership: what the schema test compares. */
export function tableColumns(entity: EntityClass): { schema: string; name: string; columns: ReadonlyArray<Omit<ColumnMapping, 'transformer'>> } {
  const { schema, name, columns } = mappingOf(entity);
  return { schema, name, columns: columns.map(({ transformer: _t, ...c }) => c) };
}

/** A row read with raw SQL (column names) as the entity TypeORM would load (property names, transformers applied). */
export function entityFromRow<T extends object>(entity: abstract new () => T, row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const c of mappingOf(entity).columns) {
    const value = row[c.column];
    out[c.property] = c.transformer ? c.transformer.from(value) : value;
  }
  return out as T;
}

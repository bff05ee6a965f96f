import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, copyFileSync, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { BACKUP_FORMAT, BACKUP_PARTS, MANIFEST_FILE, type BackupPart, type PartManifest, type RowsOnlyTable, type SequenceValue, type TableData } from './backup-parts.js';
import { ERASURES_FILE, ledgerSha256, ledgerText, readLedger } from './erasure-ledger.js';
import { readSchemaDefinition, unsupportedObjects, type SchemaDefinition } from './schema-definition.js';

const FETCH_ROWS = 2_000;

export interface BackupTargets {
  log: string;
  keys: string;
  /** Where `npm start` keeps its generated secrets; none copied when absent. */
  dataDir?: string;
}

export interface BackupSummary {
  backupId: string;
  parts: Record<BackupPart, { dir: string; tables: number; rows: number; absentSchemas: string[] }>;
  events: number;
  /** Erasures in the keys part's ledger. */
  erasures: number;
}

/**
 * Writes both parts from one snapshot (one REPEATABLE READ transaction): every key the log's
 * events need is in the key store's part, whatever the shop appends meanwhile. Reads only; the
 * shop keeps running. Needs a role that may read both schemas (a superuser, or maintenance).
 */
export async function takeBackup(db: pg.ClientBase, targets: BackupTargets): Promise<BackupSummary> {
  for (const dir of [targets.log, targets.keys]) assertEmptyTarget(dir);
  if (path.resolve(targets.log) === path.resolve(targets.keys)) throw new Error('the log and the keys go to two different directories');
  const backupId = randomUUID();
  await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    // Writing a large table to a slow disk leaves the session idle between fetches.
    await db.query(`SET LOCAL idle_in_transaction_session_timeout = 0`);
    const { rows: [server] } = await db.query<{ version: string; now: Date }>(`SELECT current_setting('server_version') AS version, now()`);
    const hasLog = (await db.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'event_store'`)).rowCount === 1;
    if (!hasLog) throw new Error('this database has no event_store schema: the shop runs on EventStoreDB (back its log up with its own tools) or was never started');
    const summary = { backupId, events: 0, erasures: 0 } as BackupSummary;
    summary.parts = {} as BackupSummary['parts'];
    for (const part of Object.keys(BACKUP_PARTS) as BackupPart[]) {
      const dir = targets[part];
      const manifest = await writePart(db, part, dir, { backupId, takenAt: server.now.toISOString(), postgresVersion: server.version, dataDir: targets.dataDir });
      summary.parts[part] = { dir, tables: manifest.tables.length, rows: manifest.tables.reduce((n, t) => n + t.rows, 0), absentSchemas: manifest.absentSchemas };
      if (manifest.log) summary.events = manifest.log.events;
      if (manifest.erasures) summary.erasures = manifest.erasures.count;
    }
    await db.query('COMMIT');
    return summary;
  } catch (e) {
    await db.query('ROLLBACK').catch(() => undefined);
    // Both were empty or absent: only this attempt's files go.
    for (const dir of [targets.log, targets.keys]) rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

async function writePart(
  db: pg.ClientBase,
  part: BackupPart,
  dir: string,
  about: { backupId: string; takenAt: string; postgresVersion: string; dataDir?: string },
): Promise<PartManifest> {
  const { schemas: wanted, rowsOnlySchemas, dataDirFiles } = BACKUP_PARTS[part];
  const { rows: present } = await db.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname = ANY($1) ORDER BY nspname`, [wanted]);
  const schemas: SchemaDefinition[] = [];
  for (const { nspname } of present) {
    const unsupported = await unsupportedObjects(db, nspname);
    if (unsupported.length > 0) throw new Error(`schema ${nspname} holds what this backup cannot restore: ${unsupported.join(', ')}`);
    schemas.push(await readSchemaDefinition(db, nspname));
  }
  const { rows: rowsOnlyNames } = await db.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = ANY($1) ORDER BY 1`,
    [rowsOnlySchemas],
  );
  // Like pg_dump: no table's shape may change while its rows are read.
  for (const name of [...schemas.flatMap((s) => s.tables.map((t) => t.name)), ...rowsOnlyNames.map((r) => r.name)]) await db.query(`LOCK TABLE ${name} IN ACCESS SHARE MODE`);
  mkdirSync(path.join(dir, 'data'), { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const tables: TableData[] = [];
  for (const [i, t] of schemas.flatMap((s) => s.tables).entries()) {
    const file = `${String(i + 1).padStart(4, '0')}.ndjson.gz`;
    const { rows, sha256 } = await writeRows(db, t.name, path.join(dir, 'data', file));
    tables.push({ table: t.name, file, rows, sha256 });
  }
  const rowsOnly: RowsOnlyTable[] = [];
  for (const [i, { name }] of rowsOnlyNames.entries()) {
    const file = `rows-${String(i + 1).padStart(4, '0')}.ndjson.gz`;
    const { rows: columns } = await db.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [name],
    );
    const { rows, sha256 } = await writeRows(db, name, path.join(dir, 'data', file));
    rowsOnly.push({ table: name, file, rows, sha256, columns: columns.map((c) => c.name) });
  }
  const sequenceValues: SequenceValue[] = [];
  const sequences = [...schemas.flatMap((s) => s.sequences.map((q) => q.name)), ...schemas.flatMap((s) => s.tables.flatMap((t) => t.columns.map((c) => c.sequence)))];
  for (const sequence of sequences.filter((s): s is string => s !== null)) {
    // pg_sequence_last_value needs USAGE only (what a maintenance role has), a SELECT from the sequence more.
    const { rows: [v] } = await db.query<{ last: string | null; start: string }>(
      `SELECT pg_sequence_last_value($1::regclass)::text AS last, seqstart::text AS start FROM pg_sequence WHERE seqrelid = $1::regclass`,
      [sequence],
    );
    sequenceValues.push({ sequence, lastValue: v.last ?? v.start, isCalled: v.last !== null });
  }
  const copied: string[] = [];
  for (const name of dataDirFiles) {
    const from = about.dataDir ? path.join(about.dataDir, name) : undefined;
    if (!from || !existsSync(from)) continue;
    mkdirSync(path.join(dir, 'files'), { recursive: true, mode: 0o700 });
    copyFileSync(from, path.join(dir, 'files', name));
    copied.push(name);
  }
  const manifest: PartManifest = {
    format: BACKUP_FORMAT,
    part,
    backupId: about.backupId,
    takenAt: about.takenAt,
    postgresVersion: about.postgresVersion,
    schemas,
    absentSchemas: wanted.filter((s) => !present.some((p) => p.nspname === s)),
    tables,
    sequenceValues,
    dataDirFiles: copied,
    ...(rowsOnlySchemas.length > 0 ? { rowsOnly } : {}),
  };
  if (part === 'keys') {
    const ledger = ledgerText(await readLedger(db, about));
    writeFileSync(path.join(dir, ERASURES_FILE), ledger, { mode: 0o600 });
    manifest.erasures = { count: (JSON.parse(ledger) as { erasures: unknown[] }).erasures.length, sha256: ledgerSha256(ledger) };
  }
  if (part === 'log') {
    const { rows: [log] } = await db.query<{ events: string; max: string }>(`SELECT count(*)::text AS events, coalesce(max(tx_id), '0')::text AS max FROM event_store.events`);
    manifest.log = { events: Number(log.events), maxTxId: log.max };
  }
  writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** One JSON object a row, gzip, through a server-side cursor (a large log never sits in memory). */
async function writeRows(db: pg.ClientBase, table: string, file: string): Promise<{ rows: number; sha256: string }> {
  const hash = createHash('sha256');
  const gzip = createGzip();
  const out = createWriteStream(file, { mode: 0o600 });
  gzip.on('data', (chunk: Buffer) => hash.update(chunk));
  gzip.pipe(out);
  const closed = once(out, 'close');
  let rows = 0;
  await db.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${table} t`);
  for (;;) {
    const batch = await db.query<{ j: string }>(`FETCH ${FETCH_ROWS} FROM backup_rows`);
    if (batch.rows.length === 0) break;
    rows += batch.rows.length;
    if (!gzip.write(batch.rows.map((r) => r.j).join('\n') + '\n')) await once(gzip, 'drain');
  }
  await db.query('CLOSE backup_rows');
  gzip.end();
  await closed;
  return { rows, sha256: hash.digest('hex') };
}

function assertEmptyTarget(dir: string): void {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty: a backup goes into a new directory`);
}

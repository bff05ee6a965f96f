// `npm run backup [-- <dir>] [--log <dir>] [--keys <dir>]`: the shop's log and its key store, each
// into a directory of its own (default backups/<UTC time>/log and …/keys), from one snapshot, while
// the shop runs or not (with-shop-database.mjs finds its PostgreSQL from DATA_DIR). Connects with
// MAINTENANCE_DATABASE_URL when set, else DATABASE_URL (on the embedded default: its superuser).
import { parseArgs } from 'node:util';
import path from 'node:path';
import pg from 'pg';
import { takeBackup } from './take-backup.js';

const USAGE = 'usage: npm run backup [-- <dir>] [--log <dir>] [--keys <dir>]   (default dir backups/<UTC time>; the log to <dir>/log, the keys to <dir>/keys)';

async function main(): Promise<void> {
  let parsed: { values: { log?: string; keys?: string }; positionals: string[] };
  try {
    parsed = parseArgs({ options: { log: { type: 'string' }, keys: { type: 'string' } }, allowPositionals: true });
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${USAGE}`);
  }
  if (parsed.positionals.length > 1) throw new Error(USAGE);
  const dir = path.resolve(parsed.positionals[0] ?? path.join('backups', new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')));
  const targets = {
    log: path.resolve(parsed.values.log ?? path.join(dir, 'log')),
    keys: path.resolve(parsed.values.keys ?? path.join(dir, 'keys')),
    dataDir: path.resolve(process.env.DATA_DIR ?? '.data'),
  };
  const url = process.env.MAINTENANCE_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('backup needs MAINTENANCE_DATABASE_URL or DATABASE_URL (a role that may read the event_store and keystore schemas)');
  const db = new pg.Client({ connectionString: url, application_name: 'backup' });
  await db.connect();
  try {
    const started = Date.now();
    const summary = await takeBackup(db, targets);
    const { log, keys } = summary.parts;
    console.log(`[backup] ${summary.backupId}: ${summary.events} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`  log   ${log.dir}   (${log.tables} tables, ${log.rows} rows)`);
    console.log(`  keys  ${keys.dir}   (${keys.tables} tables, ${keys.rows} rows${keys.absentSchemas.length ? `; no ${keys.absentSchemas.join(', ')} schema in this database` : ''}; ${summary.erasures} erasure(s) in its ledger)`);
    console.log('  Keep the two apart: the keys open the personal data in the log. Restore with `npm run restore`;');
    console.log('  an older backup is restored with this one\'s ledger (`--erasures`), so whoever was erased since stays erased.');
  } catch (e) {
    if ((e as { code?: string }).code === '42501') throw new Error(`${(e as Error).message}: connect as a superuser or a maintenance role (MAINTENANCE_DATABASE_URL) that may read both schemas`);
    throw e;
  } finally {
    await db.end();
  }
}

main().catch((err) => {
  console.error(`[backup] ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});

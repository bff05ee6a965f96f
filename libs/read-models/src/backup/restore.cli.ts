// `npm run restore -- <dir> --erasures <newer backup, its keys part, or a ledger file>` (or `--
// --log <dir> --keys <dir> …`): a backup of `npm run backup` into an empty DATA_DIR, for the
// embedded PostgreSQL. Starts a new server there, creates the shop's roles, loads the log and the
// key store as they were, runs the migrations and grants as `npm start` does, loads the staff's
// second factors and sessions, applies every erasure of the newer ledger the backup lacks, and
// stops the server. Without `--erasures` it refuses, unless `--accept-unerased` says this is the
// newest backup there is: then `npm start` says so on every start (docs/adr/026). The read models
// are not in a backup: the projector builds them from the log at the next `npm start`.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createEventStore } from '#event-store/create-event-store.js';
import { advanceTransactionIds } from './advance-transaction-ids.js';
import type { BackupPart } from './backup-parts.js';
import { applyLedger, loadLedger, type ErasureLedger } from './erasure-ledger.js';
import { loadBackup, loadRowsOnly, readBackup } from './load-backup.js';

const USAGE = [
  'usage: DATA_DIR=<empty dir> npm run restore -- <backup dir> --erasures <newer backup dir | its keys dir | erasures.json>',
  '       (or --log <dir> --keys <dir> instead of <backup dir>; --accept-unerased instead of --erasures when this is the newest backup there is)',
].join('\n');
const log = (message: string) => console.log(`[restore] ${message}`);

interface RestoreArgs {
  dirs: Record<BackupPart, string>;
  erasures?: string;
  acceptUnerased: boolean;
}

function args(): RestoreArgs {
  let parsed: { values: { log?: string; keys?: string; erasures?: string; 'accept-unerased'?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      options: { log: { type: 'string' }, keys: { type: 'string' }, erasures: { type: 'string' }, 'accept-unerased': { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${USAGE}`);
  }
  const [dir, ...rest] = parsed.positionals;
  if (rest.length > 0 || (!dir && !(parsed.values.log && parsed.values.keys))) throw new Error(USAGE);
  const acceptUnerased = parsed.values['accept-unerased'] === true;
  if (acceptUnerased && parsed.values.erasures) throw new Error(`--erasures and --accept-unerased exclude each other\n${USAGE}`);
  if (!acceptUnerased && !parsed.values.erasures) {
    throw new Error(
      'a backup holds the people erased after it was taken: give the erasure ledger of a newer backup (--erasures <newer backup dir, its keys dir or erasures.json>), ' +
        `or --accept-unerased if this is the newest backup there is (the shop then says on every start that erasures may be missing)\n${USAGE}`,
    );
  }
  return {
    dirs: { log: path.resolve(parsed.values.log ?? path.join(dir, 'log')), keys: path.resolve(parsed.values.keys ?? path.join(dir, 'keys')) },
    erasures: parsed.values.erasures,
    acceptUnerased,
  };
}

/** Runs db-roles.cli.js (beside this file in dist/) against the new server. */
function dbRoles(adminUrl: string, dataDir: string, args: string[]): void {
  const script = path.join(import.meta.dirname, '../roles/db-roles.cli.js');
  const r = spawnSync(process.execPath, [script, ...args], { env: { ...process.env, DATABASE_URL: adminUrl, DATA_DIR: dataDir, EVENT_STORE: 'postgres' }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`database roles${args.includes('--roles-only') ? '' : ' and migrations'} failed (exit ${r.status})`);
}

async function main(): Promise<void> {
  const { dirs, erasures, acceptUnerased } = args();
  if (process.env.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: restore makes a new embedded PostgreSQL in an empty DATA_DIR and never writes an existing server. Unset it (or restore into an embedded shop, then move the data with your own tools).');
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`DATA_DIR ${dataDir} is not empty (${readdirSync(dataDir).slice(0, 5).join(', ')}…): restore only into an empty directory, so nothing of another shop mixes in. Set DATA_DIR to a new directory.`);
  }
  // Every file checked before anything is made.
  const manifests = readBackup(dirs);
  let ledger: ErasureLedger | undefined;
  if (erasures) {
    ledger = loadLedger(erasures);
    if (Date.parse(ledger.takenAt) < Date.parse(manifests.keys.takenAt)) {
      throw new Error(`the ledger given (${ledger.takenAt}) is older than the backup (${manifests.keys.takenAt}): give a ledger taken after it`);
    }
  }
  const started = Date.now();
  log(`backup ${manifests.log.backupId} of ${manifests.log.takenAt}: ${manifests.log.log!.events} events; keys: ${manifests.keys.schemas.map((s) => s.name).join(', ') || 'no key store'}`);
  const createdDataDir = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const servers = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
  const { UNERASED_RESTORE_FILE } = (await import(pathToFileURL(path.resolve('libs/platform/bin/unerased-restore.mjs')).href)) as { UNERASED_RESTORE_FILE: string };
  let server: { url: string; stop: () => Promise<void> } | undefined;
  try {
    server = (await servers.startPostgres({ dir: path.join(dataDir, 'postgres') })) as { url: string; stop: () => Promise<void> };
    const db = new pg.Client({ connectionString: server.url, application_name: 'restore' });
    await db.connect();
    try {
      const past = BigInt(manifests.log.log!.maxTxId);
      await advanceTransactionIds(db, past, (done, total) => {
        if (total > 5_000_000n) process.stderr.write(`\r[restore] moving the new server's transaction counter past the log's: ${done} of ${total}   `);
      });
      dbRoles(server.url, dataDir, ['--roles-only']);
      const report = await loadBackup(db, dirs, manifests);
      log(`loaded ${report.tables} tables, ${report.rows} rows`);
      if (report.missingRoles.length > 0) log(`roles of the backup this server lacks (their objects stay the superuser's): ${report.missingRoles.join(', ')}`);
      for (const name of manifests.keys.dataDirFiles) {
        const to = path.join(dataDir, name);
        copyFileSync(path.join(dirs.keys, 'files', name), to);
        chmodSync(to, 0o600);
      }
      // Migrations past the backup's, and each role's rights, exactly as every `npm start` does.
      dbRoles(server.url, dataDir, []);
      const staffRows = await loadRowsOnly(db, dirs.keys, manifests.keys);
      log(`staff sign-in state (second factors, recovery codes, sessions): ${staffRows} rows`);
      let appended = 0;
      if (ledger) {
        const store = await createEventStore({ kind: 'postgres', connectionString: server.url, keyStore: 'off', poolSize: 1 });
        try {
          const applied = await applyLedger(db, store, ledger);
          appended = applied.appended + applied.holdsAppended;
          log(`erasures of ${ledger.takenAt}: ${ledger.erasures.length} in the ledger, ${applied.appended} newer than the backup appended to its log, ${applied.holdsAppended} held erasure(s) appended, ${applied.keysDestroyed} key(s) destroyed`);
        } finally {
          await store.close();
        }
      } else {
        writeFileSync(path.join(dataDir, UNERASED_RESTORE_FILE), `${JSON.stringify({ backupId: manifests.log.backupId, takenAt: manifests.log.takenAt, restoredAt: new Date().toISOString() })}\n`, { mode: 0o600 });
        log(`--accept-unerased: people erased after ${manifests.log.takenAt} are back in this shop until erased again; \`npm start\` says so while DATA_DIR/${UNERASED_RESTORE_FILE} exists`);
      }
      const { rows: [check] } = await db.query<{ events: string; visible: boolean }>(
        `SELECT count(*)::text AS events, coalesce(max(tx_id) < pg_snapshot_xmin(pg_current_snapshot()), true) AS visible FROM event_store.events`,
      );
      if (Number(check.events) !== manifests.log.log!.events + appended || !check.visible) throw new Error(`the restored log does not read back whole (${check.events} events)`);
    } finally {
      await db.end();
    }
  } catch (e) {
    await server?.stop().catch(() => undefined);
    // It was empty: nothing but this attempt is lost.
    if (createdDataDir) rmSync(dataDir, { recursive: true, force: true });
    else for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    throw new Error(`${(e as Error).message}\n(${dataDir} emptied again)`);
  }
  await server.stop();
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s: DATA_DIR=${dataDir}. Start the shop on it (\`npm start\`): the projector builds the read models from the log.`);
  if (!manifests.keys.dataDirFiles.includes('admin-password')) log('the admin accounts are those of the backup, with their passwords');
}

main().catch((err) => {
  console.error(`[restore] ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});

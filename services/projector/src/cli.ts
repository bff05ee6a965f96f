// `npm run projector -- rebuild <name>`: rebuilds a projection from position 0 beside its live
// tables and swaps when caught up. The request goes to projector.rebuild_requests; the
// replica owning the projection takes it within a second. When no replica runs, this process
// takes the projection itself (without counting as a replica) and does the work.
// `npm run projector -- protect-personal-data [--batch N]`: encrypts the personal data of events
// written before encryption existed, in place (docs/adr/013), as the maintenance role; prints
// what it did as one JSON line.
import pg from 'pg';
import { PostgresKeyStore } from '#event-store/personal-data/key-store.js';
import { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
import { actAsMaintenance, assertLogIdle, protectPersonalData } from './personal-data/protect-personal-data.js';
import { createEventStore } from '#event-store/create-event-store.js';
import { eventStoreIdentity } from '#event-store/event-store-identity.js';
import { runReadModelMigrations } from '#read-models/data-source.js';
import { assertEventStoreIdentity } from '#read-models/projector-state/event-store-identity.js';
import { loadCheckpoint, positionOf } from '#read-models/projector-state/checkpoints.js';
import { loadRebuildRequest, requestRebuild } from '#read-models/projector-state/rebuild-requests.js';
import { projectorConfigFromEnv } from './projector-config.js';
import { ALL_PROJECTIONS } from '#read-models/projections/all-projections.js';
import { ProjectorRunner } from './runner/runner.js';
import { rebuildDoneLine, rebuildProgressLine } from './rebuild-progress.js';

const USAGE =
  'usage: npm run projector -- rebuild <projection>   (projections: ' + ALL_PROJECTIONS.map((p) => p.name).join(', ') + ')\n' +
  '       npm run projector -- protect-personal-data [--batch <events>]';

async function rebuild(name: string): Promise<void> {
  const projection = ALL_PROJECTIONS.find((p) => p.name === name);
  if (!projection) throw new Error(`unknown projection "${name}"\n${USAGE}`);
  const config = projectorConfigFromEnv();
  await runReadModelMigrations(config.databaseUrl);
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });
  pool.on('error', (err) => console.error(`[projector] idle database connection failed: ${err.message}`));
  // A rebuild from another log would mix its positions with the other projections'.
  await assertEventStoreIdentity(pool, eventStoreIdentity(config.eventStore));
  const store = await createEventStore(config.eventStore);
  const requestId = (await requestRebuild(pool, name)).id;
  process.stderr.write(`rebuild of ${name} requested (#${requestId})\n`);
  const helper = new ProjectorRunner({
    store, pool, databaseUrl: config.databaseUrl, projections: [projection], replicaId: `cli-${process.pid}`, countAsReplica: false,
  });
  await helper.start();
  try {
    for (;;) {
      const request = await loadRebuildRequest(pool, requestId);
      const build = await loadCheckpoint(pool, name, 'build');
      if (request?.status === 'done') break;
      if (build?.status === 'failed') throw new Error(`rebuild failed: ${build.lastError}`);
      const head = await store.headPosition();
      if (build) process.stderr.write(`\r${rebuildProgressLine(name, positionOf(build), head, build.owner)}   `);
      await new Promise((r) => setTimeout(r, 200));
    }
    const live = await loadCheckpoint(pool, name, 'live');
    process.stderr.write(`\n${rebuildDoneLine(name, live && positionOf(live))}\n`);
  } finally {
    await helper.stop();
    await store.close();
    await pool.end();
  }
}

/** MAINTENANCE_DATABASE_URL, else DATABASE_URL (on the embedded default, the superuser `npm run projector` finds). */
async function protect(args: string[]): Promise<void> {
  const batchArg = args.indexOf('--batch');
  const batchSize = batchArg >= 0 ? Number(args[batchArg + 1]) : 500;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) throw new Error('--batch must be a whole number of events from 1 to 10000');
  const url = process.env.MAINTENANCE_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('protect-personal-data needs MAINTENANCE_DATABASE_URL (the shop_maintenance role or a superuser)');
  if ((process.env.EVENT_STORE ?? 'postgres').trim().toLowerCase() !== 'postgres') {
    throw new Error('protect-personal-data rewrites the PostgreSQL event store only; on EventStoreDB see docs/adr/013 (new streams, then delete and scavenge)');
  }
  const client = new pg.Client({ connectionString: url, application_name: 'protect-personal-data' });
  await client.connect();
  let keys: PostgresKeyStore | undefined;
  try {
    const as = await actAsMaintenance(client);
    await assertLogIdle(client);
    // After the check, which counts every key-store connection as a process using the log.
    keys = await PostgresKeyStore.connect({ connectionString: url, poolSize: 1 });
    process.stderr.write(`[protect-personal-data] rewriting the log as ${as}, ${batchSize} events a batch\n`);
    const report = await protectPersonalData(client, new PersonalDataCipher(keys), {
      batchSize,
      progress: (r) => process.stderr.write(`\r[protect-personal-data] ${r.scanned} read, ${r.encrypted} encrypted, ${r.snapshotsDeleted} snapshots deleted   `),
    });
    process.stderr.write(
      `\n[protect-personal-data] done: ${report.encrypted} events encrypted, ${report.alreadyEncrypted} already were, ${report.snapshotsDeleted} snapshots deleted, ` +
        `${report.streamsRenamed} subscriber streams renamed (${report.streamsKept} kept). Rebuild every projection now, so people are keyed by subject: ` +
        `npm run projector -- rebuild <projection>.\n`,
    );
    // The plain versions stay as dead rows until a vacuum; a full one rewrites the table's files
    // without them (the shop is stopped, so its exclusive lock costs nothing). Only a superuser may.
    await client.query('RESET ROLE');
    const superuser = (await client.query<{ su: boolean }>(`SELECT rolsuper AS su FROM pg_roles WHERE rolname = current_user`)).rows[0]?.su === true;
    if (superuser && report.encrypted + report.snapshotsDeleted + report.streamsRenamed > 0) await client.query('VACUUM (FULL, ANALYZE) event_store.events, event_store.streams');
    else if (!superuser) process.stderr.write('[protect-personal-data] the old plain rows remain as dead rows until VACUUM (FULL) event_store.events runs as its owner or a superuser\n');
    console.log(JSON.stringify({ command: 'protect-personal-data', ...report, vacuumedFull: superuser }));
  } finally {
    await keys?.close();
    await client.end();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, name] = argv;
  if (command === 'rebuild' && name) return rebuild(name);
  if (command === 'protect-personal-data') return protect(argv.slice(1));
  throw new Error(USAGE);
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  // 3: refused (not the maintenance role, or the log in use); 1: failed.
  process.exit(err instanceof Error && (err.name === 'NotMaintenance' || err.name === 'LogInUse') ? 3 : 1);
});

// `npm run projector -- rebuild <name>`: rebuilds a projection from position 0 beside its live
// tables and swaps when caught up. The request goes to projector.rebuild_requests; the
// replica owning the projection takes it within a second. When no replica runs, this process
// takes the projection itself (without counting as a replica) and does the work.
import pg from 'pg';
import { createEventStore } from '#event-store/create-event-store.js';
import { eventStoreIdentity } from '#event-store/event-store-identity.js';
import { runReadModelMigrations } from '#read-models/data-source.js';
import { assertEventStoreIdentity } from '#read-models/projector-state/event-store-identity.js';
import { loadCheckpoint } from '#read-models/projector-state/checkpoints.js';
import { loadRebuildRequest, requestRebuild } from '#read-models/projector-state/rebuild-requests.js';
import { projectorConfigFromEnv } from './projector-config.js';
import { ALL_PROJECTIONS } from '#read-models/projections/all-projections.js';
import { ProjectorRunner } from './runner/runner.js';

const USAGE = 'usage: npm run projector -- rebuild <projection>   (projections: ' + ALL_PROJECTIONS.map((p) => p.name).join(', ') + ')';

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
      if (build) process.stderr.write(`\r${name}: built to ${build.preparePosition} of ${head.prepare} (by ${build.owner})   `);
      await new Promise((r) => setTimeout(r, 200));
    }
    process.stderr.write(`\n${name}: rebuilt and swapped in\n`);
  } finally {
    await helper.stop();
    await store.close();
    await pool.end();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, name] = argv;
  if (command === 'rebuild' && name) return rebuild(name);
  throw new Error(USAGE);
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

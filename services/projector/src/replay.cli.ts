// `npm run replay -- --until <ISO time> --schema <name>`: the read models as they stood at
// that moment, built into schema <name> (dropped first), with a progress bar on stderr.
import pg from 'pg';
import { parseArgs } from 'node:util';
import { createEventStore } from '#event-store/create-event-store.js';
import { runReadModelMigrations } from '#read-models/data-source.js';
import { projectorConfigFromEnv } from './projector-config.js';
import { ALL_PROJECTIONS } from './projections/index.js';
import { replayUntil, type ReplayProgress } from './replay/replay-until.js';

function bar(p: ReplayProgress): string {
  const total = Number(p.head.prepare) || 1;
  const done = Math.min(1, Math.max(0, Number(p.position.prepare) / total));
  const width = 30;
  const filled = Math.round(done * width);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(done * 100).toFixed(1).padStart(5)}%  ${p.events} events`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { until: { type: 'string' }, schema: { type: 'string' } } });
  const until = values.until ? new Date(values.until) : undefined;
  if (!until || Number.isNaN(until.getTime()) || !values.schema || !/^[a-z_][a-z0-9_]*$/.test(values.schema) || ['read', 'projector', 'event_store', 'public'].includes(values.schema)) {
    throw new Error('usage: npm run replay -- --until <ISO time> --schema <new_schema_name> (lower-case, not read/projector/event_store/public)');
  }
  const config = projectorConfigFromEnv();
  await runReadModelMigrations(config.databaseUrl);
  const store = await createEventStore(config.eventStore);
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: ALL_PROJECTIONS.length + 2 });
  pool.on('error', (err) => console.error(`[replay] idle database connection failed: ${err.message}`));
  try {
    const started = Date.now();
    const result = await replayUntil({ store, pool, projections: ALL_PROJECTIONS, schema: values.schema, until, onProgress: (p) => process.stderr.write(bar(p)) });
    process.stderr.write(`\n${result.events} events up to ${until.toISOString()} replayed into schema ${values.schema} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await store.close();
    await pool.end();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

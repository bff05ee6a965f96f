// `npm run replay -- --until <ISO time> --schema <name>`: the read models as they stood at that
// moment, built into schema <name>.
// `npm run replay -- --projection <file> --schema <name> [--until <ISO time>]`: an analyst's own
// projection (see replay/analyst-projection.ts) built from the log into schema <name>.
// Either way the schema is dropped first, a progress bar goes to stderr, and the live read
// models and the log are left alone.
import pg from 'pg';
import { parseArgs } from 'node:util';
import { createEventStore } from '#event-store/create-event-store.js';
import { runReadModelMigrations } from '#read-models/data-source.js';
import { projectorConfigFromEnv } from './projector-config.js';
import { ALL_PROJECTIONS } from '#read-models/projections/all-projections.js';
import { loadAnalystProjection } from './replay/analyst-projection.js';
import { progressBar } from './replay/progress-bar.js';
import { replayAnalystProjection } from './replay/replay-analyst-projection.js';
import type { ReplayProgress } from './replay/replay-log.js';
import { replaySchemaProblem } from './replay/replay-schema.js';
import { replayUntil } from './replay/replay-until.js';

const USAGE = [
  'usage: npm run replay -- --until <ISO time> --schema <new_schema>                      the read models as they stood then',
  '       npm run replay -- --projection <file.ts|.js> --schema <new_schema> [--until <ISO time>]   your own projection',
  '(schema: lower-case, not read/projector/event_store/public)',
].join('\n');

function usage(problem: string): Error {
  return new Error(`${problem}\n${USAGE}`);
}

async function main(): Promise<void> {
  let values: { until?: string; schema?: string; projection?: string };
  try {
    ({ values } = parseArgs({ options: { until: { type: 'string' }, schema: { type: 'string' }, projection: { type: 'string' } } }));
  } catch (e) {
    throw usage((e as Error).message);
  }
  const until = values.until === undefined ? undefined : new Date(values.until);
  if (until && Number.isNaN(until.getTime())) throw usage(`--until ${values.until}: not a date and time (e.g. 2026-11-01T00:00:00Z)`);
  if (!until && !values.projection) throw usage('--until is required (or --projection)');
  const schemaProblem = replaySchemaProblem(values.schema);
  if (schemaProblem) throw usage(schemaProblem);
  const schema = values.schema!;
  // Load the module before touching the database: a broken file costs nothing.
  const analyst = values.projection ? await loadAnalystProjection(values.projection) : undefined;

  const config = projectorConfigFromEnv();
  await runReadModelMigrations(config.databaseUrl);
  const store = await createEventStore(config.eventStore);
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: ALL_PROJECTIONS.length + 2 });
  pool.on('error', (err) => console.error(`[replay] idle database connection failed: ${err.message}`));
  const onProgress = (p: ReplayProgress) => process.stderr.write(progressBar(p));
  try {
    const started = Date.now();
    const result = analyst
      ? await replayAnalystProjection({ store, pool, analyst: analyst.projection, file: analyst.path, schema, until, onProgress })
      : await replayUntil({ store, pool, projections: ALL_PROJECTIONS, schema, until: until!, onProgress });
    const what = analyst ? `${values.projection} built from ${result.events} events` : `${result.events} events replayed`;
    process.stderr.write(`\n${what}${until ? ` up to ${until.toISOString()}` : ''} into schema ${schema} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await store.close();
    await pool.end();
  }
}

main().catch((err) => {
  // A bar may be half drawn: the message starts on a line of its own.
  console.error(`\n${err instanceof Error ? err.message : err}`);
  process.exit(1);
});

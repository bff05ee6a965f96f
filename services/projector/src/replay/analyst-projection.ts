import { existsSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RecordedEvent } from '#event-store/event-store.port.js';
import type { Projection, ProjectionContext } from '#read-models/projections/projection.js';
import { REPLAY_INFO_TABLE } from './replay-schema.js';

/**
 * An analyst's own projection, the default export of a module given to
 * `npm run replay -- --projection <file>`: the shape of the shop's projections
 * (libs/read-models/src/projections/projection.ts), so one of theirs can be copied and changed,
 * minus what only the live projector needs (a name, a version). Example: examples/projections/.
 */
export interface AnalystProjection {
  /** The event types it reads: only these are read from the log. */
  readonly eventTypes: readonly string[];
  /** Its tables, each as the column list inside `CREATE TABLE <name> ( … )`, created empty before the replay. */
  readonly tables: Readonly<Record<string, string>>;
  /**
   * Folds a batch of events (log order) into its tables, in one transaction: `ctx.sql` runs SQL
   * and `ctx.table('name')` names one of its tables in the replay's schema. It runs as a role
   * that reaches that schema only, so it cannot touch the live read models or the log.
   */
  handle(events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void>;
}

const USAGE = 'its default export must be { eventTypes: string[], tables: { name: "column definitions" }, handle(events, ctx) } (see examples/projections/)';

/**
 * Imports the analyst's module. A path is relative to where the command was typed (npm runs
 * scripts from the project root and says where the user was in INIT_CWD). A .ts module is
 * compiled on import by @swc/core, as the project's own code is (typescript-hooks.ts).
 */
export async function loadAnalystProjection(file: string, env: NodeJS.ProcessEnv = process.env): Promise<{ projection: AnalystProjection; path: string }> {
  const absolute = path.resolve(env.INIT_CWD ?? process.cwd(), file);
  if (!existsSync(absolute)) throw new Error(`projection module not found: ${absolute}`);
  if (/\.[cm]?ts$/.test(absolute)) register('./typescript-hooks.js', import.meta.url);
  const mod = (await import(pathToFileURL(absolute).href)) as { default?: unknown };
  return { projection: checkAnalystProjection(mod.default, absolute), path: absolute };
}

function checkAnalystProjection(value: unknown, file: string): AnalystProjection {
  const fail = (problem: string): never => {
    throw new Error(`${file}: ${problem}; ${USAGE}`);
  };
  if (typeof value !== 'object' || value === null) return fail('no default export object');
  const p = value as Partial<AnalystProjection>;
  if (!Array.isArray(p.eventTypes) || p.eventTypes.length === 0 || !p.eventTypes.every((t) => typeof t === 'string' && t)) fail('eventTypes must be a non-empty list of event types');
  if (typeof p.tables !== 'object' || p.tables === null || Object.keys(p.tables).length === 0) fail('tables must name at least one table');
  for (const [name, columns] of Object.entries(p.tables!)) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) fail(`table name "${name}": use lower-case letters, digits and _`);
    if (name === REPLAY_INFO_TABLE) fail(`table name "${name}" is taken by the replay's own record`);
    if (typeof columns !== 'string' || !columns.trim()) fail(`table "${name}" needs its column definitions as text`);
  }
  if (typeof p.handle !== 'function') fail('handle must be a function');
  return p as AnalystProjection;
}

/** The runner's view of it: a projection of its own tables, run as `role` so nothing else is in reach. */
export function asProjection(name: string, analyst: AnalystProjection, role: string): Projection {
  return {
    name,
    version: 1,
    eventTypes: analyst.eventTypes,
    tables: Object.keys(analyst.tables),
    async handle(events, ctx) {
      await ctx.sql(`SET LOCAL ROLE ${role}`);
      await analyst.handle(events, ctx);
    },
  };
}

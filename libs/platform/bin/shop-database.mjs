// Where the shop's database is, for the analyst and operator commands (`npm run replay`,
// `npm run projector`), found the way `npm start` made it: DATABASE_URL when set; else the
// embedded PostgreSQL whose data `npm start` keeps in DATA_DIR/postgres. Plain Node: it runs
// before the command's own code.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { embeddedPostgresUrls, readPostmasterPid, readSuperuserPassword, startPostgres } from './local-servers.mjs';

/** The same default as `npm start`: DATA_DIR, else `.data/` in the project. */
export function shopDataDir(env = process.env) {
  return path.resolve(env.DATA_DIR ?? '.data');
}

/**
 * @returns {Promise<{ url: string, how: string, stop: () => Promise<void> }>}
 * `stop` stops the server only when this call started it (the shop was stopped).
 */
export async function findShopDatabase(env = process.env) {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, how: 'DATABASE_URL', stop: async () => {} };
  const dataDir = shopDataDir(env);
  const pgDir = path.join(dataDir, 'postgres');
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    throw new Error(`No shop database in ${dataDir}: start the shop once with \`npm start\` (same DATA_DIR), or set DATABASE_URL.`);
  }
  const running = await runningEmbeddedPostgres(pgDir);
  if (running) return { url: running, how: `the running shop's PostgreSQL (${pgDir})`, stop: async () => {} };
  const pg = await startPostgres({ dir: pgDir });
  return { url: pg.url, how: `PostgreSQL started on ${pgDir} for this command (the shop is stopped; stopped again at the end)`, stop: pg.stop };
}

/**
 * The URL of the server running on `pgDir`, or undefined when none is. PostgreSQL writes its
 * port and socket directory in postmaster.pid; a pid file can outlive its server (kill -9) and a port can be
 * reused, so the answer counts only once a server on that port says its data directory is this one.
 */
async function runningEmbeddedPostgres(pgDir) {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const { pid, port, socketDir } = readPostmasterPid(pgDir);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || port <= 0 || !alive(pid)) return undefined;
  const { url } = embeddedPostgresUrls(port, undefined, readSuperuserPassword(pgDir), socketDir);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query(`SELECT current_setting('data_directory') AS dir`);
    if (realpathSync(rows[0].dir) === realpathSync(pgDir)) return url;
  } catch (e) {
    // Alive but not answering: starting up or shutting down. Starting a second server on the same
    // data would fail anyway, so say what is going on instead.
    throw new Error(`PostgreSQL on ${pgDir} (pid ${pid}, port ${port}) does not answer (${e.message}): is the shop starting or stopping? Try again in a moment.`);
  } finally {
    await client.end().catch(() => {});
  }
  return undefined;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

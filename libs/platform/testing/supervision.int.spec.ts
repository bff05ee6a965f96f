import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error: plain-Node launcher module without type declarations
import { freePort } from '../bin/local-servers.mjs';
// @ts-expect-error: plain-Node launcher module without type declarations
import { superviseChild } from '../bin/supervisor.mjs';
import { alive, childPids, exited } from '../src/testing/process-tree.js';
import { until } from '../src/testing/until.js';

const root = path.resolve(import.meta.dirname, '../../..');

describe('superviseChild', () => {
  const fast = { initialDelayMs: 100, maxDelayMs: 1000, resetAfterMs: 10_000, crashWindowMs: 10_000, maxCrashesInWindow: 2 };

  it('restarts a crashing child with growing delays, then gives up', async () => {
    const logs: string[] = [];
    let spawned = 0;
    const gaveUp = new Promise<string>((resolve) => {
      superviseChild({
        name: 'crasher',
        spawnChild: () => {
          spawned++;
          return spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
        },
        log: (m: string) => logs.push(m),
        onGiveUp: resolve,
        policy: fast,
      });
    });
    expect(await gaveUp).toBe('crasher exited (3); it crashed 3 times within 10 s: giving up');
    expect(logs).toEqual(['crasher exited (3); restarting in 0.1 s (restart 1)', 'crasher exited (3); restarting in 0.2 s (restart 2)']);
    expect(spawned).toBe(3);
  });

  it('does not restart a child it was asked to stop', async () => {
    const logs: string[] = [];
    const child = superviseChild({
      name: 'sleeper',
      spawnChild: () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }),
      log: (m: string) => logs.push(m),
      onGiveUp: (m: string) => logs.push(m),
      policy: fast,
    });
    const pid = child.pid;
    expect(pid).toEqual(expect.any(Number));
    await child.stop();
    expect(alive(pid)).toBe(false);
    expect(child.pid).toBeUndefined();
    // The exit handler logs synchronously, before stop() resolves: a restart would be listed here.
    expect(logs).toEqual([]);
  });
});

describe('superviseChild with a server that takes time to start', () => {
  const fast = { initialDelayMs: 100, maxDelayMs: 1000, resetAfterMs: 10_000, crashWindowMs: 10_000, maxCrashesInWindow: 2 };

  it('takes over a child already running, counts a start that fails as a crash, and stop() aborts a start in progress', async () => {
    const logs: string[] = [];
    let attempts = 0;
    const first = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const server = superviseChild({
      name: 'server',
      child: first,
      spawnChild: ({ signal }: { signal: AbortSignal }) => {
        attempts++;
        if (attempts === 1) return Promise.reject(new Error('not ready'));
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      },
      log: (m: string) => logs.push(m),
      onGiveUp: (m: string) => logs.push(m),
      policy: fast,
    });
    expect(server.pid).toBe(first.pid);
    expect(attempts).toBe(0);
    first.kill('SIGKILL');
    await until('a second start in progress', () => attempts === 2 || undefined, 5000);
    expect(logs).toEqual(['server exited (SIGKILL); restarting in 0.1 s (restart 1)', 'server exited (not ready); restarting in 0.2 s (restart 2)']);
    expect(server.pid).toBeUndefined();
    await server.stop();
    expect(logs).toHaveLength(2);
  });
});

describe('npm start when a child is killed', () => {
  let stack: ChildProcess;
  let dataDir: string;
  let base: string;
  const logFile = () => path.join(dataDir, 'stack.log');
  const logTail = () => (existsSync(logFile()) ? `--- stack log ---\n${readFileSync(logFile(), 'utf8').split('\n').slice(-30).join('\n')}` : '');
  const startLines = () => readFileSync(logFile(), 'utf8').split('\n').filter((l) => l.startsWith('[start]'));
  const onlyChild = (needle: string) => until(`one ${needle}`, () => {
    const pids = childPids(stack.pid!, needle);
    return pids.length === 1 ? pids[0] : undefined;
  }, { timeoutMs: 20_000, context: logTail });
  const healthy = async () => (await fetch(`${base}/api/health`)).status === 200 || undefined;
  const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
    const port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'poster-shop-supervise-'));
    // As root, PostgreSQL runs as the postgres user, which must be able to enter this directory.
    chmodSync(dataDir, 0o755);
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', SEED_DEMO: '0', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'supervise-admin-password' };
    // Like a bare `npm start`: its own embedded PostgreSQL, not the servers of the jest global setup.
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'PROJECTOR_PORT', 'PG_PORT', 'npm_lifecycle_event']) delete env[key];
    const out = openSync(logFile(), 'a');
    stack = spawn(process.execPath, ['libs/platform/bin/start.mjs'], { cwd: root, env, stdio: ['ignore', out, out], detached: true });
    base = `http://127.0.0.1:${port}`;
    await until('/api/health', healthy, { timeoutMs: 40_000, child: stack, context: logTail });
  }, 60_000);

  afterAll(() => {
    if (stack) {
      try {
        process.kill(-stack.pid!, 'SIGKILL');
      } catch {
        /* the group is gone */
      }
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('restarts the API after SIGKILL, and the API answers again', async () => {
    const postgres = postmasterPid();
    const api = await onlyChild('services/api/src/main.js');
    process.kill(api, 'SIGKILL');
    const restarted = await until('a new API process', () => childPids(stack.pid!, 'services/api/src/main.js').find((pid) => pid !== api), { timeoutMs: 10_000, context: logTail });
    await until('/api/health 200 from the new API', healthy, { timeoutMs: 30_000, context: logTail });

    expect(restarted).not.toBe(api);
    expect(startLines()).toContain('[start] api exited (SIGKILL); restarting in 0.5 s (restart 1)');
    expect(stack.exitCode).toBeNull();
    // The embedded PostgreSQL was not restarted with it.
    expect(postmasterPid()).toBe(postgres);
    expect(alive(postgres)).toBe(true);
  });

  it('restarts the projector after SIGKILL, and it projects what the API appended meanwhile', async () => {
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'supervise-admin-password' }),
    });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}`, 'content-type': 'application/json' };

    const projector = await onlyChild('services/projector/src/main.js');
    process.kill(projector, 'SIGKILL');
    // Appended only once the old projector is gone, so only a restarted one can project it.
    await until('the killed projector to be reaped', () => !childPids(stack.pid!, 'services/projector/src/main.js').includes(projector) || undefined, { timeoutMs: 10_000, context: logTail });
    const text = `Back after a crash ${Date.now()}`;
    const change = await fetch(`${base}/api/admin/announcement`, { method: 'POST', headers: auth, body: JSON.stringify({ text }) });
    expect(change.status).toBe(200);

    await until('the announcement in the read model', async () => {
      const res = await fetch(`${base}/api/admin/announcement`, { headers: auth });
      return ((await res.json()) as { text: string }).text === text || undefined;
    }, { timeoutMs: 30_000, context: logTail });
    const now = childPids(stack.pid!, 'services/projector/src/main.js');
    expect(now).toHaveLength(1);
    expect(now).not.toContain(projector);
    expect(startLines()).toContain('[start] projector exited (SIGKILL); restarting in 0.5 s (restart 1)');
    expect(stack.exitCode).toBeNull();
  });

  it('still stops everything, with exit code 0, on SIGTERM after the restarts', async () => {
    const servers = [...childPids(stack.pid!, 'src/main.js'), postmasterPid()];
    expect(servers).toHaveLength(3);
    stack.kill('SIGTERM');
    expect(await exited(stack, 25_000)).toBe(0);
    for (const pid of servers) await until(`process ${pid} to stop`, () => !alive(pid) || undefined, 5000);
  }, 35_000);
});

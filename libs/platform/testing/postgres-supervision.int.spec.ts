/**
 * `npm start` keeps its embedded PostgreSQL running as it keeps the API and the projector: a
 * postmaster killed outright (SIGKILL, under shoppers' traffic) is started again with the same
 * back-off, only once every process of the killed server has let go of its shared memory, and is
 * declared up once crash recovery is done; meanwhile /api/health says the database is restarting.
 * One of the killed server's processes is held stopped (SIGSTOP) across the kill, so the wait for
 * it is observed for as long as the test needs, not raced.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
// @ts-expect-error: plain-Node launcher module without type declarations
import { freePort, readPostmasterPid } from '../bin/local-servers.mjs';
import { shopRoleUrls } from '../src/testing/shop-role-urls.js';
import { rowsAs, stackLogFile, stackLogTail, stopStartedStack } from '../src/testing/started-stack.js';
import { UNBOUNDED_BUDGETS } from '../src/testing/unbounded-budgets.js';
import { alive, childPids, exited } from '../src/testing/process-tree.js';
import { until } from '../src/testing/until.js';

const root = path.resolve(import.meta.dirname, '../../..');
const HEALTH_TOKEN = 'supervised-postgres-health-token-0123456789';
const CHECKOUT = { firstName: 'Mona', lastName: 'Hassan', addressLine: '12 Tahrir St', building: '4', apartment: '7', city: 'Cairo', governorate: 'CAIRO', paymentMethod: 'COD' };

describe('npm start when its PostgreSQL is killed', () => {
  let stack: ChildProcess;
  let dataDir: string;
  let base: string;
  let held: number | undefined;
  const logTail = () => stackLogTail(dataDir);
  const startLines = () => readFileSync(stackLogFile(dataDir), 'utf8').split('\n').filter((l) => l.startsWith('[start]'));
  const pgDir = () => path.join(dataDir, 'postgres');
  const health = async (token?: string) => {
    const res = await fetch(`${base}/api/health`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, text: await res.text() };
  };

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
    const port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'poster-shop-pg-supervise-'));
    chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...UNBOUNDED_BUDGETS,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'pg-supervise-admin-password',
      HEALTH_TOKEN,
    };
    // Like a bare `npm start`: its own embedded PostgreSQL (which this suite kills), not the shared test server.
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'PROJECTOR_PORT', 'PG_PORT', 'npm_lifecycle_event']) delete env[key];
    const out = openSync(stackLogFile(dataDir), 'a');
    stack = spawn(process.execPath, ['libs/platform/bin/start.mjs'], { cwd: root, env, stdio: ['ignore', out, out], detached: true });
    base = `http://127.0.0.1:${port}`;
    await until('/api/health', async () => (await health()).status === 200 || undefined, { timeoutMs: 90_000, child: stack, context: logTail });
  }, 150_000);

  afterAll(async () => {
    // Never leave a stopped process behind, whatever failed.
    if (held) {
      try {
        process.kill(held, 'SIGCONT');
      } catch {
        /* gone */
      }
    }
    await stopStartedStack(stack, dataDir);
  }, 30_000);

  it('stores every role password as SCRAM and accepts nothing weaker', async () => {
    const urls = await shopRoleUrls(dataDir);
    const stored = await rowsAs<{ rolname: string; kind: string }>(urls.superuser, `SELECT rolname, left(rolpassword, 14) AS kind FROM pg_authid WHERE rolpassword IS NOT NULL ORDER BY rolname`);
    expect(stored.map((r) => r.rolname)).toEqual(expect.arrayContaining(['postgres', 'shop_api', 'shop_key_reader', 'shop_keystore', 'shop_maintenance', 'shop_owner', 'shop_projector']));
    expect(new Set(stored.map((r) => r.kind))).toEqual(new Set(['SCRAM-SHA-256$']));
    expect(await rowsAs(urls.superuser, 'SELECT DISTINCT auth_method FROM pg_hba_file_rules')).toEqual([{ auth_method: 'scram-sha-256' }]);
  });

  it('restarts a postmaster killed under load once its orphans exit, says "restarting" meanwhile, and the shop answers again by itself', async () => {
    const posters = (await (await fetch(`${base}/api/public/posters?page=1&limit=1`)).json()) as { posters: { id: string }[] };
    const posterId = posters.posters[0].id;
    const statuses: number[] = [];
    let placedAfter = 0;
    let recovered = false;
    let running = true;
    // Shoppers who never retry by hand: each loop makes a cart and checks it out, answer after answer.
    const shopper = async (n: number) => {
      for (let i = 0; running; i++) {
        try {
          const cart = await fetch(`${base}/api/user/cart`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ posterId, size: 'SIZE_30x40', quantity: 1 }), signal: AbortSignal.timeout(30_000) });
          statuses.push(cart.status);
          if (cart.status !== 200) continue;
          const { cartId } = (await cart.json()) as { cartId: string };
          const phone = `010${String(n).padStart(2, '0')}${String(i % 1_000_000).padStart(6, '0')}`;
          const checkout = await fetch(`${base}/api/user/cart/checkout`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-cart-id': cartId }, body: JSON.stringify({ ...CHECKOUT, phone }), signal: AbortSignal.timeout(30_000) });
          statuses.push(checkout.status);
          if (checkout.status === 200 && recovered) placedAfter++;
        } catch {
          statuses.push(0);
        }
        // Paced only when refused, so a loop against a server that is down does not spin.
        if (statuses.at(-1) !== 200) await new Promise((r) => setTimeout(r, 50));
      }
    };
    const shoppers = [1, 2, 3].map(shopper);
    try {
      await until('orders placed before the kill', () => statuses.filter((s) => s === 200).length >= 6 || undefined, { timeoutMs: 30_000, context: logTail });

      const postmaster = readPostmasterPid(pgDir()).pid as number;
      const [checkpointer] = childPids(postmaster, 'checkpointer');
      expect(checkpointer).toEqual(expect.any(Number));
      // Held stopped, it stays attached to the killed server's shared memory until let go.
      process.kill(checkpointer, 'SIGSTOP');
      held = checkpointer;
      process.kill(postmaster, 'SIGKILL');

      await until('the supervisor to wait for the orphan', () => startLines().some((l) => /^\[start\] postgres: waiting for 1 process of the previous PostgreSQL server to exit$/.test(l)) || undefined, { timeoutMs: 20_000, child: stack, context: logTail });
      expect(startLines()).toContain('[start] postgres exited (SIGKILL); restarting in 0.5 s (restart 1)');
      expect(readFileSync(path.join(dataDir, 'database.state'), 'utf8').trim()).toBe('restarting');
      // No new server beside a process of the old one.
      expect(childPids(stack.pid!, `-D ${pgDir()}`).filter((pid) => pid !== postmaster && alive(pid))).toEqual([]);

      const anonymous = await until('anonymous health to name the database', async () => {
        const h = await health();
        return h.status === 503 && JSON.parse(h.text).failing?.includes('database') ? h : undefined;
      }, { timeoutMs: 20_000, context: logTail });
      expect(JSON.parse(anonymous.text)).toEqual({ status: 'unavailable', failing: ['eventStore', 'database'] });
      const monitor = JSON.parse((await health(HEALTH_TOKEN)).text);
      expect(monitor).toMatchObject({ status: 'unavailable', database: { status: 'restarting' } });

      process.kill(checkpointer, 'SIGCONT');
      held = undefined;
      await until('/api/health 200 again, nobody helping', async () => (await health()).status === 200 || undefined, { timeoutMs: 60_000, child: stack, context: logTail });
      recovered = true;
      expect(alive(checkpointer)).toBe(false);
      const restarted = readPostmasterPid(pgDir()).pid as number;
      expect(restarted).not.toBe(postmaster);
      expect(alive(restarted)).toBe(true);
      expect(startLines()).toContain('[start] postgres is up again after crash recovery (restart 1)');
      expect(existsSync(path.join(dataDir, 'database.state'))).toBe(false);

      await until('orders placed after the restart', () => placedAfter >= 3 || undefined, { timeoutMs: 30_000, child: stack, context: logTail });
    } finally {
      running = false;
      if (held) process.kill(held, 'SIGCONT');
      held = undefined;
      await Promise.all(shoppers);
    }
    // During the outage shoppers were told to come back (503), never a server error.
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(stack.exitCode).toBeNull();
  }, 150_000);

  it('still stops everything, PostgreSQL last, with exit code 0 on SIGTERM after the restart', async () => {
    const postmaster = readPostmasterPid(pgDir()).pid as number;
    // A service that lost the database mid-outage may still be in its own restart's back-off.
    const services = await until('the API and the projector both running', () => {
      const pids = childPids(stack.pid!, 'src/main.js');
      return pids.length === 2 ? pids : undefined;
    }, { timeoutMs: 35_000, child: stack, context: () => stackLogTail(dataDir) });
    expect(services).toHaveLength(2);
    stack.kill('SIGTERM');
    expect(await exited(stack, 40_000)).toBe(0);
    for (const pid of [...services, postmaster]) await until(`process ${pid} to stop`, () => !alive(pid) || undefined, 5000);
    expect(startLines().filter((l) => l.includes('postgres exited'))).toHaveLength(1);
  }, 90_000);
});

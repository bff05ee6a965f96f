import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { until } from '#platform/testing/until.js';
// @ts-expect-error: plain-Node launcher module without type declarations
import { embeddedSuperuserUrl, freePort, startPostgres } from '../../../../libs/platform/bin/local-servers.mjs';
import { VALID_CHECKOUT } from '../../../api/src/testing/seed-catalogue.js';
import { createProjectorTestDb } from '../testing/projector-test-kit.js';

// The README's analyst and operator commands, typed as a new user would, against a shop started
// by `npm start` on the embedded default (no DATABASE_URL: PostgreSQL on a random port, data in
// DATA_DIR): first while it runs, then once it is stopped. One shop for all of them.

/** The `npm run …` lines of the README's "Analysts and operators" block. */
function readmeCommands(): string[][] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Analysts and operators'));
  const block = section.slice(section.indexOf('```sh') + 5, section.indexOf('```', section.indexOf('```sh') + 5));
  return block.split('\n').map((line) => line.replace(/#.*/, '').trim()).filter(Boolean).map((line) => line.split(/\s+/));
}

// These bring their own servers (throwaway databases, or the test setup's) and never reach the
// shop's, so there is nothing for them to find in DATA_DIR; they run for minutes, not here.
const OWN_SERVERS = (script: string) => script.startsWith('bench:') || script === 'profile' || script === 'seed:scale' || script === 'test:repeat';

/** The environment of someone who just cloned the shop: none of the test setup's servers. */
function userEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extra };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'EVENTSTORE_NAMESPACE', 'NODE_OPTIONS']) if (!(name in extra)) delete env[name];
  return env;
}

function npm(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.once('exit', (code, signal) => resolve({ code, stderr: stderr + (code === 0 ? '' : `\n--- stdout ---\n${stdout}\n--- signal ${signal}`) }));
  });
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('README analyst and operator commands on the embedded default (`npm start`)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'readme-shop-'));
  const pgDir = path.join(dataDir, 'postgres');
  let shop: ChildProcess | undefined;
  let base = '';
  let log = '';

  beforeAll(async () => {
    // As root PostgreSQL runs as the postgres user, which must be able to enter this directory.
    chmodSync(dataDir, 0o755);
    // Built once up front, so the commands' own "build what is stale" step finds nothing to do.
    expect(spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { stdio: 'inherit' }).status).toBe(0);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Detached: its own process group, so "Ctrl-C" (SIGINT to the group) reaches npm and the shop as in a terminal.
    shop = spawn('npm', ['start'], { env: userEnv(dataDir, { PORT: String(port), ADMIN_PASSWORD: 'readme-admin-password' }), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    shop.stdout!.on('data', (d) => (log += d));
    shop.stderr!.on('data', (d) => (log += d));
    await until('the shop answers /api/health', async () => (await fetch(`${base}/api/health`)).ok, { timeoutMs: 150_000, child: shop, context: () => log.slice(-3000) });
  }, 180_000);

  afterAll(async () => {
    if (shop && shop.exitCode === null && shop.signalCode === null) {
      process.kill(-shop.pid!, 'SIGKILL');
      // start.mjs's watchdog stops PostgreSQL once start.mjs is gone.
      await until('PostgreSQL stopped', () => !existsSync(path.join(pgDir, 'postmaster.pid')), 30_000).catch(() => undefined);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists only commands that either find the shop from DATA_DIR or bring their own servers', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    const commands = readmeCommands();
    expect(commands.length).toBeGreaterThan(3);
    for (const [npmWord, run, script] of commands) {
      expect([npmWord, run]).toEqual(['npm', 'run']);
      expect(scripts[script]).toBeDefined();
      if (!OWN_SERVERS(script)) expect({ script, finds: scripts[script].includes('with-shop-database.mjs') }).toEqual({ script, finds: true });
    }
  });

  it('while the shop runs: each command uses its PostgreSQL, and the live read models keep serving', async () => {
    // One order, so the example projection has something to count.
    const { posters: [poster] } = (await (await fetch(`${base}/api/public/posters?page=1&limit=1`)).json()) as { posters: { id: string }[] };
    const cart = (await (await fetch(`${base}/api/user/cart`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ posterId: poster.id, size: 'SIZE_30x40', quantity: 2 }) })).json()) as { cartId: string };
    const checkout = await fetch(`${base}/api/user/cart/checkout`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-cart-id': cart.cartId }, body: JSON.stringify(VALID_CHECKOUT) });
    expect(checkout.status).toBe(200);
    const order = (await checkout.json()) as { orderId: string };
    const url: string = embeddedSuperuserUrl(pgDir);
    await until('the order is projected', async () => (await query(url, `SELECT 1 FROM read.orders WHERE id = '${order.orderId}'`)).length === 1, 30_000);

    for (const argv of readmeCommands().filter(([, , script]) => !OWN_SERVERS(script))) {
      const r = await npm(argv.slice(1), userEnv(dataDir));
      expect({ argv, code: r.code, stderr: r.code === 0 ? '' : r.stderr }).toEqual({ argv, code: 0, stderr: '' });
      expect(r.stderr).toContain(`[shop database] the running shop's PostgreSQL (${pgDir})`);
    }
    expect(await query(url, `SELECT until FROM shop_nov1.replay_info`)).toEqual([{ until: new Date('2026-11-01T00:00:00Z') }]);
    expect(await query(url, `SELECT projection, status FROM projector.rebuild_requests`)).toEqual([{ projection: 'orders', status: 'done' }]);
    const month = await query<{ size: string; orders: number; posters: number }>(url, `SELECT size, orders, posters FROM analysis_sizes.revenue_by_size_per_month`);
    expect(month).toEqual([{ size: 'SIZE_30x40', orders: 1, posters: 2 }]);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  }, 120_000);

  it('once the shop is stopped: each command starts its PostgreSQL from DATA_DIR and stops it after', async () => {
    process.kill(-shop!.pid!, 'SIGINT');
    await until('the shop stopped', () => (shop!.exitCode !== null || shop!.signalCode !== null) && !existsSync(path.join(pgDir, 'postmaster.pid')), 60_000);

    const replay = await npm(['run', 'replay', '--', '--until', new Date(Date.now() + 3600_000).toISOString(), '--schema', 'shop_now'], userEnv(dataDir));
    expect([replay.code, replay.stderr]).toEqual([0, expect.stringContaining('the shop is stopped; stopped again at the end')]);
    expect(existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
    const rebuild = await npm(['run', 'projector', '--', 'rebuild', 'bestsellers'], userEnv(dataDir));
    expect([rebuild.code, rebuild.stderr]).toEqual([0, expect.stringContaining('bestsellers: rebuilt and swapped in')]);
    expect(existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);

    const server = await startPostgres({ dir: pgDir });
    try {
      const [replayed] = await query<{ events: number }>(server.url, `SELECT events FROM shop_now.replay_info`);
      expect(replayed.events).toBeGreaterThan(0);
      expect(await query(server.url, `SELECT (SELECT count(*)::int FROM shop_now.orders) AS replayed, (SELECT count(*)::int FROM read.orders) AS live`)).toEqual([{ replayed: 1, live: 1 }]);
      expect(await query(server.url, `SELECT projection, status FROM projector.rebuild_requests ORDER BY id`)).toEqual([
        { projection: 'orders', status: 'done' },
        { projection: 'bestsellers', status: 'done' },
      ]);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('DATABASE_URL wins over DATA_DIR; with neither, the command says how to get a shop', async () => {
    const db = await createProjectorTestDb('readme');
    try {
      const elsewhere = await npm(['run', 'replay', '--', '--until', new Date().toISOString(), '--schema', 'from_url'], userEnv(dataDir, { DATABASE_URL: db.url }));
      expect(elsewhere.code).toBe(0);
      expect(elsewhere.stderr).not.toContain('[shop database]');
      expect((await db.pool.query(`SELECT events FROM from_url.replay_info`)).rows).toEqual([{ events: 0 }]);
    } finally {
      await db.close();
    }
    const empty = mkdtempSync(path.join(tmpdir(), 'no-shop-'));
    const none = await npm(['run', 'projector', '--', 'rebuild', 'orders'], userEnv(empty));
    rmSync(empty, { recursive: true, force: true });
    expect([none.code, none.stderr]).toEqual([1, expect.stringContaining(`No shop database in ${empty}: start the shop once with \`npm start\``)]);
  });
});

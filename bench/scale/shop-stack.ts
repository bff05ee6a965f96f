/**
 * Our real processes (projector and API from dist/) on an already seeded database, one pair per
 * size, with in-process jobs (no Redis) and exports written under a throwaway directory.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { waitHealthy } from '../lib/wait-healthy.js';
import { UNBOUNDED_BUDGETS } from '#platform/testing/unbounded-budgets.js';

export interface ShopStack {
  url: string;
  apiPid: number;
  token: string;
  stop: () => Promise<void>;
}

const ADMIN = { username: 'scale', password: 'scale-bench-password' };

export async function startShopStack(databaseUrl: string): Promise<ShopStack> {
  const servers = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const port: number = await servers.freePort();
  const env = {
    ...process.env,
    // The checkout figure plays many shoppers from one address, as bench:api does.
    ...UNBOUNDED_BUDGETS,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    EVENT_STORE: 'postgres',
    PORT: String(port),
    PROJECTOR_PORT: String(await servers.freePort()),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // The benchmark signs the owner in with a password alone.
    STAFF_TWO_FACTOR_ROLES: 'none',
    JWT_SECRET: 'bench-scale-secret',
    UPLOADS_DIR: path.join(dir, 'uploads'),
    EXPORTS_DIR: path.join(dir, 'exports'),
    REDIS_URL: '',
    SEED_DEMO: '0',
  };
  const children = ['dist/services/projector/src/main.js', 'dist/services/api/src/main.js'].map((script) =>
    spawn(process.execPath, [script], { env, stdio: ['ignore', 'ignore', 'inherit'] }),
  );
  const stop = async () => {
    await Promise.all(children.map((c) => new Promise<void>((resolve) => (c.exitCode !== null ? resolve() : (c.once('exit', () => resolve()), c.kill('SIGTERM'))))));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitHealthy(url, children[1], 120_000);
    const res = await fetch(`${url}/api/admin/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    if (!res.ok) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    return { url, apiPid: children[1].pid!, token, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

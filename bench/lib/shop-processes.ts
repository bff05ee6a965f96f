/**
 * The shop as `npm start` runs it, for benchmarks that watch its processes over time: start.mjs
 * itself (durable PostgreSQL under a throwaway DATA_DIR, the demo seed, the projector and the API
 * as separate processes), with the pids of the API and the projector found among its children.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { childPids, cmdline } from './process-cpu.js';

export interface ShopProcesses {
  url: string;
  /** The projector's health server (/health, /metrics). */
  projectorUrl: string;
  admin: { username: string; password: string };
  apiPid: number;
  projectorPid: number;
  /** Its DATA_DIR (the embedded PostgreSQL under postgres/, the role passwords), removed by stop(). */
  dataDir: string;
  stop: () => Promise<void>;
}

/** `env` adds to (or overrides) the shop's environment: budgets, say. */
export async function startShopProcesses(log: (msg: string) => void, env: Record<string, string> = {}): Promise<ShopProcesses> {
  const servers = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-shop-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const port: number = await servers.freePort();
  const projectorPort: number = await servers.freePort();
  const admin = { username: 'admin', password: 'soak-admin-password' };
  const launcher = spawn(process.execPath, ['libs/platform/bin/start.mjs'], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      PROJECTOR_PORT: String(projectorPort),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      // The benchmarks sign the owner in with a password alone.
      STAFF_TWO_FACTOR_ROLES: 'none',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      REDIS_URL: '',
      // start.mjs stops itself when its parent changes only under `npm start`; under npm run bench:* it must not.
      npm_lifecycle_event: 'bench',
      ...env,
    },
    // The benchmark's stdout carries JSON only: the shop's own output goes to stderr.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  launcher.stdout!.pipe(process.stderr);
  const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (launcher.exitCode === null && launcher.signalCode === null) launcher.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (launcher.exitCode !== null) throw new Error(`start.mjs exited (${launcher.exitCode}) before the API was healthy`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error('the API did not become healthy in 120 s');
      await new Promise((r) => setTimeout(r, 300));
    }
    const children = childPids(launcher.pid!);
    const apiPid = children.find((pid) => cmdline(pid).includes('services/api/src/main.js'));
    const projectorPid = children.find((pid) => cmdline(pid).includes('services/projector/src/main.js'));
    if (!apiPid || !projectorPid) throw new Error(`could not find the API and projector among start.mjs's children ${children.join(', ')}`);
    log(`shop up at ${url} (data in ${dir}); api pid ${apiPid}, projector pid ${projectorPid}`);
    return { url, projectorUrl: `http://127.0.0.1:${projectorPort}`, admin, apiPid, projectorPid, dataDir: dir, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** V8 heap in use (MB) from a Prometheus endpoint's default metrics, or undefined when unreadable. */
export async function heapUsedMb(metricsUrl: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(metricsUrl, { signal: AbortSignal.timeout(5_000) })).text();
    const m = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? ([0-9.e+]+)/m.exec(text);
    return m ? Math.round((Number(m[1]) / 1024 / 1024) * 10) / 10 : undefined;
  } catch {
    return undefined;
  }
}

/** Resident set size in MB (VmRSS of /proc/<pid>/status), or undefined once the process is gone. */
export function rssMb(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bare checkout's process for bench:api: its own database on the PostgreSQL server our API
 * uses (so that server's CPU is told apart by database), the posters copied from ours, started
 * from dist/ like our API and stopped with SIGTERM.
 */
import { spawn } from 'node:child_process';
import { createDatabaseOn } from '#platform/testing/test-database.js';
import { waitHealthy } from '../lib/wait-healthy.js';

/** The bare checkout's database beside ours. */
export const BARE_DATABASE = 'bench_bare';

export interface BareProcess {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** `adminUrl`: the server's superuser; `catalogueUrl`: our seeded database, whose posters the bare side sells. */
export async function startBareProcess(options: { adminUrl: string; catalogueUrl: string; port: number; poolSize: number }): Promise<BareProcess> {
  const db = await createDatabaseOn(options.adminUrl, BARE_DATABASE);
  const child = spawn(process.execPath, ['dist/bench/bare-checkout/bare-checkout.server.js'], {
    env: { ...process.env, BARE_DATABASE_URL: db.url, CATALOGUE_DATABASE_URL: options.catalogueUrl, PORT: String(options.port), BARE_POOL_SIZE: String(options.poolSize) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))));
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitHealthy(url, child);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, pid: child.pid!, stop };
}

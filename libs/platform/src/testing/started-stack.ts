import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Where a test writes the output of the stack it starts on `dataDir`. */
export function stackLogFile(dataDir: string): string {
  return path.join(dataDir, 'stack.log');
}

/** The last 30 lines of that log, for the message of a wait that failed. */
export function stackLogTail(dataDir: string): string {
  const file = stackLogFile(dataDir);
  return existsSync(file) ? `--- stack log ---\n${readFileSync(file, 'utf8').split('\n').slice(-30).join('\n')}` : '';
}

/**
 * Stops a shop started detached with start.mjs and removes its data directory: SIGTERM first, so
 * the supervisor stops its children and PostgreSQL cleanly; if it has not exited within 20 s, SIGKILL
 * to its whole process group, so no server outlives the test whatever failed.
 */
export async function stopStartedStack(stack: ChildProcess | undefined, dataDir: string | undefined): Promise<void> {
  if (stack && stack.exitCode === null) {
    stack.kill('SIGTERM');
    await new Promise((resolve) => {
      const kill = setTimeout(() => {
        try {
          process.kill(-stack.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
        resolve(undefined);
      }, 20_000);
      stack.once('exit', () => {
        clearTimeout(kill);
        resolve(undefined);
      });
    });
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

/** The rows of one statement run as the role of `url`, on a connection of its own. */
export async function rowsAs<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The SQLSTATE a statement fails with as the role of `url`, or 'ok'. */
export async function sqlStateAs(url: string, sql: string): Promise<string> {
  try {
    await rowsAs(url, sql);
    return 'ok';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}

import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `pg_ctl restart -m fast` of a server the caller owns (its own data directory), as an operator
 * restarts one: every session ended, the server back on the same port with the options it was
 * started with (postmaster.opts). Resolves once the restarted server accepts connections (-w),
 * with how long it was away. Run as the data directory's owner, since PostgreSQL refuses root.
 * The restarted server is pg_ctl's, no longer a child of whoever started the first one: stop it
 * with stopPostmaster(postmasterPid) once that one has stopped what it started.
 */
export async function restartPostgres(pgDataDir: string): Promise<{ ms: number; postmasterPid: number }> {
  // postmaster.opts starts with the server binary's path; pg_ctl is beside it.
  const postgres = readFileSync(path.join(pgDataDir, 'postmaster.opts'), 'utf8').trim().split(' ')[0];
  const owner = statSync(pgDataDir);
  const started = Date.now();
  const child = spawn(
    path.join(path.dirname(postgres), 'pg_ctl'),
    ['restart', '-D', pgDataDir, '-m', 'fast', '-w', '-t', '60', '-l', path.join(pgDataDir, 'restart.log')],
    { uid: owner.uid, gid: owner.gid, stdio: 'ignore' },
  );
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`pg_ctl restart exited ${code} (see ${path.join(pgDataDir, 'restart.log')})`);
  const ms = Date.now() - started;
  return { ms, postmasterPid: Number(readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) };
}

/** Immediate shutdown (SIGQUIT) of a postmaster still running, and its exit awaited (at most 10 s). */
export async function stopPostmaster(pid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGQUIT');
  const deadline = Date.now() + 10_000;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

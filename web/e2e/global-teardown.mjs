import { existsSync, readFileSync, rmSync } from 'node:fs';
import { STATE_FILE } from './global-setup.mjs';

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Stops the stack the global setup started (start.mjs stops its own children on SIGTERM). */
export default async function globalTeardown() {
  await new Promise((resolve) => (globalThis.__MAILBOX__ ? globalThis.__MAILBOX__.close(resolve) : resolve()));
  if (!existsSync(STATE_FILE)) return;
  const { pid, dataDir } = JSON.parse(readFileSync(STATE_FILE, 'utf8'));
  rmSync(STATE_FILE, { force: true });
  if (alive(pid)) {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 20_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // Whatever is left of its process group (it was started detached, as a group leader).
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
}

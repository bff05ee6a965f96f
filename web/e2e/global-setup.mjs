// Starts the whole shop once for every browser spec: builds what is stale, then runs
// `node libs/platform/bin/start.mjs` (PostgreSQL, seed of the demo catalogue, projector, API
// serving web/dist) on a free port with a fresh temporary DATA_DIR, and waits until the API is
// healthy and the seeded posters are readable. E2E_BASE_URL set beforehand skips all of it.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, openSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const STATE_FILE = path.join(tmpdir(), `poster-shop-e2e-${process.pid}.json`);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(check, what, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the stack exited (${child.exitCode}) before ${what}`);
    try {
      if (await check()) return;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what} ${last}`);
}

/**
 * Budgets of anonymous writes for the suite. Every spec shares 127.0.0.1, so budgets no
 * spec reaches, except the cart commands: a burst no other spec's run comes near, refilled only
 * every six minutes, so storefront-cart-budget.e2e.spec.mjs can spend its own address's budget
 * (X-Forwarded-For, trusted from loopback) and be refused for the rest of its run, with no race
 * against a refill. A read after the admin's own change waits for the projections it reads up to
 * 8 s (under the orders list's 10 s client timeout) instead of the default 2 s: on a loaded CI machine the projector can lag longer, and the
 * specs assert that a page shows the admin's change at once, as it does when the wait is not cut
 * short. Variables set in the environment win.
 */
const STACK_BUDGETS_AND_PROXY = {
  TRUST_PROXY: 'loopback',
  BUDGET_CART_COMMANDS: '10/h,burst=1500',
  BUDGET_CART_CREATIONS: '100000/h',
  BUDGET_CHECKOUTS_PER_CLIENT: '100000/h',
  BUDGET_CLIENT_TOKENS: '100000/h',
  BUDGET_UPLOADS: '100000/h',
  BUDGET_UPLOAD_BYTES: '1000GB/h',
  BUDGET_UPLOAD_CONCURRENCY: '100',
  BUDGET_NEWSLETTER_SIGNUPS: '100000/h',
  WAIT_FOR_POSITION_MS: '8000',
  // Every spec signs the first owner in with a password; the second factor's spec turns it on for
  // an owner of its own.
  STAFF_TWO_FACTOR_ROLES: 'none',
};

/**
 * The shop's mail server for the suite: a real SMTP server in this process that files every
 * message it receives as <n>.eml in `dir` (the specs read E2E_MAILBOX_DIR), so a spec sees what a
 * shopper's mail server would get, headers and all.
 */
async function startMailbox(dir) {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        n += 1;
        writeFileSync(path.join(dir, `${String(n).padStart(5, '0')}.eml`), Buffer.concat(chunks));
        done();
      });
    },
  });
  // A shop stopped mid-message resets its connection: heard here, so it cannot throw in jest's process.
  server.on('error', () => undefined);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  globalThis.__MAILBOX__ = server;
  return server.server.address().port;
}

export default async function globalSetup() {
  process.env.ADMIN_USERNAME ??= 'admin';
  process.env.ADMIN_PASSWORD ??= 'e2e-admin-password';
  // The specs read /api/health's figures (projections, positions) as a monitor would.
  process.env.HEALTH_TOKEN ??= 'e2e-health-token-for-the-monitor-0123456789';
  if (process.env.E2E_BASE_URL) return;

  const build = spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'poster-shop-e2e-'));
  // As root, PostgreSQL runs as the postgres user, which must be able to enter this directory.
  chmodSync(dataDir, 0o755);
  // A private copy of the built app: the working tree is shared, and another engineer's build
  // empties web/dist mid-run, which would pull chunks from under the browser.
  const webDist = path.join(dataDir, 'web-dist');
  cpSync(path.join(root, 'web/dist'), webDist, { recursive: true });
  const mailbox = path.join(dataDir, 'mailbox');
  const smtpPort = await startMailbox(mailbox);
  // Customer messages go to that server; a status message waits 8 s for an undo (the web's own
  // window is 5 s), long enough for a spec's undo through the API on a loaded machine.
  const messages = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SMTP_FROM: 'Poster Shop <orders@shop.test>', MESSAGE_HOLD_MS: '8000' };
  const logFile = path.join(dataDir, 'stack.log');
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['libs/platform/bin/start.mjs'], {
    cwd: root,
    env: { ...STACK_BUDGETS_AND_PROXY, ...messages, ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_DIST_DIR: webDist, NODE_ENV: 'production' },
    stdio: ['ignore', out, out],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  writeFileSync(STATE_FILE, JSON.stringify({ pid: child.pid, dataDir, base, logFile }));
  globalThis.__STACK__ = { child, dataDir, base, logFile };
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, '/api/health', 180_000, child);
    await waitFor(
      async () => {
        const res = await fetch(`${base}/api/public/posters?page=1&limit=20`);
        if (!res.ok) return false;
        const body = await res.json();
        const items = Array.isArray(body) ? body : (body.items ?? body.data ?? body.posters ?? []);
        return items.length > 0;
      },
      'the seeded catalogue',
      60_000,
      child,
    );
  } catch (e) {
    // Jest runs no teardown after a failed setup: stop what was started and say why it failed.
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    rmSync(STATE_FILE, { force: true });
    globalThis.__MAILBOX__?.close();
    rmSync(dataDir, { recursive: true, force: true });
    e.message += `\n--- last lines of the stack log ---\n${tail}`;
    throw e;
  }
  process.env.E2E_BASE_URL = base;
  process.env.PORT = String(port);
  // Specs that break a read table on purpose reach the stack's PostgreSQL through this.
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_MAILBOX_DIR = mailbox;
  console.log(`\n[e2e] stack on ${base} (data ${dataDir})`);
}

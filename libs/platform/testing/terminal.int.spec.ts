/**
 * `npm start` at a terminal: a person reads a screenful, not the services' JSON. The launcher runs
 * under a real pseudo-terminal (util-linux `script`), a short browsing session and a checkout
 * happen, and then Ctrl-C: the screen holds under 30 lines, none of them JSON, one saying the
 * checkout; the JSON lines are in DATA_DIR/shop.log.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
// @ts-expect-error: plain-Node launcher module without type declarations
import { freePort } from '../bin/local-servers.mjs';
import { childPids, exited } from '../src/testing/process-tree.js';
import { stopStartedStack } from '../src/testing/started-stack.js';
import { until } from '../src/testing/until.js';

const root = path.resolve(import.meta.dirname, '../../..');
const CHECKOUT = { firstName: 'Mona', lastName: 'Hassan', phone: '01012345678', addressLine: '12 Tahrir St', building: '4', apartment: '7', city: 'Cairo', governorate: 'CAIRO', paymentMethod: 'COD' };
const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;

describe('npm start at a terminal', () => {
  let terminal: ChildProcess;
  let dataDir: string;
  let base: string;
  let screen = '';
  const lines = () => screen.replace(/\r/g, '').split('\n').filter((l, i, all) => i < all.length - 1 || l !== '');

  beforeAll(async () => {
    if (!hasScript) return;
    const build = spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
    const port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'poster-shop-tty-'));
    chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'terminal-admin-password' };
    // Like a bare `npm start`: its own embedded PostgreSQL and the default log level.
    // The suites' own default (no second factor) is no owner's: the shop's default is.
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'PG_PORT', 'LOG_LEVEL', 'STAFF_TWO_FACTOR_ROLES', 'npm_lifecycle_event']) delete env[key];
    // `exec`: the launcher is script's own child, so Ctrl-C can be sent to it alone.
    terminal = spawn('script', ['-q', '-e', '-c', `exec ${process.execPath} libs/platform/bin/start.mjs`, '/dev/null'], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    terminal.stdout!.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')));
    base = `http://127.0.0.1:${port}`;
    await until('the banner', () => screen.includes('Ctrl-C stops everything.') || undefined, { timeoutMs: 120_000, child: terminal, context: () => screen });
  }, 150_000);

  afterAll(async () => {
    if (!hasScript) return;
    await stopStartedStack(terminal, dataDir);
  }, 30_000);

  (hasScript ? it : it.skip)('prints under 30 readable lines for a browsing session with a checkout, and keeps the JSON in DATA_DIR/shop.log', async () => {
    for (const page of ['/', '/api/public/posters', '/api/public/config', '/api/public/categories', '/api/public/announcement', '/admin']) expect((await fetch(`${base}${page}`)).status).toBe(200);
    const login = await fetch(`${base}/api/admin/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'terminal-admin-password' }) });
    expect(await login.json()).toMatchObject({ mustEnrolTwoFactor: true });
    const posters = (await (await fetch(`${base}/api/public/posters?page=1&limit=3`)).json()) as { posters: { id: string }[] };
    for (const p of posters.posters) expect((await fetch(`${base}/api/public/posters/${p.id}`)).status).toBe(200);
    const json = (body: unknown, cartId?: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', ...(cartId ? { 'x-cart-id': cartId } : {}) }, body: JSON.stringify(body) });
    const cart = (await (await fetch(`${base}/api/user/cart`, json({ posterId: posters.posters[0]!.id, size: 'SIZE_30x40', quantity: 1 }))).json()) as { cartId: string };
    const checkout = await fetch(`${base}/api/user/cart/checkout`, json(CHECKOUT, cart.cartId));
    expect(checkout.status).toBeLessThan(300);
    await until('the checkout on the screen', () => screen.includes('a checkout placed an order') || undefined, { timeoutMs: 15_000, context: () => screen });

    // Ctrl-C, as a person stops it: the launcher stops everything it started.
    const [launcher] = childPids(terminal.pid!, 'start.mjs');
    expect(launcher).toBeDefined();
    process.kill(launcher!, 'SIGINT');
    expect(await exited(terminal, 30_000)).not.toBe('still running');

    const shown = lines();
    expect(shown.length).toBeLessThan(30);
    expect(shown.filter((l) => l.trimStart().startsWith('{'))).toEqual([]);
    expect(shown.join('\n')).toContain(`Full log      ${path.join(dataDir, 'shop.log')}`);
    expect(shown.join('\n')).toMatch(/Two-factor .*authenticator app/);
    expect(shown.join('\n')).toMatch(/SQL +npm run db:psql/);

    const file = path.join(dataDir, 'shop.log');
    expect(existsSync(file)).toBe(true);
    const logged = readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string } });
    expect(logged.filter((e) => e.msg === 'projection adopted').length).toBeGreaterThan(10);
    expect(logged.some((e) => e.msg === 'request completed' && e.req?.url === '/api/user/cart/checkout')).toBe(true);
    expect(logged.length).toBeGreaterThan(shown.length * 3);
  }, 120_000);
});

/**
 * Erasure proven by a scan of everything the started shop keeps (`npm start`: its own embedded
 * PostgreSQL, each process as its own role). Shoppers A and B order (A with a photo, and A's
 * address on the newsletter); the admin exports CSV and NDJSON, replays an analyst schema and
 * keeps it, rebuilds every projection, erases A, rebuilds again and replays a new schema. Then
 * every live row of every table of every schema (read as text by the superuser), every file under
 * the data directory outside PostgreSQL's own storage, and the processes' log hold none of A's
 * phone (both digit forms and +20), name, street or e-mail, in any case; B's data is intact.
 *
 * The scan is shown able to fail: run once with one step left out (the kept analyst schema not
 * yet replayed again, as the erasure's answer offers), it finds A there and only there.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
// @ts-expect-error: plain-Node launcher module without type declarations
import { freePort } from '../bin/local-servers.mjs';
import { seededBytes } from './test-bytes.mjs';
import { shopRoleUrls } from '../src/testing/shop-role-urls.js';
import { rowsAs, stackLogFile, stackLogTail, stopStartedStack } from '../src/testing/started-stack.js';
import { until } from '../src/testing/until.js';

const root = path.resolve(import.meta.dirname, '../../..');
const A = { firstName: 'Zumurruda', lastName: 'Qadrawi', phone: '01012345678', email: 'zumurruda.qadrawi@example.com', addressLine: '31 Sheikh Rihan Street', building: '4', apartment: '7', city: 'Dokki', governorate: 'GIZA', paymentMethod: 'COD', notes: 'Ring the bell twice' };
const B = { firstName: 'Karim', lastName: 'Abdelsalam', phone: '01198765432', email: 'karim.abdelsalam@example.com', addressLine: '3 Corniche Road', building: '9', apartment: '1', city: 'Zamalek', governorate: 'CAIRO', paymentMethod: 'COD', notes: null };
/** A in every form the shop could have written: exact, digit forms of the phone, folded (lower-case: the scan ignores case). */
const SECRETS_OF_A = [A.firstName, A.lastName, `${A.firstName} ${A.lastName}`, A.phone, A.phone.slice(1), `20${A.phone.slice(1)}`, A.addressLine, 'Sheikh Rihan', A.email, A.notes];
const DATA_OF_B = [B.firstName, B.lastName, B.phone, B.addressLine, B.email];

interface Found {
  where: string;
  secret: string;
}

describe('erasure, proven by a scan of the started shop', () => {
  let stack: ChildProcess;
  let dataDir: string;
  let base: string;
  let token: string;
  let subjectA: string;
  let erasure: { replaySchemas: Array<{ schema: string }>; deletedExports: string[]; deletedUploads: string[]; keysDestroyed: number };
  let visibleAfterMs: number;
  const logTail = () => stackLogTail(dataDir);
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  const adminText = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return res.text();
  };
  /** A projector-side CLI on the shop's database (as `npm run replay` / `npm run projector` do). */
  const cli = (script: string, args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const r = spawnSync(process.execPath, ['libs/platform/bin/with-shop-database.mjs', script, ...args], { cwd: root, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${script} ${args.join(' ')}: ${r.stderr}`);
  };
  const replay = (schema: string) => cli('dist/services/projector/src/replay.cli.js', ['--until', new Date(Date.now() + 1000).toISOString(), '--schema', schema]);
  async function rebuildEverything(): Promise<void> {
    const { superuser } = await shopRoleUrls(dataDir);
    const names = (await rowsAs<{ projection: string }>(superuser, `SELECT DISTINCT projection FROM projector.checkpoints`)).map((r) => r.projection);
    expect(names.length).toBeGreaterThan(10);
    const ids: number[] = [];
    for (const name of names) ids.push((await rowsAs<{ id: number }>(superuser, `INSERT INTO projector.rebuild_requests (projection) VALUES ($1) RETURNING id`, [name]))[0].id);
    await until('every projection rebuilt', async () => {
      const rows = await rowsAs<{ status: string }>(superuser, `SELECT status FROM projector.rebuild_requests WHERE id = ANY($1)`, [ids]);
      if (rows.some((r) => r.status === 'failed')) throw new Error('a rebuild failed');
      return rows.every((r) => r.status === 'done') || undefined;
    }, { timeoutMs: 120_000, child: stack, context: logTail });
  }
  async function exportFile(kind: 'orders' | 'events' | 'newsletter'): Promise<string> {
    const { jobId } = await call('POST', '/api/admin/exports', { kind });
    await until(`${kind} export`, async () => (await call('GET', `/api/admin/jobs/${jobId}`)).state === 'completed' || undefined, { timeoutMs: 60_000, child: stack, context: logTail });
    return adminText(`/api/admin/jobs/${jobId}/download`);
  }

  /** Where any of `secrets` is: rows of every table of every schema, files under the data dir but PostgreSQL's, the log. */
  async function scan(secrets: readonly string[]): Promise<Found[]> {
    const lowered = secrets.map((s) => s.toLowerCase());
    const found: Found[] = [];
    const look = (where: string, text: string) => {
      const t = text.toLowerCase();
      lowered.forEach((s, i) => t.includes(s) && found.push({ where, secret: secrets[i] }));
    };
    const { superuser } = await shopRoleUrls(dataDir);
    const tables = await rowsAs<{ name: string }>(superuser, `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' ORDER BY 1`);
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['event_store.events', 'keystore.subjects', 'read.orders', 'read.customers']));
    for (const { name } of tables) {
      for (const { row } of await rowsAs<{ row: string }>(superuser, `SELECT t::text AS row FROM ${name} t`)) look(`table ${name}`, row);
    }
    const pgDir = path.join(dataDir, 'postgres');
    const walk = (dir: string): string[] => readdirSync(dir).flatMap((n) => {
      const full = path.join(dir, n);
      if (full === pgDir) return [];
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
    const files = walk(dataDir);
    expect(files).toContain(stackLogFile(dataDir)); // the processes' log output is among them
    for (const file of files) look(`file ${path.relative(dataDir, file)}`, readFileSync(file).toString('utf8') + readFileSync(file).toString('latin1'));
    return found;
  }

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
    const port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'poster-shop-erasure-'));
    chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), PROJECTOR_PORT: String(await freePort()), DATA_DIR: dataDir, NODE_ENV: 'production', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'erasure-scan-admin', LOG_LEVEL: 'info' };
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'PG_PORT', 'PERSONAL_DATA_ENCRYPTION', 'EXPORTS_DIR', 'npm_lifecycle_event']) delete env[key];
    stack = spawn(process.execPath, ['libs/platform/bin/start.mjs'], { cwd: root, env, stdio: ['ignore', openSync(stackLogFile(dataDir), 'a'), openSync(stackLogFile(dataDir), 'a')], detached: true });
    base = `http://127.0.0.1:${port}`;
    await until('/api/health', async () => (await fetch(`${base}/api/health`)).status === 200 || undefined, { timeoutMs: 90_000, child: stack, context: logTail });
    token = ((await (await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'erasure-scan-admin' }) })).json()) as { token: string }).token;

    const posters = (await (await fetch(`${base}/api/public/posters?page=1&limit=1`)).json()) as { posters: { id: string }[] };
    // A's first cart starts with a photo of their own (a custom poster), then both order posters.
    // Noise, with the pixels to print at 20x30 cm (at least 72 per inch).
    const photo = await sharp(seededBytes(1000 * 1000 * 3, 7), { raw: { width: 1000, height: 1000, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
    const form = new FormData();
    form.append('size', 'SIZE_20x30');
    form.append('quantity', '1');
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'me.jpg');
    const upload = await fetch(`${base}/api/user/upload`, { method: 'POST', body: form });
    expect([upload.status, upload.status === 201 ? '' : await upload.text()]).toEqual([201, '']);
    const aCart = ((await upload.json()) as { cartId: string }).cartId;
    for (const [shopper, cartId] of [[A, aCart], [{ ...A, phone: '+20 101 234 5678' }, undefined], [B, undefined]] as const) {
      const added = await fetch(`${base}/api/user/cart`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cartId ? { 'x-cart-id': cartId } : {}) }, body: JSON.stringify({ posterId: posters.posters[0].id, size: 'SIZE_30x40', quantity: 2 }) });
      const id = ((await added.json()) as { cartId: string }).cartId;
      const checkout = await fetch(`${base}/api/user/cart/checkout`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-cart-id': id }, body: JSON.stringify({ ...shopper, latitude: 30.0444, longitude: 31.2357 }) });
      expect(checkout.status).toBe(200);
    }
    for (const email of [A.email, B.email]) expect((await fetch(`${base}/api/public/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })).status).toBe(201);
    await until('orders projected', async () => {
      const body = await adminText('/api/admin/customers?page=1&size=100');
      return (body.includes(A.lastName) && body.includes(B.lastName)) || undefined;
    }, { timeoutMs: 30_000, child: stack, context: logTail });
    const customers = JSON.parse(await adminText('/api/admin/customers?page=1&size=100')) as { data: Array<{ subjectId: string; lastName: string }> };
    subjectA = customers.data.find((c) => c.lastName === A.lastName)!.subjectId;

    // Exports in every format, an analyst's schema kept, every projection rebuilt: all before the erasure.
    for (const kind of ['orders', 'events', 'newsletter'] as const) expect(await exportFile(kind)).toContain(kind === 'newsletter' ? A.email : A.phone);
    replay('analyst_kept');
    await rebuildEverything();
    expect((await scan([A.lastName])).map((f) => f.where)).toEqual(expect.arrayContaining(['table read.orders', 'table analyst_kept.orders']));

    const started = Date.now();
    erasure = await call('POST', `/api/admin/customers/${subjectA}/erasure`, { phone: A.phone, reason: 'SUBJECT_REQUEST', openOrders: 'cancel' });
    // Visible everywhere the back-office looks: lists, search, customers, newsletter, event browser and its NDJSON.
    await until('erasure visible everywhere', async () => {
      const everywhere = [
        await adminText('/api/admin/orders?page=1&size=100'), await adminText(`/api/admin/orders?search=${encodeURIComponent(A.lastName)}`),
        await adminText('/api/admin/customers?page=1&size=100'), await adminText('/api/admin/newsletter?page=1&size=100'),
        await adminText('/api/admin/events?limit=200'), await adminText('/api/admin/events/export'),
      ].join('\n').toLowerCase();
      return SECRETS_OF_A.every((s) => !everywhere.includes(s.toLowerCase())) || undefined;
    }, { timeoutMs: 30_000, child: stack, context: logTail });
    visibleAfterMs = Date.now() - started;
    process.stdout.write(`[erasure-scan] erasure visible everywhere after ${visibleAfterMs} ms\n`);

    await rebuildEverything();
    replay('analyst_after');
  }, 600_000);

  afterAll(async () => {
    await stopStartedStack(stack, dataDir);
  }, 30_000);

  it('tells the admin what it deleted and which analyst schema still holds the data', () => {
    expect(erasure).toMatchObject({ keysDestroyed: 2, replaySchemas: [expect.objectContaining({ schema: 'analyst_kept' })] });
    expect(erasure.deletedExports).toHaveLength(3);
    expect(erasure.deletedUploads).toHaveLength(1);
    expect(visibleAfterMs).toBeLessThan(5_000);
  });

  it('a scan with one step left out (the kept schema not replayed again) fails, naming that schema alone', async () => {
    const found = await scan(SECRETS_OF_A);
    expect([...new Set(found.map((f) => f.where.split('.')[0]))]).toEqual(['table analyst_kept']);
  });

  it('once the kept schema is replayed again, the scan finds none of A anywhere, and all of B', async () => {
    replay('analyst_kept');
    expect(await scan(SECRETS_OF_A)).toEqual([]);
    const ofB = await scan(DATA_OF_B);
    const places = (secret: string) => ofB.filter((f) => f.secret === secret).map((f) => f.where);
    for (const secret of DATA_OF_B) expect(places(secret)).toEqual(expect.arrayContaining(['table read.orders', 'table analyst_kept.orders', 'table analyst_after.orders']));
    expect(await exportFile('orders')).toContain(B.phone);
  });
});

/**
 * `npm run backup` and `npm run restore` on the shop as `npm start` runs it (start.mjs: embedded
 * PostgreSQL in DATA_DIR, the API and the projector as their own roles): a shop with orders and a
 * key store is backed up while it runs, restored into another data directory, started there, and
 * every read model the projector builds from the restored log equals the original's.
 * Then the owner changes the password and erases a shopper, and a second backup is taken: the
 * first backup restored with the second's erasure ledger holds that shopper nowhere, and keeps
 * the owner's second factor; restored without one it is refused unless accepted as unerased.
 * After the erasure, no table, TOAST or index file of the original holds the shopper.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, chmodSync, cpSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generate } from 'otplib';
import { createEventStore } from '#event-store/create-event-store.js';
import { shopRoleUrls } from '#platform/testing/shop-role-urls.js';
import { scanRelationFiles } from '#platform/testing/relation-files.js';
import { rowsAs } from '#platform/testing/started-stack.js';
import { until } from '#platform/testing/until.js';
// @ts-expect-error: plain-Node launcher module without type declarations
import { freePort } from '../../../platform/bin/local-servers.mjs';
import { seedPoster } from '../../../../services/api/src/testing/seed-catalogue.js';
import { readBackup } from './load-backup.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const BACKUP_CLI = 'dist/libs/read-models/src/backup/backup.cli.js';
const RESTORE_CLI = 'dist/libs/read-models/src/backup/restore.cli.js';
const SHOPPERS = [
  { firstName: 'Mona', lastName: 'Hassan', phone: '01012345678', addressLine: '12 Tahrir St' },
  { firstName: 'Karim', lastName: 'Adel', phone: '01112345678', addressLine: '3 Corniche Rd' },
  { firstName: 'Salma', lastName: 'Fathy', phone: '01212345678', addressLine: '40 Nile St' },
].map((s) => ({ ...s, building: '4', apartment: '7', city: 'Cairo', governorate: 'CAIRO', paymentMethod: 'COD' }));

interface Shop {
  dataDir: string;
  base: string;
  child: ChildProcess;
  logTail: () => string;
}

/** The environment of `npm start` with nothing set but DATA_DIR and the ports: none of the test setup's servers. */
function shopEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: '0', ...extra };
  for (const key of ['DATABASE_URL', 'MAINTENANCE_DATABASE_URL', 'REDIS_URL', 'EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'EVENTSTORE_NAMESPACE', 'PG_PORT', 'ADMIN_PASSWORD', 'NODE_OPTIONS', 'npm_lifecycle_event']) {
    if (!(key in extra)) delete env[key];
  }
  return env;
}

async function startShop(dataDir: string): Promise<Shop> {
  const port = await freePort();
  const log = path.join(os.tmpdir(), `${path.basename(dataDir)}.log`);
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, ['libs/platform/bin/start.mjs'], {
    cwd: root,
    env: shopEnv(dataDir, { PORT: String(port), PROJECTOR_PORT: String(await freePort()) }),
    stdio: ['ignore', out, out],
  });
  const logTail = () => (existsSync(log) ? `--- shop log ---\n${readFileSync(log, 'utf8').split('\n').slice(-30).join('\n')}` : '');
  const base = `http://127.0.0.1:${port}`;
  await until('/api/health', async () => (await fetch(`${base}/api/health`)).status === 200, { timeoutMs: 60_000, child, context: logTail });
  return { dataDir, base, child, logTail };
}

async function stopShop(shop: Shop | undefined): Promise<void> {
  if (!shop || shop.child.exitCode !== null || shop.child.signalCode !== null) return;
  const exited = new Promise((resolve) => shop.child.once('exit', resolve));
  shop.child.kill('SIGTERM');
  await exited;
}

function node(script: string, args: string[], env: NodeJS.ProcessEnv): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [script, ...args], { cwd: root, env, encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}


/** Every table of the read schema, each as its rows printed as text, sorted. */
async function readModels(url: string): Promise<Record<string, string[]>> {
  const tables = await rowsAs<{ name: string }>(url, `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'read' ORDER BY 1`);
  const models: Record<string, string[]> = {};
  for (const { name } of tables) models[name] = (await rowsAs<{ row: string }>(url, `SELECT t::text AS row FROM ${name} t ORDER BY 1`)).map((r) => r.row);
  return models;
}

/** The projector has applied the whole log: every live checkpoint at the log's last event (the checkpoints advance past events a projection skips). */
async function caughtUp(url: string, projections: number): Promise<boolean> {
  const [row] = await rowsAs<{ live: number; behind: number }>(
    url,
    `WITH head AS (SELECT tx_id::text::bigint AS c, global_position AS p FROM event_store.events ORDER BY tx_id DESC, global_position DESC LIMIT 1)
     SELECT count(*)::int AS live, count(*) FILTER (WHERE (commit_position, prepare_position) < (head.c, head.p))::int AS behind
       FROM projector.checkpoints, head WHERE slot = 'live'`,
  );
  return row.live === projections && row.behind === 0;
}

/** The text of a backup part's files, data decompressed: what someone holding only that directory could read. */
function partText(dir: string): string {
  const files = [path.join(dir, 'manifest.json'), ...readdirSync(path.join(dir, 'data')).map((f) => path.join(dir, 'data', f))];
  return files.map((f) => (f.endsWith('.gz') ? gunzipSync(readFileSync(f)) : readFileSync(f)).toString('utf8')).join('\n');
}

/** The erased shopper as the read models held her: name, phone, street. */
const ERASED_SECRETS = [SHOPPERS[0].firstName, SHOPPERS[0].lastName, SHOPPERS[0].phone, SHOPPERS[0].phone.slice(1), SHOPPERS[0].addressLine];

/** staff_auth's rows as text, sorted: second factors (sealed), hashed recovery codes, sessions. */
async function staffAuth(url: string): Promise<string[]> {
  const tables = await rowsAs<{ name: string }>(url, `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'staff_auth' ORDER BY 1`);
  const rows: string[] = [];
  for (const { name } of tables) rows.push(...(await rowsAs<{ row: string }>(url, `SELECT t::text AS row FROM ${name} t ORDER BY 1`)).map((r) => `${name} ${r.row}`));
  return rows;
}

describe('npm run backup and npm run restore', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'backup-restore-'));
  const originalDir = path.join(scratch, 'original');
  const restoredDir = path.join(scratch, 'restored');
  const backupDir = path.join(scratch, 'backup');
  /** Taken after the owner changed the password and the first shopper was erased. */
  const laterBackupDir = path.join(scratch, 'backup-later');
  const erasedDir = path.join(scratch, 'restored-with-erasures');
  let erased: Shop | undefined;
  let recoveryCodes: string[] = [];
  let staffAuthRows: string[] = [];
  let erasedSubject = '';
  let physicalScan: Array<{ relation: string; secret: string }> = [];
  /** The shoppers' data keys as the key store held them when the backup was taken. */
  let keys: { subject_id: string; key: string }[] = [];
  let original: Shop | undefined;
  let restored: Shop | undefined;
  let before: { models: Record<string, string[]>; events: string[]; projections: number; adminPassword: string };

  beforeAll(async () => {
    // As root PostgreSQL runs as the postgres user, which must be able to enter these directories.
    chmodSync(scratch, 0o755);
    expect(spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' }).status).toBe(0);
    original = await startShop(originalDir);
    const urls = await shopRoleUrls(originalDir);
    // A server that has lived: its transaction ids far past a new server's, as any shop's after a while.
    await rowsAs(urls.superuser, `DO $$ BEGIN FOR i IN 1..20000 LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$`);
    const store = await createEventStore({ kind: 'postgres', connectionString: urls.api });
    const { posterId } = await seedPoster(store, { name: 'Backup poster' }).finally(() => store.close());
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${original!.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const orderIds: string[] = [];
    for (const shopper of SHOPPERS) {
      const { cartId } = (await (await post('/api/user/cart', { posterId, size: 'SIZE_30x40', quantity: 2 })).json()) as { cartId: string };
      const checkout = await post('/api/user/cart/checkout', shopper, { 'x-cart-id': cartId });
      expect(checkout.status).toBe(200);
      orderIds.push(((await checkout.json()) as { orderId: string }).orderId);
    }
    expect((await post('/api/public/newsletter', { email: 'reader@example.com' })).status).toBe(201);
    const adminPassword = readFileSync(path.join(originalDir, 'admin-password'), 'utf8').trim();
    const login = await post('/api/admin/login', { username: 'admin', password: adminPassword });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const shipped = await fetch(`${original.base}/api/admin/orders/${orderIds[0]}/status`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ status: 'SHIPPED' }),
    });
    expect(shipped.status).toBe(200);
    // The owner enrols a second factor (an authenticator app: otplib), before the backup.
    const authed = (url: string, body: unknown, bearer = token) =>
      fetch(`${original!.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: JSON.stringify(body) });
    const setup = (await (await authed('/api/admin/auth/two-factor/setup', {})).json()) as { secret: string };
    const confirmed = await authed('/api/admin/auth/two-factor/confirm', { code: await generate({ secret: setup.secret }) });
    expect(confirmed.status).toBe(200);
    recoveryCodes = ((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes;

    const projections = (await rowsAs<{ n: number }>(urls.superuser, `SELECT count(*)::int AS n FROM projector.checkpoints WHERE slot = 'live'`))[0].n;
    await until('the original read models are built', () => caughtUp(urls.superuser, projections), { timeoutMs: 30_000, context: original.logTail });
    keys = await rowsAs(urls.superuser, `SELECT subject_id, encode(data_key, 'hex') AS key FROM keystore.subjects ORDER BY subject_id`);
    expect(keys.length).toBeGreaterThanOrEqual(SHOPPERS.length);
    const backup = node('libs/platform/bin/with-shop-database.mjs', [BACKUP_CLI, backupDir], shopEnv(originalDir));
    expect({ code: backup.code, out: backup.code === 0 ? '' : backup.out }).toEqual({ code: 0, out: '' });
    before = {
      models: await readModels(urls.superuser),
      events: (await rowsAs<{ row: string }>(urls.superuser, `SELECT e::text AS row FROM event_store.events e ORDER BY global_position`)).map((r) => r.row),
      projections,
      adminPassword,
    };
    staffAuthRows = await staffAuth(urls.superuser);
    expect(staffAuthRows.filter((r) => r.startsWith('staff_auth.second_factors'))).toHaveLength(1);

    // After the backup: the owner changes the password (its generated file goes), and erases Mona.
    const changed = await authed('/api/admin/auth/password', { currentPassword: adminPassword, newPassword: 'the-owner-chose-this-one' });
    expect(changed.status).toBe(200);
    const ownerToken = ((await changed.json()) as { token: string }).token;
    expect(existsSync(path.join(originalDir, 'admin-password'))).toBe(false);
    const customers = (await (await fetch(`${original.base}/api/admin/customers?page=1&size=100`, { headers: { authorization: `Bearer ${ownerToken}` } })).json()) as { data: Array<{ subjectId: string; lastName: string }> };
    erasedSubject = customers.data.find((c) => c.lastName === SHOPPERS[0].lastName)!.subjectId;
    // Her shipped parcel is refused and back on the shelf, so that order is finished; the others are cancelled first.
    for (const status of ['REFUSED', 'RETURNED']) {
      const moved = await fetch(`${original.base}/api/admin/orders/${orderIds[0]}/status`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` },
        body: JSON.stringify({ status, reason: 'refused at the door' }),
      });
      expect(moved.status).toBe(200);
    }
    const erasure = await authed(`/api/admin/customers/${erasedSubject}/erasure`, { phone: SHOPPERS[0].phone, reason: 'SUBJECT_REQUEST', openOrders: 'cancel' }, ownerToken);
    expect([erasure.status, erasure.status < 300 ? '' : await erasure.text()]).toEqual([200, '']);
    // The projector vacuums what the erasure rewrote: after a checkpoint no table, TOAST or index file holds Mona.
    await until('no file of the database holds the erased shopper', async () => {
      physicalScan = await scanRelationFiles(urls.superuser, ERASED_SECRETS);
      return physicalScan.length === 0 || undefined;
    }, { timeoutMs: 30_000, context: () => `${JSON.stringify(physicalScan)}\n${original!.logTail()}` });
    // The same scan finds a shopper who was not erased, in the table and its search index.
    expect((await scanRelationFiles(urls.superuser, [SHOPPERS[1].lastName])).map((f) => f.relation)).toEqual(expect.arrayContaining(['read.orders', 'read.customers']));
    // Freed space inside pages is not scrubbed (README, Personal data): measured, for the record.
    const freed = await scanRelationFiles(urls.superuser, ERASED_SECRETS, 'freed space');
    process.stdout.write(`[backup-restore] after the erasure's vacuum, freed page space still held ${freed.length} fragment(s) of the erased shopper: ${[...new Set(freed.map((f) => f.relation))].join(', ') || 'none'}\n`);
    const later = node('libs/platform/bin/with-shop-database.mjs', [BACKUP_CLI, laterBackupDir], shopEnv(originalDir));
    expect({ code: later.code, out: later.code === 0 ? '' : later.out }).toEqual({ code: 0, out: '' });
    await stopShop(original);
    // Started again, the shop makes no new password file: the owner's own password stands.
    // (The log file is appended to: this start's banner is the one after those already in it.)
    const banners = () => readFileSync(path.join(os.tmpdir(), `${path.basename(originalDir)}.log`), 'utf8').split('Ctrl-C stops everything').slice(0, -1);
    const earlier = banners().length;
    original = await startShop(originalDir);
    await until('the start banner', async () => banners().length > earlier || undefined, { timeoutMs: 10_000, context: original.logTail });
    expect(banners()[earlier]).toContain('(user admin, the password its owner chose)');
    expect(banners()[earlier]).not.toContain('no admin is registered');
    expect(existsSync(path.join(originalDir, 'admin-password'))).toBe(false);
    expect((await post('/api/admin/login', { username: 'admin', password: adminPassword })).status).toBe(401);
    await stopShop(original);
  }, 150_000);

  afterAll(async () => {
    await stopShop(original);
    await stopShop(restored);
    await stopShop(erased);
    rmSync(scratch, { recursive: true, force: true });
  }, 30_000);

  it('writes the log and the keys to two directories, and no key is in the log part', () => {
    const log = partText(path.join(backupDir, 'log'));
    const keysText = partText(path.join(backupDir, 'keys'));
    // The search finds the key where it is, so its absence from the log's part means something.
    // The search finds every key in the keys part, so its absence from the log's part means something.
    // (Subject ids are in both: the log files each event under its opaque subject.)
    expect(keys.map((k) => keysText.includes(k.key))).toEqual(keys.map(() => true));
    expect(keys.map((k) => log.includes(k.key))).toEqual(keys.map(() => false));
    expect({ subjects: log.includes('data_key'), lookups: log.includes('keystore') }).toEqual({ subjects: false, lookups: false });
    expect(log).toContain('OrderPlaced');
    expect(keysText).not.toContain('OrderPlaced');
    expect(readdirSync(path.join(backupDir, 'keys', 'files')).sort()).toEqual(['admin-password', 'jwt-secret']);
  });

  it('refuses parts swapped, a log and keys from two backups, and a damaged file', () => {
    const copy = path.join(scratch, 'copy');
    cpSync(backupDir, copy, { recursive: true });
    const dirs = { log: path.join(copy, 'log'), keys: path.join(copy, 'keys') };
    expect(readBackup(dirs).log.log?.events).toBe(before.events.length);
    expect(() => readBackup({ log: dirs.keys, keys: dirs.log })).toThrow(`${dirs.keys} is the keys part of a backup, given as the log part`);
    const keysManifest = path.join(dirs.keys, 'manifest.json');
    const taken = readFileSync(keysManifest, 'utf8');
    writeFileSync(keysManifest, JSON.stringify({ ...JSON.parse(taken), backupId: randomUUID() }));
    expect(() => readBackup(dirs)).toThrow('come from two different backups');
    writeFileSync(keysManifest, taken);
    appendFileSync(path.join(dirs.log, 'data', '0001.ndjson.gz'), 'x');
    expect(() => readBackup(dirs)).toThrow('(event_store.events) is damaged');
  });

  it('refuses a data directory that is not empty, and leaves it as it was', () => {
    const entries = readdirSync(originalDir).sort();
    const refused = node(RESTORE_CLI, [backupDir, '--accept-unerased'], shopEnv(originalDir));
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`DATA_DIR ${originalDir} is not empty`);
    expect(readdirSync(originalDir).sort()).toEqual(entries);
  });

  it('refuses a restore without a newer erasure ledger, or with an older one, and makes nothing', () => {
    const refused = node(RESTORE_CLI, [backupDir], shopEnv(restoredDir));
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('give the erasure ledger of a newer backup (--erasures');
    const older = node(RESTORE_CLI, [laterBackupDir, '--erasures', backupDir], shopEnv(restoredDir));
    expect(older.code).toBe(1);
    expect(older.out).toContain('is older than the backup');
    expect(existsSync(restoredDir)).toBe(false);
  });

  it('carries the whole erasure ledger in the keys part, and no retired password', () => {
    const ledger = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'keys', 'erasures.json'), 'utf8')) as { erasures: Array<{ data: { subjectId: string; orderIds: string[] } }> };
    expect(ledger(backupDir).erasures).toEqual([]);
    expect(ledger(laterBackupDir).erasures.map((e) => e.data.subjectId)).toEqual([erasedSubject]);
    expect(JSON.stringify(ledger(laterBackupDir))).not.toContain(SHOPPERS[0].lastName);
    expect(readdirSync(path.join(laterBackupDir, 'keys', 'files'))).toEqual(['jwt-secret']);
  });

  it('restores into an empty data directory, where the shop starts as its own roles and rebuilds every read model as it was', async () => {
    // The newest backup there is: restored unerased, as told, and the start banner says so.
    const restore = node(RESTORE_CLI, [backupDir, '--accept-unerased'], shopEnv(restoredDir));
    expect({ code: restore.code, out: restore.code === 0 ? '' : restore.out }).toEqual({ code: 0, out: '' });
    restored = await startShop(restoredDir);
    const urls = await shopRoleUrls(restoredDir);
    await until('the restored read models are built', () => caughtUp(urls.superuser, before.projections), { timeoutMs: 30_000, context: restored.logTail });
    await until('the start banner', async () => restored!.logTail().includes('Ctrl-C stops everything') || undefined, { timeoutMs: 10_000, context: restored.logTail });
    expect(restored.logTail()).toContain('ERASURES      NOT APPLIED: restored from the backup of');

    expect(await readModels(urls.superuser)).toEqual(before.models);
    // The log as it was, to the transaction ids and positions.
    expect((await rowsAs<{ row: string }>(urls.superuser, `SELECT e::text AS row FROM event_store.events e ORDER BY global_position`)).map((r) => r.row)).toEqual(before.events);
    expect(before.models['read.orders']).toHaveLength(SHOPPERS.length);

    // The key store: its rows, owner and grants.
    expect(await rowsAs(urls.superuser, `SELECT subject_id, encode(data_key, 'hex') AS key FROM keystore.subjects ORDER BY subject_id`)).toEqual(keys);
    expect(await rowsAs(urls.superuser, `SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'keystore'`)).toEqual([{ tableowner: 'shop_keystore' }]);

    // The services connect as their roles, and the log is still append-only for all of them.
    const users = await rowsAs<{ usename: string }>(urls.superuser, `SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid() ORDER BY 1`);
    // (The projector's key connection, shop_key_reader, may have gone idle and closed by now.)
    expect(users.map((u) => u.usename)).toEqual(expect.arrayContaining(['shop_api', 'shop_projector']));
    expect(users.filter((u) => !['shop_api', 'shop_projector', 'shop_key_reader', 'shop_log_writer'].includes(u.usename))).toEqual([]);
    const refusal = await rowsAs(urls.owner, `UPDATE event_store.events SET data = '{}'`).then(() => 'ok', (e: { code?: string }) => e.code);
    expect(refusal).toBe('42501');

    // The admin signs in with the password the original generated, and new orders follow the restored ones.
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${restored!.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await post('/api/admin/login', { username: 'admin', password: before.adminPassword })).status).toBe(200);
    const posterId = (await rowsAs<{ id: string }>(urls.superuser, `SELECT id FROM read.posters`))[0].id;
    const { cartId } = (await (await post('/api/user/cart', { posterId, size: 'SIZE_30x40', quantity: 2 })).json()) as { cartId: string };
    const checkout = await post('/api/user/cart/checkout', { ...SHOPPERS[0], phone: '01512345678' }, { 'x-cart-id': cartId });
    expect(checkout.status).toBe(200);
    const { orderId } = (await checkout.json()) as { orderId: string };
    await until('the new order is projected', async () => (await rowsAs(urls.superuser, `SELECT 1 FROM read.orders WHERE id = $1`, [orderId])).length === 1, { timeoutMs: 20_000, context: restored.logTail });
    expect((await rowsAs<{ n: number }>(urls.superuser, `SELECT count(*)::int AS n FROM read.orders`))[0].n).toBe(SHOPPERS.length + 1);
  }, 120_000);

  it('restores the old backup with the newer ledger: the erased shopper is nowhere, and the owner still needs the second factor', async () => {
    await stopShop(restored);
    const restore = node(RESTORE_CLI, [backupDir, '--erasures', laterBackupDir], shopEnv(erasedDir));
    expect({ code: restore.code, out: restore.code === 0 ? '' : restore.out }).toEqual({ code: 0, out: '' });
    expect(existsSync(path.join(erasedDir, 'unerased-restore.json'))).toBe(false);
    erased = await startShop(erasedDir);
    const urls = await shopRoleUrls(erasedDir);
    await until('the restored read models are built', () => caughtUp(urls.superuser, before.projections), { timeoutMs: 30_000, context: erased.logTail });
    expect(erased.logTail()).not.toContain('ERASURES');

    // Two-factor as it was: the password alone is not enough, a recovery code of the original is.
    expect(await staffAuth(urls.superuser)).toEqual(staffAuthRows);
    const post = (url: string, body: unknown) => fetch(`${erased!.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const first = (await (await post('/api/admin/auth/login', { username: 'admin', password: before.adminPassword })).json()) as { twoFactorRequired: boolean; challenge: string; token?: string };
    expect({ twoFactorRequired: first.twoFactorRequired, token: first.token }).toEqual({ twoFactorRequired: true, token: undefined });
    const second = await post('/api/admin/auth/login/two-factor', { challenge: first.challenge, recoveryCode: recoveryCodes[0] });
    expect(second.status).toBe(200);
    const token = ((await second.json()) as { token: string }).token;
    const adminText = async (url: string) => (await fetch(`${erased!.base}${url}`, { headers: { authorization: `Bearer ${token}` } })).text();

    // Nowhere: the key store, every read model, the decrypted events, search; the others intact.
    expect(await rowsAs(urls.superuser, `SELECT 1 FROM keystore.subjects WHERE subject_id = $1`, [erasedSubject])).toEqual([]);
    const everywhere = [
      JSON.stringify(await readModels(urls.superuser)),
      await adminText('/api/admin/events/export'),
      await adminText(`/api/admin/orders?search=${encodeURIComponent(SHOPPERS[0].lastName)}`),
      await adminText(`/api/admin/orders?search=${SHOPPERS[0].phone}`),
      await adminText('/api/admin/orders?page=1&size=100'),
      await adminText('/api/admin/customers?page=1&size=100'),
    ].join('\n').toLowerCase();
    expect(ERASED_SECRETS.filter((secret) => everywhere.includes(secret.toLowerCase()))).toEqual([]);
    for (const other of SHOPPERS.slice(1)) expect(everywhere).toContain(other.lastName.toLowerCase());
    // The restored log records the erasure, so the next backup carries it on.
    expect(await rowsAs(urls.superuser, `SELECT stream_name FROM event_store.events WHERE event_type = 'PersonalDataErased'`)).toEqual([{ stream_name: `personaldata-${erasedSubject}` }]);
  }, 120_000);
});

// `node libs/platform/bin/compare-read-models-across-builds.mjs [<old-commit>=61f818c] [--keep]`
//
// Shows that encrypting personal data (docs/adr/012) and rewriting an old log (docs/adr/013)
// change no read model: the old commit's shop, built in a temporary worktree, takes a fixed
// scenario over HTTP (guest checkouts, one phone used twice, status changes, newsletter sign-ups),
// rebuilds every projection and its read models are dumped; then this build, on the same data
// directory, protects the log with the stack stopped, starts, rebuilds every projection from the
// log and dumps them again. Tables are compared row for row, rebuild against rebuild (the old
// build's live tables against its own rebuild are reported apart: not encryption's doing).
// People were keyed by phone before and by an opaque subject id now: each subject is mapped back
// to the one phone its orders carry (a subject with two phones, or a phone with two subjects, is a
// difference), a newsletter subscriber to the old id of its address; no table is dropped. It also
// checks that the event store's rows no longer hold any shopper's name, phone, street or e-mail.
// Prints one JSON report; exit 1 on any difference, 2 if it could not run.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, openSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { embeddedSuperuserUrl, freePort } from './local-servers.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const args = process.argv.slice(2);
const keep = args.includes('--keep');
const oldCommit = args.find((a) => !a.startsWith('--')) ?? '61f818c';
const ADMIN = { username: 'admin', password: 'compare-builds-admin' };
const READ_SCHEMA = 'read';
const log = (msg) => process.stderr.write(`[compare] ${msg}\n`);

const SHOPPERS = [
  { firstName: 'Mona', lastName: 'Hassanein', phone: '01012345678', email: 'mona.hassanein@example.com', addressLine: '12 Tahrir Street', building: '4', apartment: '7', city: 'Dokki', governorate: 'GIZA', notes: 'Ring the bell twice', latitude: 30.0384, longitude: 31.2113 },
  { firstName: 'Karim', lastName: 'Abdelsalam', phone: '01198765432', email: 'karim.abdelsalam@example.com', addressLine: '3 Corniche Road', building: '9', apartment: '1', city: 'Zamalek', governorate: 'CAIRO', notes: null, latitude: 30.0609, longitude: 31.2197 },
  { firstName: 'Salma', lastName: 'Fathy', phone: '01234567890', email: null, addressLine: '41 Fouad Street', building: '2', apartment: '12', city: 'Raml Station', governorate: 'ALEXANDRIA', notes: 'Call before coming', latitude: 31.1989, longitude: 29.9006 },
  { firstName: 'Omar', lastName: 'Nagib', phone: '01555123456', email: 'omar.nagib@example.com', addressLine: '7 Karnak Temple Road', building: '15', apartment: '3', city: 'East Bank', governorate: 'LUXOR', notes: null, latitude: 25.6989, longitude: 32.6421 },
  // Mona again, from another address and a new e-mail: one person, two orders.
  { firstName: 'Mona', lastName: 'Hassanein', phone: '01012345678', email: 'mona.h@example.com', addressLine: '88 Pyramids Road', building: '1', apartment: '2', city: 'Haram', governorate: 'GIZA', notes: 'Leave with the doorman', latitude: 29.9934, longitude: 31.1656 },
];
/** The status moves each order (by its place in SHOPPERS) goes through, in order. */
const STATUS_MOVES = [['CONFIRMED', 'SHIPPED', 'DELIVERED'], ['SHIPPED', 'REFUSED'], ['CANCELED'], ['CONFIRMED'], ['SHIPPED']];
const NEWSLETTER = ['reader.only@example.com', SHOPPERS[1].email];
const SECRETS = [...new Set([...SHOPPERS.flatMap((s) => [s.firstName, s.lastName, s.phone, s.phone.slice(1), s.addressLine, s.email]), ...NEWSLETTER])].filter(Boolean);

function run(cwd, script, scriptArgs, env = process.env) {
  const r = spawnSync(process.execPath, [script, ...scriptArgs], { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error(`${script} ${scriptArgs.join(' ')} in ${cwd} failed (exit ${r.status})`);
  return r.stdout;
}

function superuserUrl(dataDir) {
  return embeddedSuperuserUrl(path.join(dataDir, 'postgres'));
}

async function query(url, sql, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function until(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A failed check is retried, unless it says waiting is pointless (the shop exited).
    const value = await check().catch((e) => { if (e.fatal) throw e; });
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The shop of the build in `cwd` (its start.mjs), as npm start runs it, on `dataDir`. */
async function startShop(cwd, dataDir, logName) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), PROJECTOR_PORT: String(await freePort()), DATA_DIR: dataDir, NODE_ENV: 'production', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, STAFF_TWO_FACTOR_ROLES: 'none', LOG_LEVEL: 'warn' };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'PG_PORT', 'PERSONAL_DATA_ENCRYPTION', 'MAINTENANCE_DATABASE_URL', 'KEY_STORE_URL', 'npm_lifecycle_event']) delete env[key];
  const out = openSync(path.join(path.dirname(dataDir), logName), 'a');
  const child = spawn(process.execPath, ['libs/platform/bin/start.mjs'], { cwd, env, stdio: ['ignore', out, out], detached: true });
  const base = `http://127.0.0.1:${port}`;
  await until(`${cwd} shop health`, async () => {
    if (child.exitCode !== null) throw Object.assign(new Error(`shop in ${cwd} exited (${child.exitCode}); see ${logName}`), { fatal: true });
    return (await fetch(`${base}/api/health`)).ok;
  }, 300_000).catch((e) => { child.kill('SIGKILL'); throw e; });
  const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { token } = await login.json();
  const call = async (method, url, body, headers = {}) => {
    const res = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
  const stop = () => new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const kill = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, 20_000);
    child.once('exit', () => { clearTimeout(kill); resolve(); });
    child.kill('SIGTERM');
  });
  return { call, stop };
}

async function scenario(shop) {
  const { posters } = await shop.call('GET', '/api/public/posters?page=1&limit=3');
  const orderIds = [];
  for (const [i, shopper] of SHOPPERS.entries()) {
    const { cartId } = await shop.call('POST', '/api/user/cart', { posterId: posters[i % posters.length].id, size: 'SIZE_30x40', quantity: 2 });
    if (i % 2 === 0) await shop.call('POST', '/api/user/cart', { posterId: posters[(i + 1) % posters.length].id, size: 'SIZE_30x40', quantity: 1 }, { 'x-cart-id': cartId });
    const { email, notes, ...rest } = shopper;
    const answer = await shop.call('POST', '/api/user/cart/checkout', { ...rest, ...(email ? { email } : {}), ...(notes ? { notes } : {}), paymentMethod: 'COD' }, { 'x-cart-id': cartId });
    orderIds.push(answer.orderId);
  }
  for (const email of NEWSLETTER) await shop.call('POST', '/api/public/newsletter', { email });
  for (const [i, moves] of STATUS_MOVES.entries()) {
    await until(`order ${orderIds[i]} projected`, () => shop.call('GET', `/api/admin/orders/${orderIds[i]}`), 30_000);
    for (const status of moves) await shop.call('PATCH', `/api/admin/orders/${orderIds[i]}/status`, { status });
  }
  return orderIds;
}

/** Every projection caught up with the log, none failed or building, every rebuild asked for done. */
async function caughtUp(shop, since = new Map()) {
  return until('every projection caught up', async () => {
    const list = await shop.call('GET', '/api/admin/projections');
    const idle = list.every((p) => p.lag?.events === 0 && !p.failure && !p.rebuild && (!since.has(p.name) || (p.lastRebuildRequest?.status === 'done' && BigInt(p.lastRebuildRequest.id) >= BigInt(since.get(p.name)))));
    return idle && list;
  }, 300_000);
}

/** Asks for a rebuild of every projection the shop lists and waits until each is swapped in. */
async function rebuildAll(shop) {
  const requested = new Map();
  for (const p of await shop.call('GET', '/api/admin/projections')) requested.set(p.name, (await shop.call('POST', `/api/admin/projections/${p.name}/rebuild`)).requestId);
  return caughtUp(shop, requested);
}

async function dumpReadModels(url) {
  const tables = await query(url, `SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename`, [READ_SCHEMA]);
  const dump = {};
  for (const { tablename } of tables) dump[tablename] = (await query(url, `SELECT row_to_json(t) AS r FROM ${READ_SCHEMA}."${tablename}" t`)).map((x) => x.r);
  return dump;
}

/**
 * The new side's rows with each subject id put back as the key it replaced: a person's phone
 * (from the new orders: each subject's phones) where rows were keyed by phone, and the old
 * subscriber id of the same address in newsletter_subscribers (keyed by a hash of the address
 * before). Tables whose key was renamed phone → subject_id get `phone` back; tables that gained
 * subject_id beside their phone keep it only as a consistency check. Every subject id must be one
 * the key store holds.
 */
function unkeySubjects(oldDump, newDump, keyStoreSubjects) {
  const phonesOf = new Map();
  const subjectsOf = new Map();
  for (const o of newDump.orders ?? []) {
    phonesOf.set(o.subject_id, (phonesOf.get(o.subject_id) ?? new Set()).add(o.phone));
    subjectsOf.set(o.phone, (subjectsOf.get(o.phone) ?? new Set()).add(o.subject_id));
  }
  const problems = [
    ...[...phonesOf].filter(([, p]) => p.size > 1).map(([s, p]) => `subject ${s} has phones ${[...p].join(', ')}`),
    ...[...subjectsOf].filter(([, s]) => s.size > 1).map(([p, s]) => `phone ${p} has subjects ${[...s].join(', ')}`),
  ];
  const known = (table, subject) => keyStoreSubjects.has(subject) || problems.push(`${table}: subject ${subject} is not in the key store`);
  const phoneOf = (subject) => (phonesOf.get(subject)?.size === 1 ? [...phonesOf.get(subject)][0] : `unmapped subject ${subject}`);
  const mapped = {};
  for (const [table, rows] of Object.entries(newDump)) {
    const oldColumns = new Set(Object.keys(oldDump[table]?.[0] ?? {}));
    if (!rows.length || !('subject_id' in rows[0]) || oldColumns.has('subject_id')) {
      mapped[table] = rows;
      continue;
    }
    mapped[table] = rows.map(({ subject_id, ...row }) => {
      known(table, subject_id);
      if (!('phone' in row)) return { ...row, phone: phoneOf(subject_id) };
      if (phoneOf(subject_id) !== row.phone) problems.push(`${table}: row with phone ${row.phone} under subject ${subject_id} (${phoneOf(subject_id)})`);
      return row;
    });
  }
  const oldIdOf = new Map((oldDump.newsletter_subscribers ?? []).map((r) => [r.email, r.id]));
  mapped.newsletter_subscribers = (newDump.newsletter_subscribers ?? []).map((row) => {
    known('newsletter_subscribers', row.id);
    return { ...row, id: oldIdOf.get(row.email) ?? `unmapped subject ${row.id}` };
  });
  return { mapped, subjects: phonesOf.size, problems };
}

const canonical = (row) => JSON.stringify(Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))));

function compare(oldDump, newDump) {
  const tables = {};
  for (const table of [...new Set([...Object.keys(oldDump), ...Object.keys(newDump)])].sort()) {
    if (!(table in oldDump) || !(table in newDump)) {
      tables[table] = { onlyIn: table in oldDump ? 'old' : 'new', rows: (oldDump[table] ?? newDump[table]).length };
      continue;
    }
    const count = (rows) => rows.map(canonical).reduce((m, r) => m.set(r, (m.get(r) ?? 0) + 1), new Map());
    const [before, after] = [count(oldDump[table]), count(newDump[table])];
    const onlyOld = [...before].filter(([r, n]) => after.get(r) !== n).map(([r]) => JSON.parse(r));
    const onlyNew = [...after].filter(([r, n]) => before.get(r) !== n).map(([r]) => JSON.parse(r));
    tables[table] = { rowsOld: oldDump[table].length, rowsNew: newDump[table].length, equal: onlyOld.length === 0 && onlyNew.length === 0, ...(onlyOld.length || onlyNew.length ? { onlyOld, onlyNew } : {}) };
  }
  return tables;
}

async function main() {
  const started = Date.now();
  const work = mkdtempSync(path.join(os.tmpdir(), 'compare-builds-'));
  chmodSync(work, 0o755); // as root, PostgreSQL runs as the postgres user and must reach DATA_DIR
  const oldTree = path.join(work, 'old');
  const dataDir = path.join(work, 'data');
  let shop;
  try {
    log(`building ${oldCommit} in ${oldTree}`);
    const git = (...a) => { const r = spawnSync('git', ['-C', root, ...a], { stdio: ['ignore', 'ignore', 'inherit'] }); if (r.status !== 0) throw new Error(`git ${a.join(' ')} failed`); };
    git('worktree', 'add', '--detach', oldTree, oldCommit);
    symlinkSync(path.join(root, 'node_modules'), path.join(oldTree, 'node_modules'));
    run(oldTree, 'libs/platform/bin/build.mjs', []);
    run(root, 'libs/platform/bin/build.mjs', ['--if-stale']);

    log('old build: scenario');
    shop = await startShop(oldTree, dataDir, 'old-shop.log');
    const orderIds = await scenario(shop);
    await caughtUp(shop);
    const oldLive = await dumpReadModels(superuserUrl(dataDir));
    // The reference is the old build's own rebuild from the same log: live tables, moved event by
    // event batch after batch, may differ from a rebuild for reasons of their own (reported apart).
    const oldProjections = await rebuildAll(shop);
    const oldDump = await dumpReadModels(superuserUrl(dataDir));
    await shop.stop();
    shop = undefined;

    log('new build: protect-personal-data, start, rebuild every projection');
    const env = { ...process.env, DATA_DIR: dataDir };
    for (const key of ['DATABASE_URL', 'MAINTENANCE_DATABASE_URL', 'EVENT_STORE']) delete env[key];
    const protectOut = run(root, 'libs/platform/bin/with-shop-database.mjs', ['dist/services/projector/src/cli.js', 'protect-personal-data'], env);
    const protect = JSON.parse(protectOut.trim().split('\n').pop());
    shop = await startShop(root, dataDir, 'new-shop.log');
    await caughtUp(shop);
    const newProjections = await rebuildAll(shop);
    const url = superuserUrl(dataDir);
    const newDump = await dumpReadModels(url);
    const keyStoreSubjects = new Set((await query(url, 'SELECT subject_id::text AS s FROM keystore.subjects')).map((r) => r.s));
    let logText = '';
    for (const { name } of await query(url, `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'event_store'`)) {
      logText += (await query(url, `SELECT t::text AS row FROM ${name} t`)).map((r) => r.row).join('\n');
    }
    const leaked = SECRETS.filter((s) => logText.toLowerCase().includes(s.toLowerCase()));
    await shop.stop();
    shop = undefined;

    const { mapped, subjects, problems } = unkeySubjects(oldDump, newDump, keyStoreSubjects);
    const tables = compare(oldDump, mapped);
    const different = Object.entries(tables).filter(([, t]) => t.equal !== true).map(([name]) => name);
    const oldLiveVsRebuilt = Object.fromEntries(Object.entries(compare(oldLive, oldDump)).filter(([, t]) => t.equal !== true));
    const report = {
      oldCommit,
      newCommit: spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim(),
      orders: orderIds.length,
      projections: { old: oldProjections.length, rebuilt: newProjections.length },
      protect,
      subjectsMappedToPhones: subjects,
      keyStoreSubjects: keyStoreSubjects.size,
      keyProblems: problems,
      tablesCompared: Object.keys(tables).length,
      rowsCompared: Object.values(tables).reduce((n, t) => n + (t.rowsOld ?? 0), 0),
      differentTables: different,
      logLeaks: leaked,
      // Not encryption's doing: the old build's live tables against its own rebuild.
      oldLiveVsRebuilt,
      seconds: Math.round((Date.now() - started) / 1000),
      tables,
    };
    console.log(JSON.stringify(report, null, 2));
    process.exitCode = different.length || problems.length || leaked.length ? 1 : 0;
  } finally {
    await shop?.stop();
    if (!keep) {
      spawnSync('git', ['-C', root, 'worktree', 'remove', '--force', oldTree], { stdio: 'ignore' });
      rmSync(work, { recursive: true, force: true });
    } else log(`kept ${work}`);
  }
}

main().catch((e) => {
  console.error(`[compare] ${e.stack ?? e.message}`);
  process.exit(2);
});

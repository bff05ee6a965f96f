/**
 * Personal data at rest, on the shop as `npm start` runs it (its own embedded PostgreSQL, each
 * process as its own role): orders placed and an address subscribed through the API leave no
 * name, phone, street or e-mail in the event store's rows, read as text by a superuser; the
 * back-office (orders, customers, CSV, the event browser and its NDJSON) shows them decrypted; and
 * the key store answers only the roles it names (docs/adr/012).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { PostgresKeyStore } from '#event-store/personal-data/key-store.js';
import { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
// @ts-expect-error: plain-Node launcher module without type declarations
import { freePort } from '../bin/local-servers.mjs';
import { shopRoleUrls } from '../src/testing/shop-role-urls.js';
import { rowsAs, sqlStateAs, stackLogFile, stackLogTail, stopStartedStack } from '../src/testing/started-stack.js';
import { until } from '../src/testing/until.js';

const root = path.resolve(import.meta.dirname, '../../..');
const SHOPPERS = [
  { firstName: 'Mona', lastName: 'Hassanein', phone: '01012345678', email: 'mona.hassanein@example.com', addressLine: '12 Tahrir Street', building: '4', apartment: '7', city: 'Dokki', governorate: 'GIZA', paymentMethod: 'COD', notes: 'Ring the bell twice' },
  { firstName: 'Karim', lastName: 'Abdelsalam', phone: '01198765432', email: 'karim.abdelsalam@example.com', addressLine: '3 Corniche Road', building: '9', apartment: '1', city: 'Zamalek', governorate: 'CAIRO', paymentMethod: 'COD', notes: null },
];
const NEWSLETTER_ONLY = 'reader.only@example.com';
/** What must never be in the log's rows: each shopper's name, phone (both forms), street and e-mail. */
const SECRETS = [
  ...SHOPPERS.flatMap((s) => [s.firstName, s.lastName, s.phone, s.phone.slice(1), s.addressLine, s.email]),
  NEWSLETTER_ONLY,
];



describe('personal data at rest in the started stack', () => {
  let stack: ChildProcess;
  let dataDir: string;
  let base: string;
  let token: string;
  const logFile = () => stackLogFile(dataDir);
  const logTail = () => stackLogTail(dataDir);
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const admin = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
    const port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'poster-shop-pii-'));
    chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      PROJECTOR_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'personal-data-admin',
      LOG_LEVEL: 'warn',
    };
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'PG_PORT', 'PERSONAL_DATA_ENCRYPTION', 'npm_lifecycle_event']) delete env[key];
    stack = spawn(process.execPath, ['libs/platform/bin/start.mjs'], { cwd: root, env, stdio: ['ignore', openSync(logFile(), 'a'), openSync(logFile(), 'a')], detached: true });
    base = `http://127.0.0.1:${port}`;
    await until('/api/health', async () => (await fetch(`${base}/api/health`)).status === 200 || undefined, { timeoutMs: 90_000, child: stack, context: logTail });
    token = ((await (await post('/api/admin/login', { username: 'admin', password: 'personal-data-admin' })).json()) as { token: string }).token;

    const posters = (await (await fetch(`${base}/api/public/posters?page=1&limit=1`)).json()) as { posters: { id: string }[] };
    for (const shopper of SHOPPERS) {
      const cartId = ((await (await post('/api/user/cart', { posterId: posters.posters[0].id, size: 'SIZE_30x40', quantity: 2 })).json()) as { cartId: string }).cartId;
      const checkout = await post('/api/user/cart/checkout', { ...shopper, latitude: 30.0444, longitude: 31.2357 }, { 'x-cart-id': cartId });
      expect(checkout.status).toBe(200);
    }
    expect((await post('/api/public/newsletter', { email: NEWSLETTER_ONLY })).status).toBeLessThan(300);
    await until('orders projected', async () => {
      const body = await admin('/api/admin/orders?page=1&limit=10');
      return SHOPPERS.every((s) => body.includes(s.lastName)) || undefined;
    }, { timeoutMs: 30_000, child: stack, context: logTail });
  }, 180_000);

  afterAll(async () => {
    await stopStartedStack(stack, dataDir);
  }, 30_000);

  it("leaves none of the shoppers' names, phones, streets or e-mails in the event store's rows", async () => {
    const { superuser } = await shopRoleUrls(dataDir);
    const tables = await rowsAs<{ name: string }>(superuser, `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'event_store'`);
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['event_store.events', 'event_store.streams']));
    let text = '';
    for (const t of tables) text += (await rowsAs<{ row: string }>(superuser, `SELECT t::text AS row FROM ${t.name} t`)).map((r) => r.row).join('\n');
    // The orders are there, encrypted: the test looks at the right rows.
    expect({ orders: text.includes('OrderPlaced'), envelopes: text.includes('personal') }).toEqual({ orders: true, envelopes: true });
    const leaked = SECRETS.filter((s) => text.toLowerCase().includes(s.toLowerCase()));
    expect(leaked).toEqual([]);
  });

  it('shows them decrypted in the orders, customers, CSV export, newsletter list, event browser and its NDJSON', async () => {
    const [mona] = SHOPPERS;
    const places = {
      orders: await admin('/api/admin/orders?page=1&limit=10'),
      customers: await admin('/api/admin/customers?page=1&limit=10'),
      csv: await admin('/api/admin/orders/export'),
      newsletter: await admin('/api/admin/newsletter?page=1&limit=10'),
      events: await admin('/api/admin/events?type=OrderPlaced,NewsletterSubscribed&limit=50'),
      ndjson: await admin('/api/admin/events/export?type=OrderPlaced,CartCheckedOut,NewsletterSubscribed'),
    };
    const missing = Object.entries(places).flatMap(([where, body]) =>
      (where === 'newsletter' ? [NEWSLETTER_ONLY] : where === 'csv' || where === 'customers' ? [mona.firstName, mona.phone, mona.addressLine] : [mona.firstName, mona.phone, mona.addressLine, mona.notes])
        .filter((s): s is string => s !== null && !body.includes(s))
        .map((s) => `${where}: ${s}`),
    );
    expect(missing).toEqual([]);
    // The browser shows events as written, personal fields in place and no envelope left.
    const ndjson = places.ndjson.trim().split('\n').map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> });
    expect(ndjson.filter((e) => 'personal' in e.data)).toEqual([]);
    expect(ndjson.find((e) => e.type === 'NewsletterSubscribed')?.data.email).toBe(NEWSLETTER_ONLY);
  });

  it('files the newsletter address under an opaque subject, not a name derived from the address', async () => {
    const { superuser } = await shopRoleUrls(dataDir);
    const streams = await rowsAs<{ stream_name: string }>(superuser, `SELECT stream_name FROM event_store.streams WHERE stream_name LIKE 'subscriber-%'`);
    const subjects = await rowsAs<{ subject_id: string }>(superuser, `SELECT subject_id::text FROM keystore.subjects`);
    expect(streams).toHaveLength(1);
    expect(subjects.map((s) => `subscriber-${s.subject_id}`)).toContain(streams[0].stream_name);
    // Three people: two shoppers by phone, one newsletter-only address.
    expect(subjects).toHaveLength(3);
  });

  it('answers the key store to the API and to the projector\'s key reader only, the reader read-only', async () => {
    const urls = await shopRoleUrls(dataDir);
    const { superuser } = urls;
    const keyUsers = await rowsAs<{ usename: string }>(superuser, `SELECT DISTINCT usename FROM pg_stat_activity WHERE application_name = 'key-store'`);
    expect(keyUsers.map((u) => u.usename).sort()).toEqual(['shop_api', 'shop_key_reader']);
    expect({
      apiReads: await sqlStateAs(urls.api, 'SELECT count(*) FROM keystore.subjects'),
      readerReads: await sqlStateAs(urls.keyReader, 'SELECT count(*) FROM keystore.subjects'),
      readerWrites: await sqlStateAs(urls.keyReader, `INSERT INTO keystore.subjects (subject_id, data_key) VALUES (gen_random_uuid(), decode(repeat('00', 32), 'hex'))`),
      readerReadsSecret: await sqlStateAs(urls.keyReader, 'SELECT * FROM keystore.secrets'),
      projectorReads: await sqlStateAs(urls.projector, 'SELECT count(*) FROM keystore.subjects'),
      ownerReads: await sqlStateAs(urls.owner, 'SELECT count(*) FROM keystore.subjects'),
    }).toEqual({ apiReads: 'ok', readerReads: 'ok', readerWrites: '42501', readerReadsSecret: '42501', projectorReads: '42501', ownerReads: '42501' });
  });

  it("runs every key-store method as the API's role and as the projector's key reader without writing the lookup secret", async () => {
    const urls = await shopRoleUrls(dataDir);
    const secretBefore = await rowsAs<{ name: string; secret: Buffer }>(urls.superuser, 'SELECT name, secret FROM keystore.secrets');
    // Made once by the key store's own role at start; neither service role may write it.
    expect(secretBefore.map((r) => r.name)).toEqual(['subject-lookup']);
    const may = await rowsAs<Record<string, boolean>>(
      urls.superuser,
      `SELECT has_table_privilege('shop_api', 'keystore.secrets', 'INSERT') AS "apiInserts", has_table_privilege('shop_key_reader', 'keystore.secrets', 'INSERT') AS "readerInserts"`,
    );
    expect(may).toEqual([{ apiInserts: false, readerInserts: false }]);
    // Every statement the key store sends, by role: none may write keystore.secrets.
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (text) sent.push(text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const code = (p: Promise<unknown>) => p.then(() => 'ok', (e: { code?: string }) => e.code ?? String(e));
    try {
      // Caches that outlive the test: cachedKey answers what an earlier call cached, whatever the
      // machine's pace (with an age of 0 it depended on both calls falling in one millisecond).
      const api = await PostgresKeyStore.connect({ connectionString: urls.api, purpose: 'request', maxAgeMs: 600_000 });
      const reader = await PostgresKeyStore.connect({ connectionString: urls.keyReader, maxAgeMs: 600_000 });
      try {
        const person = await api.subjectFor('phone', '01055501234');
        const asApi = {
          subjectFor: (await api.subjectFor('phone', '01055501234')).subjectId === person.subjectId,
          findSubject: (await api.findSubject('phone', '01055501234')) === person.subjectId,
          addLookup: await api.addLookup(person.subjectId, 'email', 'roles.test@example.com'),
          keysOf: (await api.keysOf([person.subjectId])).get(person.subjectId)?.equals(person.key),
          cachedKey: api.cachedKey(person.subjectId) !== undefined,
        };
        expect(asApi).toEqual({ subjectFor: true, findSubject: true, addLookup: true, keysOf: true, cachedKey: true });
        // The reader reads keys, and seals an event derived from a person's own (the checkout
        // completion's OrderPlaced) under that person's key; everything else is refused by privilege.
        const asReader = {
          keysOf: (await reader.keysOf([person.subjectId])).get(person.subjectId)?.equals(person.key),
          cachedKey: reader.cachedKey(person.subjectId)?.equals(person.key),
          sealsUnderNamedSubject: await code(
            new PersonalDataCipher(reader).seal('order-roles', [
              { id: '00000000-0000-4000-8000-000000000001', type: 'OrderPlaced', data: { customer: { phone: '01055501234' } }, metadata: { correlationId: 'c', actor: { kind: 'system', id: 't' }, occurredAt: '2026-11-29T00:00:00Z', subjectId: person.subjectId } },
            ]),
          ),
          subjectFor: await code(reader.subjectFor('phone', '01055501235')),
          findSubject: await code(reader.findSubject('phone', '01055501234')),
          addLookup: await code(reader.addLookup(person.subjectId, 'phone', '01055501236')),
          destroy: await code(reader.destroy([person.subjectId])),
        };
        expect(asReader).toEqual({ keysOf: true, cachedKey: true, sealsUnderNamedSubject: 'ok', subjectFor: '42501', findSubject: '42501', addLookup: '42501', destroy: '42501' });
        expect(await api.destroy([person.subjectId])).toBe(1);
      } finally {
        await api.close();
        await reader.close();
      }
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(sent.length).toBeGreaterThan(5);
    expect(sent.filter((text) => /insert\s+into\s+keystore\.secrets/i.test(text))).toEqual([]);
    expect(await rowsAs(urls.superuser, 'SELECT name, secret FROM keystore.secrets')).toEqual(secretBefore);
  });
});

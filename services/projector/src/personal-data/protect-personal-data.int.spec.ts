/**
 * The legacy rewrite, on a log written as the shop wrote it before personal data was encrypted
 * (events stored as written): `protect-personal-data` (the real command) refuses while another
 * process has the log open and for a role that is not the maintenance role; run alone it leaves
 * none of the shoppers' phones, e-mails or streets in the event store's rows, deletes the
 * snapshots that held them, renames the subscriber streams named after an address's hash; a rerun
 * finds nothing left to do; and every read model rebuilt from the rewritten log equals the one
 * built from the plain log (people's keys aside: subject ids now, phones and address hashes then).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { newsletterSubscriberId } from '#domain/content/subscription.decider.js';
import type { OrderPlaced } from '#domain/order/events.js';
import { snapshotTaken } from '#domain/snapshots.js';
import { subscriberStream } from '#domain/streams.js';
import { createEventStore } from '#event-store/create-event-store.js';
import type { EventStore, Position } from '#event-store/event-store.port.js';
import { newestStoredPosition } from '#platform/testing/test-database.js';
import { ALL_PROJECTIONS } from '#read-models/projections/all-projections.js';
import { ProjectorRunner } from '../runner/runner.js';
import { appendUnits, createProjectorTestDb, waitForCheckpoints, type TestDb } from '../testing/projector-test-kit.js';
import { generateShopEvents } from '../testing/shop-event-generator.js';

const root = path.resolve(import.meta.dirname, '../../../..');
/** A reason staff typed about the shopper, written before reasons were sealed. */
const LEGACY_REASON = 'Legacy refusal: the shopper was rude at the door';
const metadata = { correlationId: 'legacy', actor: { kind: 'shopper' as const, id: 'anonymous' }, occurredAt: '2026-02-01T10:00:00.000Z' };
/** Columns that key a person: a phone or an address hash in the plain log, a subject id once encrypted. */
const PERSON_KEYS: Record<string, readonly string[]> = {
  customers: ['subject_id'],
  orders: ['subject_id'],
  phone_risks: ['subject_id'],
  cod_orders_state: ['subject_id'],
  newsletter_subscribers: ['id'],
};

/** Every table of the read schema as sorted JSON rows, people's keys left out. */
async function readModels(pool: pg.Pool): Promise<Record<string, string[]>> {
  const { rows: tables } = await pool.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'read' AND table_type = 'BASE TABLE' ORDER BY 1`);
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const drop = (PERSON_KEYS[name] ?? []).map((c) => ` - '${c}'`).join('');
    const { rows } = await pool.query<{ row: string }>(`SELECT (to_jsonb(t)${drop})::text AS row FROM read."${name}" t`);
    out[name] = rows.map((r) => r.row).sort();
  }
  return out;
}

async function logText(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ row: string }>(`SELECT e::text AS row FROM event_store.events e UNION ALL SELECT s::text FROM event_store.streams s`);
  return rows.map((r) => r.row).join('\n');
}

function protect(env: Record<string, string>, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const res = spawnSync(process.execPath, ['dist/services/projector/src/cli.js', 'protect-personal-data', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

async function projectAll(store: EventStore, db: TestDb, head: Position): Promise<void> {
  const runner = new ProjectorRunner({ store, pool: db.pool, databaseUrl: db.url, projections: ALL_PROJECTIONS, replicaId: `r-${randomUUID()}` });
  await runner.start();
  try {
    await waitForCheckpoints(db.pool, ALL_PROJECTIONS.map((p) => p.name), head, 120_000);
  } finally {
    await runner.stop();
  }
}

describe('protect-personal-data on a log written before encryption', () => {
  let db: TestDb;
  let plain: EventStore;
  /** The shoppers' phones, e-mails and streets, and the newsletter addresses, as the plain log holds them. */
  const secrets = new Set<string>();
  let before: Record<string, string[]>;
  let legacyStream: string;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['libs/platform/bin/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
    db = await createProjectorTestDb('protect');
    plain = await createEventStore({ kind: 'postgres', connectionString: db.url, keyStore: 'off' });
    const units = [...generateShopEvents({ events: 3_000, seed: 11, posters: 20, products: 3 })];
    await appendUnits(plain, units, 4);
    let order: { stream: string; data: OrderPlaced['data'] } | undefined;
    for (const u of units) {
      for (const e of u.events) {
        if (e.type === 'OrderPlaced') {
          const c = (e.data as OrderPlaced['data']).customer;
          for (const s of [c.phone, c.email, c.addressLine]) if (s) secrets.add(s);
          order ??= { stream: u.stream, data: e.data as OrderPlaced['data'] };
        }
        if (e.type === 'NewsletterSubscribed') secrets.add((e.data as { email: string }).email);
      }
    }
    // A subscription on a stream named after its address's hash, and a snapshot of an order: both as the shop wrote them then.
    const legacyEmail = 'legacy.reader@example.com';
    const legacyId = newsletterSubscriberId(legacyEmail);
    await plain.append(subscriberStream(legacyId), [{ id: randomUUID(), type: 'NewsletterSubscribed', data: { subscriberId: legacyId, email: legacyEmail }, metadata }]);
    secrets.add(legacyEmail);
    const snapshot = snapshotTaken(order!.stream, 0n, 1, { exists: true, customer: order!.data.customer });
    await plain.append(snapshot.stream, [{ id: snapshot.id, ...snapshot.event, metadata }]);
    // A refusal's reason as staff wrote it then: no phone on the move, the reason in clear.
    const moves = (await plain.readStream(order!.stream)).filter((e) => e.type === 'OrderStatusChanged');
    const from = moves.length > 0 ? (moves.at(-1)!.data as { to: string }).to : 'PLACED';
    const orderStreamEvents = await plain.readStream(order!.stream);
    await plain.append(order!.stream, [{
      id: randomUUID(), type: 'OrderStatusChanged', metadata,
      data: { orderId: order!.data.orderId, orderNumber: order!.data.orderNumber, from, to: from, reason: LEGACY_REASON, by: { username: 'admin', role: 'owner' }, courier: null, trackingNumber: null },
    }], { expectedRevision: orderStreamEvents.at(-1)!.revision });
    legacyStream = order!.stream;
    secrets.add(LEGACY_REASON);
    await projectAll(db.store, db, await newestStoredPosition(db.url));
    before = await readModels(db.pool);
  }, 300_000);

  afterAll(async () => {
    await plain?.close();
    await db?.close();
  });

  it('starts from a log holding personal data in plain text (the test reads the right rows)', async () => {
    const text = await logText(db.pool);
    expect(secrets.size).toBeGreaterThan(50);
    expect([...secrets].filter((s) => text.includes(s)).length).toBe(secrets.size);
    expect(before.orders.length).toBeGreaterThan(20);
  });

  it('refuses a role that is not the maintenance role, and refuses while another process has the log open', async () => {
    const role = `pii_${randomBytes(4).toString('hex')}`;
    await db.pool.query(`CREATE ROLE ${role} LOGIN PASSWORD 'pii-test'`);
    try {
      const url = new URL(db.url);
      url.username = role;
      url.password = 'pii-test';
      const notMaintenance = protect({ MAINTENANCE_DATABASE_URL: url.toString() });
      expect({ status: notMaintenance.status, says: /MAINTENANCE_DATABASE_URL/.test(notMaintenance.stderr) }).toEqual({ status: 3, says: true });
    } finally {
      await db.pool.query(`DROP ROLE ${role}`);
    }
    // The test's own stores (an API, a projector) have the log open.
    const inUse = protect({ MAINTENANCE_DATABASE_URL: db.url });
    expect({ status: inUse.status, says: /stop the shop/.test(inUse.stderr) }).toEqual({ status: 3, says: true });
    expect(await logText(db.pool)).toContain([...secrets][0]);
  });

  it('encrypts every plain event in batches, reports it, and a rerun has nothing left to do', async () => {
    // The shop stopped: its stores closed (closing again later is a no-op).
    await db.store.close();
    await plain.close();
    const first = protect({ MAINTENANCE_DATABASE_URL: db.url }, '--batch', '100');
    expect(first.status === 0 ? 'ok' : first.stderr.slice(-800)).toBe('ok');
    const report = JSON.parse(first.stdout.trim().split('\n').pop()!);
    expect(report).toMatchObject({ command: 'protect-personal-data', alreadyEncrypted: 0, snapshotsDeleted: 1, streamsRenamed: 1, streamsKept: 0 });
    expect(report.encrypted).toBeGreaterThan(100);
    expect(report.batches).toBeGreaterThan(1);
    const again = JSON.parse(protect({ MAINTENANCE_DATABASE_URL: db.url }).stdout.trim().split('\n').pop()!);
    expect(again).toMatchObject({ encrypted: 0, alreadyEncrypted: report.encrypted, snapshotsDeleted: 0, streamsRenamed: 0 });

    const text = await logText(db.pool);
    expect([...secrets].filter((s) => text.includes(s))).toEqual([]);
    // The legacy reason, with no phone of its own, is sealed under its order's subject.
    const subjects = await db.pool.query<{ type: string; s: string | null }>(`SELECT event_type AS type, metadata->>'subjectId' AS s FROM event_store.events WHERE stream_name = $1 ORDER BY tx_id, global_position`, [legacyStream]);
    const placedSubject = subjects.rows[0].s;
    expect(placedSubject).toEqual(expect.any(String));
    expect(subjects.rows.at(-1)).toEqual({ type: 'OrderStatusChanged', s: placedSubject });
    expect(text).toContain(subscriberStream((await db.pool.query(`SELECT metadata->>'subjectId' AS s FROM event_store.events WHERE stream_name LIKE 'subscriber-%'`)).rows[0].s));
  }, 300_000);

  it('rebuilds every read model from the rewritten log equal to the one built from the plain log', async () => {
    const store = await createEventStore({ kind: 'postgres', connectionString: db.url });
    try {
      const tables = Object.keys(before).map((t) => `read."${t}"`).join(', ');
      await db.pool.query(`TRUNCATE ${tables}`);
      await db.pool.query(`DELETE FROM projector.checkpoints`);
      await projectAll(store, db, await newestStoredPosition(db.url));
      const after = await readModels(db.pool);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const t of Object.keys(before)) expect({ table: t, rows: after[t] }).toEqual({ table: t, rows: before[t] });
      // People are keyed by subject now: one per phone.
      const { rows } = await db.pool.query(`SELECT count(*)::int AS n, count(DISTINCT subject_id)::int AS subjects, count(DISTINCT phone)::int AS phones FROM read.customers`);
      expect(rows[0].subjects).toBe(rows[0].phones);
      expect((await db.pool.query(`SELECT count(*)::int AS n FROM read.customers WHERE subject_id !~ '^[0-9a-f-]{36}$'`)).rows[0].n).toBe(0);
    } finally {
      await store.close();
    }
  }, 300_000);
});

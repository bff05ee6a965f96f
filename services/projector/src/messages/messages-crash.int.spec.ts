import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import type { OrderPlaced } from '#domain/order/events.js';
import { smtpMessageId } from '#domain/messages/message-id.js';
import { orderStream } from '#domain/streams.js';
import { OUTBOX_TABLE } from '#read-models/projections/customer-messages.reactor.js';
import { appendUnits, createProjectorTestDb, type TestDb } from '../testing/projector-test-kit.js';

// The real projector process (dist/services/projector/src/main.js), so kill -9 lands anywhere in
// the reactor's batches. While the victims run, the mail server refuses every message for now
// (451): whatever they claimed or tried, none of it reached anyone, so the survivor's deliveries
// are all the receiver ever sees and "each Message-ID once" is exact, not a matter of timing.
const ORDERS = 400;
const children = new Set<ChildProcess>();

beforeAll(() => {
  const r = spawnSync('npx', ['swc', 'libs', 'services', '-d', 'dist', '--config-file', '.swcrc', '--ignore', '**/*.spec.ts', '--only', '**/*.ts', '--quiet'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('swc build failed');
});
afterEach(() => {
  for (const c of children) c.kill('SIGKILL');
  children.clear();
});

async function mailServer(accept: boolean): Promise<{ url: string; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (!accept) return done(Object.assign(new Error('try again later'), { responseCode: 451 }));
        const head = Buffer.concat(chunks).toString('utf8').split(/\r?\n\r?\n/)[0];
        received.push(/^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? 'none');
        done();
      });
    },
  });
  // A projector killed mid-message resets its connection: the server reports that as an 'error'
  // event, which, unheard, would throw in this process. The message was not accepted, and the
  // test's counts show whether it is sent again.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function startProjector(db: TestDb, replicaId: string, smtpUrl: string): ChildProcess {
  const child = spawn(process.execPath, ['dist/services/projector/src/main.js'], {
    env: {
      ...process.env, DATABASE_URL: db.url, ...db.storeEnv, PROJECTOR_PORT: '0', PROJECTOR_REPLICA_ID: replicaId, PROJECTOR_BATCH_SIZE: '20', LOG_LEVEL: 'error',
      SMTP_URL: smtpUrl, SMTP_FROM: 'Shop <orders@shop.test>', MESSAGE_PHONE_PROVIDER: 'none', MESSAGE_POLL_MS: '50', MESSAGE_LEASE_MS: '1000',
      MESSAGE_RETRY_BASE_MS: '50', MESSAGE_RETRY_MAX_MS: '200', MESSAGE_MAX_ATTEMPTS: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  return child;
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
    children.delete(child);
  });
}

async function until(db: TestDb, sql: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.pool.query(sql);
    if (rows[0]?.ok) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${sql}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function placed(n: number): OrderPlaced['data'] {
  const orderId = randomUUID();
  return {
    orderId, orderNumber: `PS-CRASH-${n}`, cartId: randomUUID(), placedAt: new Date().toISOString(), paymentMethod: 'COD', promoCode: null, promoPercent: 0, priceRules: [], language: n % 2 ? 'ar' : 'en',
    customer: { firstName: `Shopper ${n}`, lastName: 'Test', phone: `0101${String(n).padStart(7, '0')}`, email: `shopper${n}@example.com`, addressLine: '1 Nile St', building: '2', apartment: '3', city: 'Cairo', governorate: 'CAIRO', latitude: 30, longitude: 31, notes: null },
    items: [{ itemId: 'i1', kind: 'poster', posterId: 'p1', productId: null, variantId: null, name: 'Starry Night', category: 'ART', imageUrl: null, customImagePath: null, size: 'SIZE_30x40', quantity: 2, unitPrice: 42000, originalUnitPrice: 42000, discountPercentage: 0, lineTotal: 84000, priceRules: [] }],
    totals: { subtotal: 84000, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: 6000, codFee: 2000, taxAmount: 11300, total: 92000 },
  };
}

describe('customer messages: kill -9 of the projector mid-batch, then restart', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createProjectorTestDb('msgcrash');
    const units = Array.from({ length: ORDERS }, (_, i) => {
      const data = placed(i);
      return { stream: orderStream(data.orderId), events: [{ id: randomUUID(), type: 'OrderPlaced', data, metadata: { correlationId: randomUUID(), actor: { kind: 'shopper' as const, id: 'test' }, occurredAt: new Date().toISOString() } }] };
    });
    await appendUnits(db.store, units, 8);
  });
  afterAll(() => db?.close());

  it('sends every message once, each with its stable Message-ID, and loses none', async () => {
    const refusing = await mailServer(false);
    const accepting = await mailServer(true);
    try {
      for (const mark of [Math.floor(ORDERS * 0.25), Math.floor(ORDERS * 0.6)]) {
        const victim = startProjector(db, 'victim', refusing.url);
        await until(db, `SELECT coalesce(max(events_handled), 0) > ${mark} AS ok FROM projector.checkpoints WHERE projection = 'customer-messages' AND slot = 'live'`);
        await kill9(victim);
      }
      const { rows: [before] } = await db.pool.query(`SELECT events_handled::int AS n FROM projector.checkpoints WHERE projection = 'customer-messages' AND slot = 'live'`);
      expect(before.n).toBeLessThan(ORDERS); // the survivor had reactor work left, not only sending
      startProjector(db, 'survivor', accepting.url);
      // Until every row is settled: a phone row a victim held when killed waits for its lease to run out first.
      await until(db, `SELECT count(*) FILTER (WHERE status = 'sent' AND channel = 'email') = ${ORDERS} AND count(*) FILTER (WHERE status = 'skipped' AND channel = 'phone') = ${ORDERS} AS ok FROM ${OUTBOX_TABLE}`);
      // One row per order and channel: the reactor's repeated batches wrote none twice. The phone's
      // were skipped (MESSAGE_PHONE_PROVIDER=none).
      const { rows: counts } = await db.pool.query(`SELECT channel, status, count(*)::int AS n FROM ${OUTBOX_TABLE} GROUP BY channel, status ORDER BY channel`);
      expect(counts).toEqual([{ channel: 'email', status: 'sent', n: ORDERS }, { channel: 'phone', status: 'skipped', n: ORDERS }]);
      const { rows } = await db.pool.query(`SELECT message_id FROM ${OUTBOX_TABLE} WHERE channel = 'email'`);
      const expected = rows.map((r) => smtpMessageId(r.message_id, 'shop.test')).sort();
      expect([...accepting.received].sort()).toEqual(expected);
    } finally {
      await refusing.close();
      await accepting.close();
    }
  }, 300_000);
});

import { randomUUID } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatPosition, START, type NewEvent, type Position } from '#event-store/event-store.port.js';
import { waitUntilStoredEventsVisible } from '#platform/testing/test-database.js';
import revenueBySizePerMonth from '../../../../examples/projections/revenue-by-size-per-month.js';
import { createProjectorTestDb, type TestDb } from '../testing/projector-test-kit.js';
import { replayAnalystProjection } from './replay-analyst-projection.js';

// The analyst's projection command (`npm run replay -- --projection …`) as a real process on
// compiled code, the .ts module loaded the way an analyst's would be; built first as the build does.
beforeAll(() => {
  const r = spawnSync('npx', ['swc', 'libs', 'services', '-d', 'dist', '--config-file', '.swcrc', '--ignore', '**/*.spec.ts', '--only', '**/*.ts', '--quiet'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('swc build failed');
});

const EXAMPLE = 'examples/projections/revenue-by-size-per-month.ts';

function ev(type: string, data: unknown): NewEvent {
  return { id: randomUUID(), type, data, metadata: { correlationId: 'c', actor: { kind: 'admin', id: 'boss' }, occurredAt: '2026-11-01T00:00:00.000Z', schemaVersion: 1 } };
}

function item(size: string | null, quantity: number, lineTotal: number) {
  return { itemId: randomUUID(), kind: size ? 'POSTER' : 'ADDON', posterId: 'p', productId: null, variantId: null, name: 'x', category: null, imageUrl: null, customImagePath: null, size, quantity, unitPrice: lineTotal / quantity, originalUnitPrice: lineTotal / quantity, discountPercentage: 0, lineTotal };
}

function placed(orderId: string, placedAt: string, items: ReturnType<typeof item>[]): NewEvent {
  const total = items.reduce((s, i) => s + i.lineTotal, 0);
  return ev('OrderPlaced', { orderId, orderNumber: `PS-${orderId}`, cartId: `cart-${orderId}`, placedAt, customer: { governorate: 'CAIRO' }, paymentMethod: 'COD', promoCode: null, promoPercent: 0, items, totals: { subtotal: total, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: 0, codFee: 0, taxAmount: 0, total } });
}

function statusChanged(orderId: string, from: string, to: string): NewEvent {
  return ev('OrderStatusChanged', { orderId, orderNumber: `PS-${orderId}`, from, to, reason: null });
}

/**
 * A history whose figures are worked out by hand (Egypt is UTC+3 in September 2026, UTC+2 from
 * the end of October): o1 in September; o2 at 22:30 UTC on 30 September, already October in
 * Cairo; o3 (an old-style size "30x40") canceled; o4 shipped.
 */
async function appendHistory(db: TestDb): Promise<{ o3: Position }> {
  await db.store.append('order-o1', [placed('o1', '2026-09-10T10:00:00.000Z', [item('SIZE_30x40', 2, 30000), item('SIZE_50x70', 1, 45000), item(null, 1, 5000)])]);
  await db.store.append('order-o2', [placed('o2', '2026-09-30T22:30:00.000Z', [item('SIZE_30x40', 1, 15000)])]);
  const o3 = (await db.store.append('order-o3', [placed('o3', '2026-10-05T12:00:00.000Z', [item('30x40', 3, 40500), item('SIZE_20x30', 1, 9000)])])).position;
  await db.store.append('order-o4', [placed('o4', '2026-10-20T09:00:00.000Z', [item('SIZE_30x40', 1, 15000)])]);
  await db.store.append('order-o3', [statusChanged('o3', 'PLACED', 'CANCELED')]);
  await db.store.append('order-o4', [statusChanged('o4', 'PLACED', 'SHIPPED')]);
  await db.store.append('cart-c9', [ev('CartCreated', { cartId: 'c9' })]);
  // PostgreSQL readers see only below the snapshot horizon: wait until the log reads whole.
  if (db.storeEnv.EVENT_STORE === 'postgres') await waitUntilStoredEventsVisible(db.url, async () => (await db.store.readAll({ fromPosition: START })).length);
  return { o3 };
}

const EXPECTED = [
  { month: '2026-09-01', size: 'SIZE_30x40', orders: 1, posters: 2, revenue: '30000' },
  { month: '2026-09-01', size: 'SIZE_50x70', orders: 1, posters: 1, revenue: '45000' },
  { month: '2026-10-01', size: 'SIZE_30x40', orders: 2, posters: 2, revenue: '30000' },
];

async function figures(db: TestDb, schema: string) {
  const { rows } = await db.pool.query(`SELECT month::text AS month, size, orders, posters, revenue::text AS revenue FROM "${schema}".revenue_by_size_per_month ORDER BY month, size`);
  return rows;
}

describe('npm run replay -- --projection (an analyst\'s own projection)', () => {
  let db: TestDb;
  let o3: Position;
  const dir = mkdtempSync(path.join(tmpdir(), 'analyst-'));
  beforeAll(async () => {
    db = await createProjectorTestDb('analyst');
    ({ o3 } = await appendHistory(db));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await db?.close();
  });

  function replay(args: string[]): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['dist/services/projector/src/replay.cli.js', ...args], {
        env: { ...process.env, DATABASE_URL: db.url, ...db.storeEnv, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      child.once('exit', (code) => resolve({ code, stderr }));
    });
  }

  it('builds the example (revenue per poster size per month) into its schema, with a progress bar, matching the hand-worked figures', async () => {
    const r = await replay(['--projection', EXAMPLE, '--schema', 'analysis_sizes']);
    expect(r.stderr).toMatch(/\[#{30}\] 100\.0%  6 events/);
    expect(r.code).toBe(0);
    expect(await figures(db, 'analysis_sizes')).toEqual(EXPECTED);
    const { rows: [info] } = await db.pool.query(`SELECT events, projection FROM analysis_sizes.replay_info`);
    expect(info).toEqual({ events: 6, projection: path.resolve(EXAMPLE) });
  });

  it('gives the same figures one event per batch (batches never change the answer), and stops at --until', async () => {
    await replayAnalystProjection({ store: db.store, pool: db.pool, analyst: revenueBySizePerMonth, file: EXAMPLE, schema: 'analysis_one_by_one', batchSize: 1 });
    expect(await figures(db, 'analysis_one_by_one')).toEqual(EXPECTED);
    const r = await replay(['--projection', EXAMPLE, '--schema', 'analysis_none', '--until', '2000-01-01T00:00:00Z']);
    expect(r.code).toBe(0);
    expect(await figures(db, 'analysis_none')).toEqual([]);
  });

  it('a projection that throws stops with the position and type of the event that broke it', async () => {
    const file = path.join(dir, 'broken.ts');
    writeFileSync(file, `
      const seen: string[] = [];
      export default {
        eventTypes: ['OrderPlaced'],
        tables: { seen: 'order_id text PRIMARY KEY' },
        async handle(events: { data: { orderId: string } }[], ctx: { sql: (q: string, p?: unknown[]) => Promise<unknown>; table: (n: string) => string }) {
          for (const e of events) {
            if (e.data.orderId === 'o3') throw new Error('cannot price o3');
            await ctx.sql(\`INSERT INTO \${ctx.table('seen')} VALUES ($1)\`, [e.data.orderId]);
          }
        },
      };
    `);
    const r = await replay(['--projection', file, '--schema', 'analysis_broken']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`broken.ts failed on the event at position ${formatPosition(o3)} (type OrderPlaced, stream order-o3`);
    expect(r.stderr).toContain('cannot price o3');
    // The events before it were applied: the tables show how far it got.
    expect((await db.pool.query(`SELECT order_id FROM analysis_broken.seen ORDER BY 1`)).rows).toEqual([{ order_id: 'o1' }, { order_id: 'o2' }]);
  });

  it('cannot touch the live read models, whatever its SQL says', async () => {
    const file = path.join(dir, 'vandal.mjs');
    writeFileSync(file, `export default {
      eventTypes: ['OrderPlaced'],
      tables: { nothing: 'x int' },
      async handle(events, ctx) { await ctx.sql('DROP TABLE read.orders'); },
    };`);
    const r = await replay(['--projection', file, '--schema', 'analysis_vandal']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('permission denied for schema read');
    expect((await db.pool.query(`SELECT to_regclass('read.orders') IS NOT NULL AS kept`)).rows).toEqual([{ kept: true }]);
  });

  it('refuses a module of another shape, and a schema a replay did not make, before building anything', async () => {
    const file = path.join(dir, 'shapeless.mjs');
    writeFileSync(file, `export const handle = () => {};`);
    const shapeless = await replay(['--projection', file, '--schema', 'analysis_shapeless']);
    expect([shapeless.code, shapeless.stderr]).toEqual([1, expect.stringContaining('no default export object; its default export must be { eventTypes')]);
    await db.pool.query(`CREATE SCHEMA someone_elses`);
    const taken = await replay(['--projection', EXAMPLE, '--schema', 'someone_elses']);
    expect([taken.code, taken.stderr]).toEqual([1, expect.stringContaining('exists and was not made by npm run replay')]);
    expect((await db.pool.query(`SELECT to_regnamespace('someone_elses') IS NOT NULL AS kept`)).rows).toEqual([{ kept: true }]);
  });
});

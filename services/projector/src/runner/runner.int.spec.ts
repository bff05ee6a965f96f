import { randomUUID } from 'node:crypto';
import type { NewEvent, Position } from '#event-store/event-store.port.js';
import { PROJECTION_NAMES, PROJECTION_TABLES } from '#read-models/projection-names.js';
import { ALL_PROJECTIONS } from '#read-models/projections/all-projections.js';
import { announcementProjection } from '#read-models/projections/announcement.projection.js';
import { galleryProjection } from '#read-models/projections/gallery.projection.js';
import { ordersProjection } from '#read-models/projections/orders.projection.js';
import { replayUntil } from '../replay/replay-until.js';
import { appendUnits, createProjectorTestDb, tableChecksums, waitForCheckpoints, type TestDb, waitForRow } from '../testing/projector-test-kit.js';
import { generateShopEvents } from '../testing/shop-event-generator.js';
import type { Projection } from '#read-models/projections/projection.js';
import { ProjectorRunner } from './runner.js';
import { startHealthServer } from '../observability/health-server.js';
import { ProjectorMetrics } from '../observability/projector-metrics.js';
import type { AddressInfo } from 'node:net';

const ALL_TABLES = ALL_PROJECTIONS.flatMap((p) => p.tables);
const PUBLIC_TABLES = Object.values(PROJECTION_TABLES).flat();

function ev(type: string, data: unknown): NewEvent {
  return { id: randomUUID(), type, data, metadata: { correlationId: 'c', actor: { kind: 'admin', id: 'boss' }, occurredAt: new Date().toISOString(), schemaVersion: 1 } };
}

describe('runner: poison events stop only their projection', () => {
  let db: TestDb;
  let runner: ProjectorRunner;
  afterAll(async () => {
    await runner?.stop();
    await db?.close();
  });

  it('does not advance past the event, records its id, and the other projections go on', async () => {
    db = await createProjectorTestDb('poison');
    const poisoned: Projection = {
      ...announcementProjection,
      name: 'announcement',
      async handle(events, ctx) {
        if (events.some((e) => (e.data as { text: string }).text === 'boom')) throw new Error('cannot handle boom');
        return announcementProjection.handle(events, ctx);
      },
    };
    const before = await db.store.append('announcement', [ev('AnnouncementChanged', { text: 'before' })]);
    const boom = ev('AnnouncementChanged', { text: 'boom' });
    await db.store.append('announcement', [boom]);
    await db.store.append('announcement', [ev('AnnouncementChanged', { text: 'after' })]);
    const last = await db.store.append('gallery', [ev('GalleryImageAdded', { imageId: 'g1', imageUrl: 'g1.jpg' })]);

    runner = new ProjectorRunner({ store: db.store, pool: db.pool, databaseUrl: db.url, projections: [poisoned, galleryProjection], replicaId: 'r1', batchSize: 100 });
    await runner.start();
    await waitForCheckpoints(db.pool, ['gallery'], last.position);
    const failed = await waitForRow(db, `SELECT * FROM projector.checkpoints WHERE projection = 'announcement' AND status = 'failed'`);
    expect(failed.last_error_event_id).toBe(boom.id);
    expect(failed.last_error).toContain('cannot handle boom');
    expect([BigInt(failed.commit_position), BigInt(failed.prepare_position)]).toEqual([before.position.commit, before.position.prepare]);
    expect((await db.pool.query(`SELECT text FROM read.announcements`)).rows).toEqual([{ text: 'before' }]);
    expect((await db.pool.query(`SELECT id FROM read.gallery_images`)).rows).toEqual([{ id: 'g1' }]);

    // Health and metrics show it.
    const metrics = new ProjectorMetrics(db.pool, db.store, 'r1');
    const server = await startHealthServer({ port: 0, pool: db.pool, store: db.store, runner, metrics });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const health = (await (await fetch(`${base}/health`)).json()) as { status: string; owned: string[]; projections: unknown[] };
      expect(health.status).toBe('degraded');
      expect(health.owned.sort()).toEqual(['announcement', 'gallery']);
      expect(health.projections).toEqual(expect.arrayContaining([
        expect.objectContaining({ projection: 'announcement', status: 'failed', lastErrorEventId: boom.id, owner: 'r1', lagEvents: 3 }),
        expect.objectContaining({ projection: 'gallery', status: 'running', lagEvents: 0, lagSeconds: 0 }),
      ]));
      const text = await (await fetch(`${base}/metrics`)).text();
      expect(text).toMatch(/projector_projection_failed\{projection="announcement",slot="live"[^}]*\} 1/);
      expect(text).toMatch(/projector_lag_events\{projection="announcement",slot="live"[^}]*\} 3/);
      expect(text).toMatch(/projector_projection_owner\{projection="gallery",owner="r1"[^}]*\} 1/);
    } finally {
      server.close();
    }
  });
});

describe('runner: fencing', () => {
  let db: TestDb;
  let runner: ProjectorRunner;
  afterAll(async () => {
    await runner?.stop();
    await db?.close();
  });

  it('a batch whose checkpoint was moved by someone else rolls back and the projection is given up', async () => {
    db = await createProjectorTestDb('fence');
    const first = await db.store.append('gallery', [ev('GalleryImageAdded', { imageId: 'g1', imageUrl: 'g1.jpg' })]);
    let hijack: (() => Promise<void>) | undefined;
    const gallery: Projection = {
      ...galleryProjection,
      async handle(events, ctx) {
        await galleryProjection.handle(events, ctx);
        await hijack?.(); // another replica moves the checkpoint while this batch is in flight
      },
    };
    runner = new ProjectorRunner({ store: db.store, pool: db.pool, databaseUrl: db.url, projections: [gallery], replicaId: 'r1' });
    await runner.start();
    await waitForCheckpoints(db.pool, ['gallery'], first.position);
    hijack = async () => {
      hijack = undefined;
      await db.pool.query(`UPDATE projector.checkpoints SET prepare_position = prepare_position + 1000, owner = 'intruder' WHERE projection = 'gallery'`);
    };
    await db.store.append('gallery', [ev('GalleryImageAdded', { imageId: 'g2', imageUrl: 'g2.jpg' })]);
    await waitForRow(db, `SELECT 1 FROM projector.checkpoints WHERE projection = 'gallery' AND owner = 'intruder'`);
    for (let i = 0; i < 200 && runner.status().owned.length > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(runner.status().owned).toEqual([]);
    expect((await db.pool.query(`SELECT id FROM read.gallery_images ORDER BY id`)).rows).toEqual([{ id: 'g1' }]);
  });
});

describe('runner: rebuilds and time travel on a realistic log', () => {
  let db: TestDb;
  let runner: ProjectorRunner;
  let head: Position;
  beforeAll(async () => {
    db = await createProjectorTestDb('rebuild');
    head = (await appendUnits(db.store, generateShopEvents({ events: 6000, seed: 3, posters: 60 }), 6))!;
    runner = new ProjectorRunner({ store: db.store, pool: db.pool, databaseUrl: db.url, projections: ALL_PROJECTIONS, replicaId: 'r1', batchSize: 500 });
    await runner.start();
    await waitForCheckpoints(db.pool, PROJECTION_NAMES, head);
  });
  afterAll(async () => {
    await runner?.stop();
    await db?.close();
  });

  it('a clean replay from position 0 gives exactly the live tables', async () => {
    await replayUntil({ store: db.store, pool: db.pool, projections: ALL_PROJECTIONS, schema: 'reference', until: new Date(Date.now() + 3600_000) });
    const live = await tableChecksums(db.pool, 'read', ALL_TABLES);
    expect(await tableChecksums(db.pool, 'reference', ALL_TABLES)).toEqual(live);
    expect(Number(live.orders.split(':')[0])).toBeGreaterThan(100);
  });

  it('a requested rebuild builds beside the live tables, swaps, and equals them', async () => {
    const live = await tableChecksums(db.pool, 'read', PUBLIC_TABLES);
    const { rows } = await db.pool.query(`INSERT INTO projector.rebuild_requests (projection) VALUES ('posters'), ('orders') RETURNING id`);
    await waitForRow(db, `SELECT 1 FROM projector.rebuild_requests WHERE id = ANY($1) HAVING count(*) FILTER (WHERE status = 'done') = 2`, [rows.map((r) => r.id)]);
    expect(await tableChecksums(db.pool, 'read', PUBLIC_TABLES)).toEqual(live);
    expect((await db.pool.query(`SELECT count(*)::int AS n FROM projector.checkpoints WHERE slot = 'build'`)).rows[0].n).toBe(0);
    const leftovers = await db.pool.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'read' AND tablename LIKE '%\\_\\_build'`);
    expect(leftovers.rows).toEqual([]);
  });

  it('bumping a version rebuilds that projection from 0 and swaps in the new version', async () => {
    const live = await tableChecksums(db.pool, 'read', ['orders', 'order_items']);
    await runner.stop();
    const v2: Projection = { ...ordersProjection, version: ordersProjection.version + 1 };
    runner = new ProjectorRunner({ store: db.store, pool: db.pool, databaseUrl: db.url, projections: ALL_PROJECTIONS.map((p) => (p.name === 'orders' ? v2 : p)), replicaId: 'r2', batchSize: 500 });
    await runner.start();
    await waitForRow(db, `SELECT 1 FROM projector.checkpoints WHERE projection = 'orders' AND slot = 'live' AND version = $1`, [v2.version]);
    expect(await tableChecksums(db.pool, 'read', ['orders', 'order_items'])).toEqual(live);
  });

  it('time travel: the tables as they stood at a moment, while the log went on', async () => {
    const at = new Date();
    const snapshot = await tableChecksums(db.pool, 'read', PUBLIC_TABLES);
    const later = (await appendUnits(db.store, generateShopEvents({ events: 800, seed: 11, posters: 10, start: new Date('2026-09-01T00:00:00Z') }), 4))!;
    await waitForCheckpoints(db.pool, PROJECTION_NAMES, later);
    expect(await tableChecksums(db.pool, 'read', PUBLIC_TABLES)).not.toEqual(snapshot);
    await replayUntil({ store: db.store, pool: db.pool, projections: ALL_PROJECTIONS, schema: 'as_of', until: at });
    expect(await tableChecksums(db.pool, 'as_of', PUBLIC_TABLES)).toEqual(snapshot);
  });
});

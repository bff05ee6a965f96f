import { randomUUID } from 'node:crypto';
import type { NewEvent, Position } from '#event-store/event-store.port.js';
import { announcementProjection } from '#read-models/projections/announcement.projection.js';
import { galleryProjection } from '#read-models/projections/gallery.projection.js';
import { ProjectorMetrics } from '../observability/projector-metrics.js';
import { createProjectorTestDb, waitForCheckpoints, type TestDb, waitForRow } from '../testing/projector-test-kit.js';
import type { RetryBackoff } from './retry-backoff.js';
import type { Projection } from '#read-models/projections/projection.js';
import { ProjectorRunner, type FailureInfo } from './runner.js';

function ev(type: string, data: unknown): NewEvent {
  return { id: randomUUID(), type, data, metadata: { correlationId: 'c', actor: { kind: 'admin', id: 'boss' }, occurredAt: new Date().toISOString(), schemaVersion: 1 } };
}

/**
 * The announcement projection with a bug the test fixes by flipping a switch: while `broken`,
 * it throws on the announcement whose text is "boom" (and only on that one).
 */
function switchableAnnouncement(): { projection: Projection; fix(): void } {
  let broken = true;
  return {
    projection: {
      ...announcementProjection,
      async handle(events, ctx) {
        if (broken && events.some((e) => (e.data as { text: string }).text === 'boom')) throw new Error('cannot handle boom');
        return announcementProjection.handle(events, ctx);
      },
    },
    fix: () => {
      broken = false;
    },
  };
}

interface Scenario {
  db: TestDb;
  runner: ProjectorRunner;
  metrics: ProjectorMetrics;
  failures: FailureInfo[];
  fix(): void;
  boom: NewEvent;
  boomPosition: Position;
  before: Position;
  last: Position;
}

async function startScenario(name: string, retryBackoff: RetryBackoff): Promise<Scenario> {
  const db = await createProjectorTestDb(name);
  const { projection, fix } = switchableAnnouncement();
  const before = (await db.store.append('announcement', [ev('AnnouncementChanged', { text: 'before' })])).position;
  const boom = ev('AnnouncementChanged', { text: 'boom' });
  const boomPosition = (await db.store.append('announcement', [boom])).position;
  await db.store.append('announcement', [ev('AnnouncementChanged', { text: 'after' })]);
  const last = (await db.store.append('gallery', [ev('GalleryImageAdded', { imageId: 'g1', imageUrl: 'g1.jpg' })])).position;
  const metrics = new ProjectorMetrics(db.pool, db.store, 'r1');
  const failures: FailureInfo[] = [];
  const runner = new ProjectorRunner({
    store: db.store,
    pool: db.pool,
    databaseUrl: db.url,
    projections: [projection, galleryProjection],
    replicaId: 'r1',
    batchSize: 100,
    retryBackoff,
    tickIntervalMs: 20,
    onFailed: (p, slot, _id, failure) => {
      metrics.failed(p, slot, failure.eventType);
      if (p === 'announcement' && slot === 'live') failures.push(failure);
    },
  });
  await runner.start();
  return { db, runner, metrics, failures, fix, boom, boomPosition, before, last };
}

async function stopScenario(s: Scenario | undefined): Promise<void> {
  await s?.runner.stop();
  await s?.db.close();
}

describe('runner: a failed projection backs off, shows its failure, and recovers by retry', () => {
  let s: Scenario;
  afterAll(() => stopScenario(s));

  it('records the event, backs off exponentially, keeps the others going, and passes the event once fixed', async () => {
    s = await startScenario('backoff', { baseMs: 20, maxMs: 60_000 });
    await waitForCheckpoints(s.db.pool, ['gallery'], s.last);
    const first = await waitForRow(s.db, `SELECT * FROM projector.checkpoints WHERE projection = 'announcement' AND slot = 'live' AND status = 'failed'`);
    expect(first).toMatchObject({
      last_error_event_id: s.boom.id,
      failed_event_type: 'AnnouncementChanged',
      failed_commit_position: String(s.boomPosition.commit),
      failed_prepare_position: String(s.boomPosition.prepare),
    });
    expect(first.last_error).toContain('cannot handle boom');
    expect(first.next_retry_at).not.toBeNull();
    // The good event before the culprit committed; the checkpoint stands just before "boom".
    expect([BigInt(first.commit_position), BigInt(first.prepare_position)]).toEqual([s.before.commit, s.before.prepare]);

    const third = await waitForRow(s.db, `SELECT * FROM projector.checkpoints WHERE projection = 'announcement' AND slot = 'live' AND attempts >= 3`);
    expect(s.failures.slice(0, 3).map((f) => [f.attempts, f.retryInMs, f.eventType])).toEqual([
      [1, 20, 'AnnouncementChanged'],
      [2, 40, 'AnnouncementChanged'],
      [3, 80, 'AnnouncementChanged'],
    ]);
    expect(new Date(third.first_failed_at).getTime()).toBe(new Date(first.first_failed_at).getTime());
    expect(s.runner.status().owned.find((o) => o.name === 'announcement')).toMatchObject({ failed: true });

    // Other projections keep going while this one rests.
    const later = (await s.db.store.append('gallery', [ev('GalleryImageAdded', { imageId: 'g2', imageUrl: 'g2.jpg' })])).position;
    await waitForCheckpoints(s.db.pool, ['gallery'], later);
    expect((await s.db.pool.query(`SELECT id FROM read.gallery_images ORDER BY id`)).rows).toEqual([{ id: 'g1' }, { id: 'g2' }]);
    expect((await s.db.pool.query(`SELECT text FROM read.announcements`)).rows).toEqual([{ text: 'before' }]);

    const failing = await s.metrics.render();
    expect(failing).toMatch(/projector_projection_failed\{projection="announcement",slot="live"[^}]*\} 1/);
    expect(failing).toMatch(/projector_projection_failed\{projection="gallery",slot="live"[^}]*\} 0/);
    expect(failing).toMatch(/projector_projection_failure_attempts\{projection="announcement",slot="live"[^}]*\} ([3-9]|\d\d+)\n/);
    expect(failing).toMatch(/projector_projection_failures_total\{projection="announcement",slot="live",event_type="AnnouncementChanged"[^}]*\} ([3-9]|\d\d+)\n/);

    s.fix();
    const recovered = await waitForRow(s.db, `SELECT * FROM projector.checkpoints WHERE projection = 'announcement' AND slot = 'live' AND status = 'running'`);
    expect(recovered).toMatchObject({ attempts: 0, last_error: null, last_error_event_id: null, failed_event_type: null, first_failed_at: null, next_retry_at: null });
    await waitForCheckpoints(s.db.pool, ['announcement'], s.last);
    expect((await s.db.pool.query(`SELECT text FROM read.announcements`)).rows).toEqual([{ text: 'after' }]);
    expect(s.runner.status().owned.find((o) => o.name === 'announcement')).toMatchObject({ failed: false, nextRetryAt: null });
    expect(await s.metrics.render()).toMatch(/projector_projection_failed\{projection="announcement",slot="live"[^}]*\} 0/);
  });
});

describe('runner: "retry now" and rebuild recover a projection resting for an hour', () => {
  // An hour of back-off: any recovery seen here came from the request, not from the timer.
  const hour = { baseMs: 3_600_000, maxMs: 3_600_000 };
  let s: Scenario | undefined;
  afterEach(async () => {
    await stopScenario(s);
    s = undefined;
  });

  it('retries at the next tick once next_retry_at is moved to now (what the admin API does)', async () => {
    s = await startScenario('retrynow', hour);
    await waitForCheckpoints(s.db.pool, ['gallery'], s.last);
    const failed = await waitForRow(s.db, `SELECT * FROM projector.checkpoints WHERE projection = 'announcement' AND status = 'failed'`);
    expect(failed.attempts).toBe(1);
    expect(new Date(failed.next_retry_at).getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    s.fix();
    await s.db.pool.query(`UPDATE projector.checkpoints SET next_retry_at = now() WHERE projection = 'announcement' AND slot = 'live' AND status = 'failed'`);
    await waitForCheckpoints(s.db.pool, ['announcement'], s.last, 20_000);
    const row = (await s.db.pool.query(`SELECT status, attempts FROM projector.checkpoints WHERE projection = 'announcement' AND slot = 'live'`)).rows[0];
    expect(row).toEqual({ status: 'running', attempts: 0 });
    expect((await s.db.pool.query(`SELECT text FROM read.announcements`)).rows).toEqual([{ text: 'after' }]);
    expect(s.failures).toHaveLength(1);
  });

  it('a rebuild of the failed projection swaps in and clears the failure', async () => {
    s = await startScenario('rebuildfailed', hour);
    await waitForRow(s.db, `SELECT 1 FROM projector.checkpoints WHERE projection = 'announcement' AND status = 'failed'`);
    s.fix();
    const { rows } = await s.db.pool.query(`INSERT INTO projector.rebuild_requests (projection) VALUES ('announcement') RETURNING id`);
    await waitForRow(s.db, `SELECT 1 FROM projector.rebuild_requests WHERE id = $1 AND status = 'done'`, [rows[0].id]);
    const live = (await s.db.pool.query(`SELECT * FROM projector.checkpoints WHERE projection = 'announcement' AND slot = 'live'`)).rows[0];
    expect(live).toMatchObject({ status: 'running', attempts: 0, last_error: null, failed_event_type: null, next_retry_at: null });
    await waitForCheckpoints(s.db.pool, ['announcement'], s.last);
    expect((await s.db.pool.query(`SELECT text FROM read.announcements`)).rows).toEqual([{ text: 'after' }]);
    expect(s.runner.status().owned.find((o) => o.name === 'announcement')).toMatchObject({ failed: false });
    expect(s.failures).toHaveLength(1);
  });
});

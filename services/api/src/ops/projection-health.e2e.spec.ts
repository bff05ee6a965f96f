import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * A real poison event through the real projector: a trigger on the read table refuses the
 * announcement "boom" (the test's switch for "the bug"); dropping it is "the fix".
 */
describe('health and the admin projections page when a projection fails', () => {
  let t: TestApp;
  const admin = () => ({ Authorization: `Bearer ${t.adminToken()}` });

  beforeAll(async () => {
    t = await createTestApp();
    await t.dataSource.query(`CREATE FUNCTION read.refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.text = 'boom' THEN RAISE EXCEPTION 'announcement boom refused'; END IF; RETURN NEW; END $$`);
    await t.dataSource.query(`CREATE TRIGGER refuse_boom BEFORE INSERT OR UPDATE ON read.announcements FOR EACH ROW EXECUTE FUNCTION read.refuse_boom()`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 while every projection runs, 503 "degraded" naming the failed one, and 200 after retry', async () => {
    expect(t.projectorRunning).toBe(true);
    await t.request().post('/api/admin/announcement').set(admin()).send({ text: 'hello' }).expect(200);
    await t.waitForProjections();
    const ok = await t.request().get('/api/health').set('Authorization', `Bearer ${t.adminToken()}`).expect(200);
    expect(ok.body).toMatchObject({ status: 'ok', projections: { status: 'up', failed: [], stalled: [], missing: [] } });
    await t.request().post('/api/admin/projections/announcement/retry').set(admin()).expect(409);

    await t.request().post('/api/admin/announcement').set(admin()).send({ text: 'boom' }).expect(200);
    const [boom] = await t.store.readStream('announcement', { direction: 'backwards', maxCount: 1 });
    expect((boom.data as { text: string }).text).toBe('boom');
    const down = await waitFor(async () => {
      const res = await t.request().get('/api/health').set('Authorization', `Bearer ${t.adminToken()}`);
      return res.status === 503 ? res : undefined;
    });
    expect(down.body.status).toBe('degraded');
    expect(down.body).toMatchObject({ eventStore: { status: 'up' }, database: { status: 'up' }, projections: { status: 'degraded', failed: ['announcement'] } });
    expect(down.body.degraded).toEqual([
      {
        projection: 'announcement',
        reason: 'failed',
        failure: expect.objectContaining({
          eventType: 'AnnouncementChanged',
          eventId: boom.id,
          position: `${boom.position.commit}/${boom.position.prepare}`,
          error: expect.stringContaining('announcement boom refused'),
          attempts: expect.any(Number),
        }),
      },
    ]);
    const metrics = (await t.request().get('/api/metrics').set(admin()).expect(200)).text;
    expect(metrics).toMatch(/api_projection_failed\{projection="announcement"[^}]*\} 1/);
    expect(metrics).toMatch(/api_projection_failed\{projection="gallery"[^}]*\} 0/);
    expect(metrics).toMatch(/api_projection_failure_attempts\{projection="announcement"[^}]*\} [1-9]/);
    // The other projections went on.
    expect(down.body.projections.list.filter((p: { status: string }) => p.status !== 'running').map((p: { projection: string }) => p.projection)).toEqual(['announcement']);

    const list = (await t.request().get('/api/admin/projections').set(admin()).expect(200)).body as Array<Record<string, any>>;
    const row = list.find((p) => p.name === 'announcement')!;
    expect(row.state).toBe('failed');
    expect(row.failure).toMatchObject({ eventType: 'AnnouncementChanged', eventId: boom.id, attempts: expect.any(Number) });
    expect(row.failure.attempts).toBeGreaterThanOrEqual(1);
    // Lag in events, on either store (a difference of EventStoreDB positions would be bytes): the
    // refused event is the only one after its checkpoint.
    expect(row.lag).toMatchObject({ events: 1, atLeast: false, seconds: expect.any(Number) });
    expect(Date.parse(row.failure.nextRetryAt)).toBeGreaterThan(Date.parse(row.failure.firstFailedAt));

    await t.dataSource.query(`DROP TRIGGER refuse_boom ON read.announcements`);
    const retry = await t.request().post('/api/admin/projections/announcement/retry').set(admin()).expect(202);
    expect(retry.body).toMatchObject({ projection: 'announcement', status: 'retry requested' });
    await t.request().post('/api/admin/projections/nope/retry').set(admin()).expect(404);

    const back = await waitFor(async () => {
      const res = await t.request().get('/api/health').set('Authorization', `Bearer ${t.adminToken()}`);
      return res.status === 200 ? res : undefined;
    });
    expect(back.body).toMatchObject({ status: 'ok', projections: { failed: [] } });
    expect(back.body.degraded).toBeUndefined();
    expect((await t.request().get('/api/metrics').set(admin()).expect(200)).text).toMatch(/api_projection_failed\{projection="announcement"[^}]*\} 0/);
    expect((await t.request().get('/api/admin/announcement').set(admin()).expect(200)).body.text).toBe('boom');
    const after = ((await t.request().get('/api/admin/projections').set(admin()).expect(200)).body as Array<Record<string, any>>).find((p) => p.name === 'announcement')!;
    expect(after).toMatchObject({ state: 'running', failure: null, lastError: null });
  });
});

/** Polls until the probe answers something (the projector's own pace, never a fixed sleep). */
async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

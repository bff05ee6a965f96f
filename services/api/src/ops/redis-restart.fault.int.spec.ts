import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JOB_QUEUE, type JobQueue } from '#platform/jobs/job-queue.port.js';
// @ts-expect-error: plain-Node launcher module without type declarations
import { freePort, startRedis } from '../../../../libs/platform/bin/local-servers.mjs';
import { portAnswers, until } from '#platform/testing/until.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

type RedisServer = { url: string; port: number; pid: number; stop: () => Promise<void> };


/**
 * Its own redis-server (the jest one serves other suites), killed with SIGKILL and started
 * again on the same port. PostgreSQL stays up: the shop keeps selling, jobs wait for Redis.
 */
describe('Redis killed and restarted with REDIS_URL set (own redis-server, BullMQ jobs)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'redis-fault-'));
  let port: number;
  let redis: RedisServer;
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis({ dir: path.join(root, 'redis'), port });
    // A short enqueue bound keeps the refused request quick; the restart below takes a fraction of it.
    t = await createTestApp({ env: { REDIS_URL: redis.url, JOBS_ENQUEUE_TIMEOUT_MS: '3000' } });
    expect(t.app.get<JobQueue>(JOB_QUEUE).kind).toBe('bullmq');
  }, 60_000);

  afterAll(async () => {
    // Nest first: BullMQ connections would otherwise keep reconnecting to a Redis that is gone.
    await t?.close();
    await redis?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const health = () => t.request().get('/api/health').set('Authorization', `Bearer ${t.adminToken()}`);

  it('says degraded (503 naming redis) while it is gone, runs the export requested meanwhile once it returns, then says ok', async () => {
    await until('healthy with Redis up', async () => (await health()).status === 200, 20_000);
    expect((await health()).body.redis).toEqual({ status: 'up' });

    process.kill(redis.pid, 'SIGKILL');
    await until('Redis gone', async () => !(await portAnswers(port)), 10_000);

    const startedAt = Date.now();
    const during = await health();
    expect(Date.now() - startedAt).toBeLessThan(3000);
    expect(during.status).toBe(503);
    expect(during.body).toMatchObject({
      status: 'degraded',
      eventStore: { status: 'up' },
      database: { status: 'up' },
      redis: { status: 'down' },
      degraded: expect.arrayContaining([expect.objectContaining({ dependency: 'redis' })]),
    });
    // The shop itself still answers: it needs only PostgreSQL.
    await t.request().get('/api/public/config').expect(200);

    // Requested while Redis stays down: refused within the enqueue bound, never a hang.
    const refusedAt = Date.now();
    const refused = await t.request().post('/api/admin/exports').set(auth()).send({ kind: 'orders' });
    expect([refused.status, refused.headers['retry-after'], refused.body.code]).toEqual([503, '2', 'SERVICE_UNAVAILABLE']);
    expect(Date.now() - refusedAt).toBeLessThan(10_000);

    // Requested while Redis is down and back within the bound: the queue's connection holds it
    // until Redis is back, so it is answered (and queued) after the restart, not refused or lost.
    const queue = t.app.get<JobQueue>(JOB_QUEUE);
    const pending = queue.pending.bind(queue);
    let enqueuing = 0;
    // Counted, not replaced: the real BullMQ call runs, the test only learns it was reached. An
    // admin's export first asks Redis for their pending ones (the per-admin bound), then queues.
    queue.pending = (...args) => (enqueuing++, pending(...args));
    const requested = t.request().post('/api/admin/exports').set(auth()).send({ kind: 'orders' }).then((r) => r);
    await until('the export request reaches the queue while Redis is down', () => enqueuing === 1, 5000);
    expect(await portAnswers(port)).toBe(false);

    redis = await startRedis({ dir: path.join(root, 'redis'), port });
    const res = await requested;
    expect(res.status).toBe(202);

    let job: { state?: string; downloadUrl?: string | null } = {};
    await until(
      'the export job finishes after Redis returns',
      async () => {
        job = (await t.request().get(`/api/admin/jobs/${res.body.jobId}`).set(auth())).body;
        return job.state === 'completed' || job.state === 'failed';
      },
      20_000,
    );
    expect(job).toMatchObject({ state: 'completed', downloadUrl: `/api/admin/jobs/${res.body.jobId}/download` });
    await t.request().get(job.downloadUrl!).set(auth()).expect(200);

    await until('healthy again', async () => (await health()).status === 200, 15_000);
    expect((await health()).body).toMatchObject({ status: 'ok', redis: { status: 'up' } });
  }, 60_000);
});

import { Queue } from 'bullmq';
import { jobQueueNameFor } from '#platform/jobs/job-queue.module.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/**
 * Issue 24: 200 exports queued in five seconds. Over HTTP on BullMQ, with the admin lane paused
 * (BullMQ's own pause, as an operator would) so that requested exports stay pending.
 */
describe('per-admin bound on pending exports (HTTP, BullMQ)', () => {
  let t: TestApp;
  let lane: Queue;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const ask = (body: Record<string, unknown>) => t.request().post('/api/admin/exports').set(auth()).send(body);

  beforeAll(async () => {
    t = await createTestApp({ projector: false, env: { REDIS_URL: process.env.REDIS_URL! } });
    lane = new Queue(jobQueueNameFor(t.config.databaseUrl, process.env.JOBS_QUEUE), { connection: { url: process.env.REDIS_URL! } });
    await lane.pause();
  });
  afterAll(async () => {
    await lane.resume();
    await lane.close();
    await t.close();
  });

  it('takes three, answers a repeat with its job, and refuses the fourth with 429 and Retry-After', async () => {
    const events = await ask({ kind: 'events' }).expect(202);
    await ask({ kind: 'orders' }).expect(202);
    await ask({ kind: 'newsletter' }).expect(202);
    const repeat = await ask({ kind: 'events', filters: {} }).expect(202);
    expect(repeat.body.jobId).toBe(events.body.jobId);
    const refused = await ask({ kind: 'events', filters: { type: 'OrderPlaced' } });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.body.message).toBe('You already have 3 exports waiting or running. Wait for one to finish before asking for another.');
    expect(await lane.getWaitingCount()).toBe(3);
  });
});

import { randomUUID } from 'node:crypto';
import { BullMqJobQueue } from '#platform/jobs/bullmq-job-queue.js';
import { InProcessJobQueue } from '#platform/jobs/in-process-job-queue.js';
import type { JobQueue } from '#platform/jobs/job-queue.port.js';
import { enqueueAdminJob, requestKeyOf } from './admin-job-bounds.js';

// Queues that never run their jobs (not started / no worker): every job stays pending, so the
// bounds are seen without racing a worker.
describe.each([
  ['in-process', () => new InProcessJobQueue()],
  ['bullmq', () => new BullMqJobQueue({ redisUrl: process.env.REDIS_URL!, queueName: `bounds-${randomUUID()}`, worker: false })],
] as Array<[string, () => JobQueue]>)('per-admin bounds on pending jobs (%s)', (_kind, make) => {
  let queue: JobQueue;
  beforeAll(() => {
    queue = make();
  });
  afterAll(() => queue.close());

  const ask = (admin: string, filters: Record<string, unknown>) => enqueueAdminJob(queue, 'admin.export', { requestedBy: admin, kind: 'events', filters, requestKey: requestKeyOf({ kind: 'events', filters }) }, 'exports', 3);

  it('answers an identical pending request with the job already queued, even five at once', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => ask('amira', { type: 'OrderPlaced', stream: 'order-1' })));
    expect(new Set(answers.map((a) => a.jobId)).size).toBe(1);
    expect(answers.filter((a) => a.existing)).toHaveLength(4);
    // Key order does not make another request.
    expect((await ask('amira', { stream: 'order-1', type: 'OrderPlaced' })).jobId).toBe(answers[0].jobId);
  });

  it('refuses a fourth different pending request of one admin with 429 and Retry-After, and not another admin', async () => {
    await ask('amira', { type: 'A' });
    await ask('amira', { type: 'B' });
    await expect(ask('amira', { type: 'C' })).rejects.toMatchObject({ status: 429, retryAfterSeconds: 10, message: 'You already have 3 exports waiting or running. Wait for one to finish before asking for another.' });
    await expect(ask('omar', { type: 'C' })).resolves.toMatchObject({ existing: false });
    expect((await queue.pending('admin.export')).length).toBe(4);
  });
});

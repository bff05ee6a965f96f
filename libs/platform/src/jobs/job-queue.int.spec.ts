import { randomUUID } from 'node:crypto';
import { BullMqJobQueue } from './bullmq-job-queue.js';
import { InProcessJobQueue } from './in-process-job-queue.js';
import type { JobQueue } from './job-queue.port.js';

// One contract, both implementations: the same processors must behave the same with and without Redis.
const failures: Array<{ kind: string; id: string; name: string; reason: string }> = [];
const implementations: Array<[string, () => JobQueue]> = [
  ['in-process', () => new InProcessJobQueue({ onFailed: (j) => failures.push({ kind: 'in-process', ...j }) })],
  ['bullmq', () => new BullMqJobQueue({ redisUrl: process.env.REDIS_URL!, queueName: `test-${randomUUID()}`, onFailed: (j) => failures.push({ kind: 'bullmq', ...j }) })],
];

describe.each(implementations)('job queue contract (%s)', (_kind, make) => {
  let queue: JobQueue;
  const seen: number[] = [];

  beforeAll(async () => {
    queue = make();
    queue.register<{ n: number }, { doubled: number }>('double', async ({ n }, ctx) => {
      await ctx.reportProgress(50);
      seen.push(n);
      return { doubled: n * 2 };
    });
    queue.register('explode', async () => {
      throw new Error('boom');
    });
    queue.register<{ ms: number }, string>('slow', async ({ ms }, ctx) => {
      await ctx.reportProgress(30);
      await new Promise((r) => setTimeout(r, ms));
      return 'done';
    });
    await queue.start();
  });
  afterAll(() => queue.close());

  it('runs a job and keeps its result and full progress', async () => {
    const id = await queue.enqueue('double', { n: 21 });
    const info = await queue.waitFor<{ doubled: number }>(id, 10_000);
    expect(info).toMatchObject({ id, name: 'double', state: 'completed', progress: 100, result: { doubled: 42 } });
  });

  it('reports a failure with its reason', async () => {
    const id = await queue.enqueue('explode', {});
    const info = await queue.waitFor(id, 10_000);
    expect(info?.state).toBe('failed');
    expect(info?.failedReason).toContain('boom');
    // The worker's failure event may trail the state change in Redis by a moment.
    for (let i = 0; i < 50 && !failures.some((f) => f.id === id); i++) await new Promise((r) => setTimeout(r, 20));
    expect(failures).toContainEqual(expect.objectContaining({ kind: _kind, id, name: 'explode', reason: expect.stringContaining('boom') }));
  });

  it('shows intermediate progress while a job runs', async () => {
    const id = await queue.enqueue('slow', { ms: 800 });
    let sawProgress = false;
    for (let i = 0; i < 60 && !sawProgress; i++) {
      const info = await queue.getJob(id);
      sawProgress = info?.state === 'active' && info.progress === 30;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(sawProgress).toBe(true);
    expect((await queue.waitFor(id, 10_000))?.state).toBe('completed');
  });

  it('does not run a job twice for the same job id', async () => {
    const jobId = randomUUID();
    const before = seen.filter((n) => n === 7).length;
    await queue.enqueue('double', { n: 7 }, { jobId });
    await queue.enqueue('double', { n: 7 }, { jobId });
    await queue.waitFor(jobId, 10_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.filter((n) => n === 7).length - before).toBe(1);
  });

  it('answers undefined for an unknown job', async () => {
    expect(await queue.getJob(randomUUID())).toBeUndefined();
  });
});

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

  it('lists the jobs of a name still waiting or running, with their data, and not the finished ones', async () => {
    const gate = deferred();
    queue.register<{ n: number }, void>('held', () => gate.promise);
    // Registered after start: BullMQ's worker looks processors up per job, the in-process queue too.
    // A finished job of another name first: it must not be listed.
    const done = await queue.enqueue('double', { n: 3 });
    await queue.waitFor(done, 10_000);
    const ids = [await queue.enqueue('held', { n: 1 }), await queue.enqueue('held', { n: 2 })];
    try {      const pending = await queue.pending<{ n: number }>('held');
      expect(pending.map((j) => `${j.id}:${j.data.n}`).sort()).toEqual([`${ids[0]}:1`, `${ids[1]}:2`].sort());
      expect(await queue.pending('double')).toEqual([]);
    } finally {
      gate.resolve();
    }
    for (const id of ids) expect((await queue.waitFor(id, 10_000))?.state).toBe('completed');
    expect(await queue.pending('held')).toEqual([]);
  });

  it('answers undefined for an unknown job', async () => {
    expect(await queue.getJob(randomUUID())).toBeUndefined();
  });
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Issue 24: 100 uploads' thumbnails delayed an admin's export by 144 s in one first-come queue.
 * With every shopper slot taken and more shopper jobs waiting, an admin job still runs at once.
 */
describe.each([
  ['in-process', () => new InProcessJobQueue({ concurrency: 2 })],
  ['bullmq', () => new BullMqJobQueue({ redisUrl: process.env.REDIS_URL!, queueName: `lanes-${randomUUID()}`, concurrency: 2 })],
] as Array<[string, () => JobQueue]>)('job lanes (%s)', (_kind, make) => {
  let queue: JobQueue;
  const gate = deferred();
  const started: number[] = [];

  beforeAll(async () => {
    queue = make();
    queue.register<{ n: number }, void>(
      'thumbnail',
      async ({ n }) => {
        started.push(n);
        await gate.promise;
      },
      { lane: 'shopper' },
    );
    queue.register<{ kind: string }, string>('export', async ({ kind }) => `exported ${kind}`);
    await queue.start();
  });
  afterAll(async () => {
    gate.resolve();
    await queue.close();
  });

  it('runs an admin job while the shopper lane is full and has a backlog', async () => {
    const thumbnails = [];
    for (let n = 0; n < 10; n++) thumbnails.push(await queue.enqueue('thumbnail', { n }));
    // Both shopper slots busy, eight more waiting behind them.
    for (let i = 0; i < 200 && started.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(started).toHaveLength(2);
    const exportId = await queue.enqueue('export', { kind: 'events' });
    expect(await queue.waitFor(exportId, 10_000)).toMatchObject({ state: 'completed', result: 'exported events' });
    // The shopper lane did not move meanwhile: the export overtook all of it.
    expect(started).toHaveLength(2);
    expect(await queue.getJob(thumbnails[9])).toMatchObject({ state: 'waiting' });
    gate.resolve();
    expect((await queue.waitFor(thumbnails[9], 20_000))?.state).toBe('completed');
  });
});

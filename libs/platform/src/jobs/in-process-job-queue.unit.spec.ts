import { InProcessJobQueue } from './in-process-job-queue.js';

/** The in-process queue's lanes on their own (job-queue.int.spec.ts runs the same case on BullMQ too). */
describe('InProcessJobQueue lanes', () => {
  it('gives each lane its own slots: a full shopper lane with a backlog does not delay an admin job', async () => {
    const queue = new InProcessJobQueue({ concurrency: 1 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const ran: string[] = [];
    queue.register<{ n: number }, void>(
      'thumbnail',
      async ({ n }) => {
        ran.push(`thumbnail ${n}`);
        await gate;
      },
      { lane: 'shopper' },
    );
    queue.register('export', async () => void ran.push('export'));
    await queue.start();

    const thumbnails = await Promise.all([0, 1, 2, 3, 4].map((n) => queue.enqueue('thumbnail', { n })));
    const exportId = await queue.enqueue('export', {});
    expect((await queue.waitFor(exportId, 5000))?.state).toBe('completed');
    // One shopper slot, taken by the first thumbnail; the other four wait behind it, the export did not.
    expect([...ran].sort()).toEqual(['export', 'thumbnail 0']);
    expect((await queue.pending('thumbnail')).map((j) => j.id)).toEqual(thumbnails);

    release();
    for (const id of thumbnails) expect((await queue.waitFor(id, 5000))?.state).toBe('completed');
    expect(ran.filter((r) => r !== 'export')).toEqual(['thumbnail 0', 'thumbnail 1', 'thumbnail 2', 'thumbnail 3', 'thumbnail 4']);
    await queue.close();
  });

  it('runs a job name registered without a lane in the admin lane', async () => {
    const queue = new InProcessJobQueue({ concurrency: 1 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    queue.register('held', () => gate, { lane: 'admin' });
    queue.register('export', async () => 'done');
    await queue.start();
    await queue.enqueue('held', {});
    const id = await queue.enqueue('export', {});
    // One admin slot, taken: the export waits its turn in the admin lane.
    expect((await queue.waitFor(id, 100))?.state).toBe('waiting');
    release();
    expect((await queue.waitFor(id, 5000))?.state).toBe('completed');
    await queue.close();
  });
});

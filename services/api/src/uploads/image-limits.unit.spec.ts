import { dimensionProblem, PipelineLimit } from './image-limits.js';
import { MESSAGES } from './upload-limits.js';

describe('dimensionProblem', () => {
  it.each([
    [1_000_000, 100, MESSAGES.sideTooLong],
    [100, 20_001, MESSAGES.sideTooLong],
    [8000, 6251, MESSAGES.tooManyPixels],
    [7072, 7072, MESSAGES.tooManyPixels],
    [10_000, 100, MESSAGES.badAspectRatio],
    [100, 2001, MESSAGES.badAspectRatio],
    [0, 100, MESSAGES.unreadableImage],
    [100, undefined, MESSAGES.unreadableImage],
    [1.5, 100, MESSAGES.unreadableImage],
  ])('refuses %p x %p', (w, h, message) => {
    expect(dimensionProblem(w, h)).toBe(message);
  });

  it.each([
    [8000, 6250],
    [2000, 100],
    [100, 2000],
    [1, 1],
    [5906, 8268],
  ])('accepts %p x %p', (w, h) => {
    expect(dimensionProblem(w, h)).toBeUndefined();
  });
});

describe('PipelineLimit', () => {
  it('runs at most its slots at once and hands slots over in arrival order', async () => {
    const limit = new PipelineLimit(2);
    const releases: Array<() => void> = [];
    const started: number[] = [];
    const runs = [0, 1, 2, 3, 4].map((n) =>
      limit.run(async () => {
        started.push(n);
        await new Promise<void>((r) => releases.push(r));
        return n;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    releases[1]();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    releases[0]();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2, 3]);
    releases[2]();
    releases[3]();
    await new Promise((r) => setImmediate(r));
    releases[4]();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(limit.peak()).toBe(2);
  });

  it('frees the slot when the work throws', async () => {
    const limit = new PipelineLimit(1);
    await expect(limit.run(async () => Promise.reject(new Error('decode failed')))).rejects.toThrow('decode failed');
    expect(await limit.run(async () => 'next')).toBe('next');
  });
});

describe('PipelineLimit with a bounded wait', () => {
  it('queues up to maxWaiting callers and refuses the next at once with 503 and Retry-After', async () => {
    const limit = new PipelineLimit(1, 1);
    let release!: () => void;
    const running = limit.run(() => new Promise<void>((r) => (release = r)));
    const waiting = limit.run(async () => 'second');
    const refused = limit.run(async () => 'third');
    await expect(refused).rejects.toMatchObject({ status: 503, retryAfterSeconds: 5, message: MESSAGES.busy });
    release();
    await running;
    await expect(waiting).resolves.toBe('second');
    // The queue drained: a newcomer is taken again.
    await expect(limit.run(async () => 'fourth')).resolves.toBe('fourth');
  });
});

import { randomUUID } from 'node:crypto';
import { clampProgress, type EnqueueOptions, type JobFailureListener, type JobInfo, type JobProcessor, type JobQueue } from './job-queue.port.js';

interface Entry extends JobInfo {
  data: unknown;
  attemptsLeft: number;
  done: Promise<void>;
  resolveDone: () => void;
}

/**
 * The embedded default: jobs run in this process, a few at a time, in arrival order. State is
 * kept in memory (bounded), so it does not survive a restart: fine for one machine, which is what
 * runs without Redis.
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly processors = new Map<string, JobProcessor<any, any>>();
  private readonly jobs = new Map<string, Entry>();
  private readonly pending: Entry[] = [];
  private running = 0;
  private started = false;
  private closed = false;

  constructor(private readonly options: { concurrency?: number; keepFinished?: number; onFailed?: JobFailureListener } = {}) {}

  register<Data, Result>(name: string, processor: JobProcessor<Data, Result>): void {
    this.processors.set(name, processor as JobProcessor<any, any>);
  }

  async start(): Promise<void> {
    this.started = true;
    this.pump();
  }

  async enqueue<Data>(name: string, data: Data, options: EnqueueOptions = {}): Promise<string> {
    if (this.closed) throw new Error('Job queue is closed');
    const id = options.jobId ?? randomUUID();
    if (this.jobs.has(id)) return id;
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    const entry: Entry = { id, name, state: 'waiting', progress: 0, data, attemptsLeft: Math.max(1, options.attempts ?? 1), done, resolveDone };
    this.jobs.set(id, entry);
    this.pending.push(entry);
    this.prune();
    // Deferred so the caller gets the id before any work happens (as with a real queue).
    setImmediate(() => this.pump());
    return id;
  }

  async getJob<Result>(id: string): Promise<JobInfo<Result> | undefined> {
    const e = this.jobs.get(id);
    return e ? this.view<Result>(e) : undefined;
  }

  async waitFor<Result>(id: string, timeoutMs = 30_000): Promise<JobInfo<Result> | undefined> {
    const e = this.jobs.get(id);
    if (!e) return undefined;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([e.done, new Promise<void>((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
    return this.view<Result>(e);
  }

  async close(): Promise<void> {
    this.closed = true;
    // Let running jobs finish so files are not left half-written.
    await Promise.all([...this.jobs.values()].filter((e) => e.state === 'active').map((e) => e.done));
  }

  private view<Result>(e: Entry): JobInfo<Result> {
    const { id, name, state, progress, result, failedReason } = e;
    return { id, name, state, progress, result: result as Result | undefined, failedReason };
  }

  private pump(): void {
    const limit = this.options.concurrency ?? 2;
    while (this.started && !this.closed && this.running < limit && this.pending.length > 0) {
      const entry = this.pending.shift()!;
      this.running++;
      void this.run(entry).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async run(entry: Entry): Promise<void> {
    const processor = this.processors.get(entry.name);
    entry.state = 'active';
    try {
      if (!processor) throw new Error(`No processor registered for job "${entry.name}"`);
      entry.result = await processor(entry.data, {
        jobId: entry.id,
        reportProgress: async (p) => {
          entry.progress = clampProgress(p);
        },
      });
      entry.progress = 100;
      entry.state = 'completed';
      entry.resolveDone();
    } catch (err) {
      entry.attemptsLeft--;
      if (entry.attemptsLeft > 0 && !this.closed) {
        entry.state = 'waiting';
        this.pending.push(entry);
        return;
      }
      entry.state = 'failed';
      entry.failedReason = err instanceof Error ? err.message : String(err);
      this.options.onFailed?.({ id: entry.id, name: entry.name, reason: entry.failedReason });
      entry.resolveDone();
    }
  }

  private prune(): void {
    const keep = this.options.keepFinished ?? 1000;
    if (this.jobs.size <= keep) return;
    for (const [id, e] of this.jobs) {
      if (this.jobs.size <= keep) break;
      if (e.state === 'completed' || e.state === 'failed') this.jobs.delete(id);
    }
  }
}

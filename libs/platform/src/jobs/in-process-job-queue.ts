import { randomUUID } from 'node:crypto';
import { clampProgress, JOB_LANES, type EnqueueOptions, type JobFailureListener, type JobInfo, type JobLane, type JobProcessor, type JobQueue, type PendingJob, type RegisterOptions } from './job-queue.port.js';

interface Entry extends JobInfo {
  data: unknown;
  lane: JobLane;
  attemptsLeft: number;
  done: Promise<void>;
  resolveDone: () => void;
}

/**
 * The embedded default: jobs run in this process, a few at a time per lane, in arrival order
 * within a lane. Each lane (JobLane) has its own waiting line and its own slots, so a thousand
 * thumbnails never delay an export. State is kept in memory (bounded), so it does not survive a
 * restart: fine for one machine, which is what runs without Redis.
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly processors = new Map<string, JobProcessor<any, any>>();
  private readonly lanes = new Map<string, JobLane>();
  private readonly jobs = new Map<string, Entry>();
  private readonly pendingByLane: Record<JobLane, Entry[]> = { admin: [], shopper: [] };
  private readonly runningByLane: Record<JobLane, number> = { admin: 0, shopper: 0 };
  private started = false;
  private closed = false;

  /** concurrency: slots per lane (default 2 each). */
  constructor(private readonly options: { concurrency?: number; keepFinished?: number; onFailed?: JobFailureListener } = {}) {}

  register<Data, Result>(name: string, processor: JobProcessor<Data, Result>, options: RegisterOptions = {}): void {
    this.processors.set(name, processor as JobProcessor<any, any>);
    this.lanes.set(name, options.lane ?? 'admin');
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
    const lane = this.lanes.get(name) ?? 'admin';
    const entry: Entry = { id, name, state: 'waiting', progress: 0, data, lane, attemptsLeft: Math.max(1, options.attempts ?? 1), done, resolveDone };
    this.jobs.set(id, entry);
    this.pendingByLane[lane].push(entry);
    this.prune();
    // Deferred so the caller gets the id before any work happens (as with a real queue).
    setImmediate(() => this.pump());
    return id;
  }

  async getJob<Result>(id: string): Promise<JobInfo<Result> | undefined> {
    const e = this.jobs.get(id);
    return e ? this.view<Result>(e) : undefined;
  }

  async pending<Data>(name: string, limit = 1000): Promise<PendingJob<Data>[]> {
    const out: PendingJob<Data>[] = [];
    for (const e of this.jobs.values()) {
      if (out.length >= limit) break;
      if (e.name === name && (e.state === 'waiting' || e.state === 'active')) out.push({ id: e.id, data: e.data as Data });
    }
    return out;
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
    for (const lane of JOB_LANES) {
      const pending = this.pendingByLane[lane];
      while (this.started && !this.closed && this.runningByLane[lane] < limit && pending.length > 0) {
        const entry = pending.shift()!;
        this.runningByLane[lane]++;
        void this.run(entry).finally(() => {
          this.runningByLane[lane]--;
          this.pump();
        });
      }
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
        this.pendingByLane[entry.lane].push(entry);
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

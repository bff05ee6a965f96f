import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { clampProgress, JOB_LANES, JobQueueUnavailable, type EnqueueOptions, type JobFailureListener, type JobInfo, type JobLane, type JobProcessor, type JobQueue, type JobState, type PendingJob, type RegisterOptions } from './job-queue.port.js';

/**
 * The BullMQ queue of a lane: the admin lane keeps the application's queue name (jobs queued
 * before lanes existed are still found and run), the shopper lane is `<name>-shopper`.
 */
export function laneQueueName(queueName: string, lane: JobLane): string {
  return lane === 'admin' ? queueName : `${queueName}-${lane}`;
}

/**
 * BullMQ on Redis. One queue per application and lane (queueName, laneQueueName), job names select
 * the processor; each lane has its own worker, so shoppers' jobs never hold an admin job's slot.
 * The workers run in the same process as the producers unless `worker: false`.
 */
export class BullMqJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly processors = new Map<string, JobProcessor<any, any>>();
  private readonly lanes = new Map<string, JobLane>();
  private readonly queues: Record<JobLane, Queue>;
  private readonly workers: Worker[] = [];

  constructor(
    private readonly options: {
      redisUrl: string;
      queueName: string;
      prefix?: string;
      concurrency?: number;
      worker?: boolean;
      onFailed?: JobFailureListener;
      /** How long an enqueue waits for Redis before giving up (default 5 s). */
      enqueueTimeoutMs?: number;
    },
  ) {
    const queue = (lane: JobLane) =>
      new Queue(laneQueueName(options.queueName, lane), {
        connection: this.connection(),
        prefix: options.prefix,
        defaultJobOptions: { removeOnComplete: { age: 24 * 3600, count: 1000 }, removeOnFail: { age: 7 * 24 * 3600 } },
      });
    this.queues = { admin: queue('admin'), shopper: queue('shopper') };
  }

  register<Data, Result>(name: string, processor: JobProcessor<Data, Result>, options: RegisterOptions = {}): void {
    this.processors.set(name, processor as JobProcessor<any, any>);
    this.lanes.set(name, options.lane ?? 'admin');
  }

  async start(): Promise<void> {
    if (this.workers.length > 0 || this.options.worker === false) return;
    for (const lane of JOB_LANES) {
      const worker = new Worker(
        laneQueueName(this.options.queueName, lane),
        async (job: Job) => {
          const processor = this.processors.get(job.name);
          if (!processor) throw new Error(`No processor registered for job "${job.name}"`);
          return processor(job.data, { jobId: String(job.id), reportProgress: (p) => job.updateProgress(clampProgress(p)) });
        },
        { connection: this.connection(), prefix: this.options.prefix, concurrency: this.options.concurrency ?? 2 },
      );
      // A worker without an error listener crashes the process on a Redis hiccup.
      worker.on('error', () => undefined);
      worker.on('failed', (job, err) => {
        if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) this.options.onFailed?.({ id: String(job.id), name: job.name, reason: err.message });
      });
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
  }

  private queueOf(name: string): Queue {
    return this.queues[this.lanes.get(name) ?? 'admin'];
  }

  async enqueue<Data>(name: string, data: Data, options: EnqueueOptions = {}): Promise<string> {
    const added = this.queueOf(name).add(name, data, {
      jobId: options.jobId ?? randomUUID(),
      attempts: options.attempts ?? 1,
      backoff: { type: 'exponential', delay: 1000 },
    });
    return String((await this.withinBound(added, `take the ${name} job`)).id);
  }

  /**
   * ioredis holds commands while it reconnects, for ever: a Redis outage would hang the request.
   * Past the bound the caller hears "unavailable"; should Redis come back later the held command
   * still runs, which is harmless (an add: the caller was told to retry and gets a new job id).
   */
  private async withinBound<T>(work: Promise<T>, what: string): Promise<T> {
    const timeoutMs = this.options.enqueueTimeoutMs ?? 5000;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new JobQueueUnavailable(`Redis did not ${what} within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([work, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  async getJob<Result>(id: string): Promise<JobInfo<Result> | undefined> {
    // State first, then the job: a job that completes between the two reads is then reported
    // with its return value (the other order could say "completed" with the result still null).
    // The id says nothing of its lane: the admin lane first (admins poll their jobs), then the other.
    let state = 'unknown';
    let job: Job | undefined;
    for (const lane of JOB_LANES) {
      state = await this.queues[lane].getJobState(id);
      if (state === 'unknown') continue;
      job = await this.queues[lane].getJob(id);
      break;
    }
    if (!job || state === 'unknown') return undefined;
    return {
      id: String(job.id),
      name: job.name,
      state: mapState(state),
      progress: state === 'completed' ? 100 : typeof job.progress === 'number' ? job.progress : 0,
      result: job.returnvalue as Result | undefined,
      failedReason: job.failedReason || undefined,
    };
  }

  async pending<Data>(name: string, limit = 1000): Promise<PendingJob<Data>[]> {
    // Asked before an admin's job is queued: bounded like enqueue, so an outage is a prompt 503.
    const jobs = await this.withinBound(this.queueOf(name).getJobs(['active', 'waiting', 'delayed', 'prioritized'], 0, limit - 1, true), `list the pending ${name} jobs`);
    return jobs.filter((j) => j && j.name === name).map((j) => ({ id: String(j.id), data: j.data as Data }));
  }

  async waitFor<Result>(id: string, timeoutMs = 30_000): Promise<JobInfo<Result> | undefined> {
    const deadline = Date.now() + timeoutMs;
    // Polling keeps this free of a QueueEvents connection per caller; jobs here take seconds.
    for (;;) {
      const info = await this.getJob<Result>(id);
      if (!info || info.state === 'completed' || info.state === 'failed' || Date.now() >= deadline) return info;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all(JOB_LANES.map((lane) => this.queues[lane].close()));
  }

  private connection() {
    // Workers block on Redis; BullMQ requires maxRetriesPerRequest null for them.
    return { url: this.options.redisUrl, maxRetriesPerRequest: null };
  }
}

function mapState(state: string): JobState {
  switch (state) {
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'active':
      return 'active';
    case 'waiting':
    case 'delayed':
    case 'prioritized':
    case 'waiting-children':
      return 'waiting';
    default:
      return 'unknown';
  }
}

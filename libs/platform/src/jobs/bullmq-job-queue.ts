import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { clampProgress, JobQueueUnavailable, type EnqueueOptions, type JobFailureListener, type JobInfo, type JobProcessor, type JobQueue, type JobState } from './job-queue.port.js';

/**
 * BullMQ on Redis. One queue per application (queueName), job names select the processor; the
 * worker runs in the same process as the producers unless `worker: false`.
 */
export class BullMqJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly processors = new Map<string, JobProcessor<any, any>>();
  private readonly queue: Queue;
  private worker?: Worker;

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
    this.queue = new Queue(options.queueName, {
      connection: this.connection(),
      prefix: options.prefix,
      defaultJobOptions: { removeOnComplete: { age: 24 * 3600, count: 1000 }, removeOnFail: { age: 7 * 24 * 3600 } },
    });
  }

  register<Data, Result>(name: string, processor: JobProcessor<Data, Result>): void {
    this.processors.set(name, processor as JobProcessor<any, any>);
  }

  async start(): Promise<void> {
    if (this.worker || this.options.worker === false) return;
    this.worker = new Worker(
      this.options.queueName,
      async (job: Job) => {
        const processor = this.processors.get(job.name);
        if (!processor) throw new Error(`No processor registered for job "${job.name}"`);
        return processor(job.data, { jobId: String(job.id), reportProgress: (p) => job.updateProgress(clampProgress(p)) });
      },
      { connection: this.connection(), prefix: this.options.prefix, concurrency: this.options.concurrency ?? 2 },
    );
    // A worker without an error listener crashes the process on a Redis hiccup.
    this.worker.on('error', () => undefined);
    this.worker.on('failed', (job, err) => {
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) this.options.onFailed?.({ id: String(job.id), name: job.name, reason: err.message });
    });
    await this.worker.waitUntilReady();
  }

  async enqueue<Data>(name: string, data: Data, options: EnqueueOptions = {}): Promise<string> {
    const added = this.queue.add(name, data, {
      jobId: options.jobId ?? randomUUID(),
      attempts: options.attempts ?? 1,
      backoff: { type: 'exponential', delay: 1000 },
    });
    // ioredis holds commands while it reconnects, for ever: a Redis outage would hang the request.
    // Past the bound the caller hears "unavailable"; should Redis come back later the held add still
    // lands, which is harmless (the caller was told to retry and gets a new job id).
    const timeoutMs = this.options.enqueueTimeoutMs ?? 5000;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new JobQueueUnavailable(`Redis did not take the ${name} job within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const job = await Promise.race([added, timedOut]);
      return String(job.id);
    } finally {
      clearTimeout(timer);
    }
  }

  async getJob<Result>(id: string): Promise<JobInfo<Result> | undefined> {
    // State first, then the job: a job that completes between the two reads is then reported
    // with its return value (the other order could say "completed" with the result still null).
    const state = await this.queue.getJobState(id);
    const job = await this.queue.getJob(id);
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
    await this.worker?.close();
    await this.queue.close();
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

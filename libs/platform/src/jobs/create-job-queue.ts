import { BullMqJobQueue } from './bullmq-job-queue.js';
import { InProcessJobQueue } from './in-process-job-queue.js';
import type { JobFailureListener, JobQueue } from './job-queue.port.js';

/** BullMQ when a Redis URL is given, else in-process. queueName separates applications (and test suites) on one Redis. */
export function createJobQueue(
  options: { redisUrl?: string; queueName?: string; prefix?: string; concurrency?: number; worker?: boolean; onFailed?: JobFailureListener; enqueueTimeoutMs?: number } = {},
): JobQueue {
  const queueName = options.queueName ?? 'poster-shop';
  if (options.redisUrl) {
    return new BullMqJobQueue({ redisUrl: options.redisUrl, queueName, prefix: options.prefix, concurrency: options.concurrency, worker: options.worker, onFailed: options.onFailed, enqueueTimeoutMs: options.enqueueTimeoutMs });
  }
  return new InProcessJobQueue({ concurrency: options.concurrency, onFailed: options.onFailed });
}

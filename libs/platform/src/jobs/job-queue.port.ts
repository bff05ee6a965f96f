/**
 * Background work (thumbnails, exports, rebuild requests) behind one port. Two implementations run
 * the same processor functions: BullMQ on Redis when REDIS_URL is set (jobs survive restarts and
 * spread over replicas), in-process otherwise (the embedded default).
 */

export type JobState = 'waiting' | 'active' | 'completed' | 'failed' | 'unknown';

export interface JobContext {
  readonly jobId: string;
  /** 0..100; callers poll it through getJob. */
  reportProgress(percent: number): Promise<void>;
}

export type JobProcessor<Data = unknown, Result = unknown> = (data: Data, context: JobContext) => Promise<Result>;

export interface JobInfo<Result = unknown> {
  id: string;
  name: string;
  state: JobState;
  progress: number;
  result?: Result;
  failedReason?: string;
}

/**
 * Which line a job waits in. Each lane has its own workers and slots, so a flood of shoppers'
 * thumbnails never stands in front of an admin's export, what-if or rebuild (nor the reverse).
 * A job name belongs to one lane, declared when its processor is registered.
 */
export type JobLane = 'admin' | 'shopper';
export const JOB_LANES: readonly JobLane[] = ['admin', 'shopper'];

export interface RegisterOptions {
  /** Default 'admin': background work the shop runs for its staff. */
  lane?: JobLane;
}

/** A job not finished yet (waiting or running), with the data it was queued with. */
export interface PendingJob<Data = unknown> {
  id: string;
  data: Data;
}

export interface EnqueueOptions {
  /** A deterministic id makes enqueueing idempotent (the same id is not queued twice). */
  jobId?: string;
  attempts?: number;
}

export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  /** Register before start(); a queue only runs the job names it has processors for. */
  register<Data, Result>(name: string, processor: JobProcessor<Data, Result>, options?: RegisterOptions): void;
  /** Starts consuming (a BullMQ worker, or draining the in-process queue). */
  start(): Promise<void>;
  enqueue<Data>(name: string, data: Data, options?: EnqueueOptions): Promise<string>;
  getJob<Result = unknown>(id: string): Promise<JobInfo<Result> | undefined>;
  /** Jobs of this name waiting or running, oldest first, at most `limit`: what per-admin bounds count. */
  pending<Data = unknown>(name: string, limit?: number): Promise<PendingJob<Data>[]>;
  /** Resolves when the job completed or failed, or with its current state after timeoutMs. */
  waitFor<Result = unknown>(id: string, timeoutMs?: number): Promise<JobInfo<Result> | undefined>;
  close(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');

/**
 * The queue's server did not take a job in time (Redis down). Its code is a socket timeout's, so
 * the API answers it as any outage of a dependency: 503 with Retry-After, never a request that
 * waits for as long as Redis is gone.
 */
export class JobQueueUnavailable extends Error {
  override readonly name = 'JobQueueUnavailable';
  readonly code = 'ETIMEDOUT';
}

/** Told about every job that failed for good (after its attempts), so failures reach the logs. */
export type JobFailureListener = (job: { id: string; name: string; reason: string }) => void;

export function clampProgress(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.max(0, Math.min(100, Math.round(percent)));
}

import { HttpException } from '@nestjs/common';
import type { JobQueue } from '#platform/jobs/job-queue.port.js';

/**
 * ADMIN_MAX_PENDING_JOBS (default 3): exports (or what-if runs) one admin may have waiting or
 * running at once. Each reads the whole log or every order; three is more than an admin watching
 * their own progress bars needs, and 200 requested in five seconds (2.15 GB written) is refused.
 */
export function adminMaxPendingJobs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.ADMIN_MAX_PENDING_JOBS);
  return env.ADMIN_MAX_PENDING_JOBS && Number.isSafeInteger(n) && n >= 1 ? n : 3;
}

/** Data of a job an admin asked for: who, and what exactly (identical requests share a job). */
export interface AdminJobData {
  requestedBy: string;
  /** The request normalised (requestKeyOf): two requests with the same key want the same result. */
  requestKey?: string;
}

export class TooManyPendingJobs extends HttpException {
  readonly retryAfterSeconds = 10;
  constructor(what: string, max: number) {
    super(`You already have ${max} ${what} waiting or running. Wait for one to finish before asking for another.`, 429);
  }
}

/** JSON with sorted keys at every depth: { a, b } and { b, a } are one request. */
export function requestKeyOf(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sort) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, x]) => [k, sort(x)])) : v;
  return JSON.stringify(sort(value));
}

/** Serialises the check-then-enqueue of one admin and job name in this process (a double click sends two). */
const turns = new Map<string, Promise<unknown>>();

/**
 * Queues an admin's job unless the same request is already pending (its job is answered instead)
 * or the admin has `max` of this kind pending (429 with Retry-After). Across several API
 * processes two simultaneous requests can both pass the count: the bound is then max + replicas
 * - 1, still a bound.
 */
export async function enqueueAdminJob<Data extends AdminJobData>(jobs: JobQueue, name: string, data: Data, what: string, max = adminMaxPendingJobs()): Promise<{ jobId: string; existing: boolean }> {
  const key = `${name}\u0000${data.requestedBy}`;
  const previous = turns.get(key) ?? Promise.resolve();
  const mine = previous.catch(() => undefined).then(async () => {
    const pending = (await jobs.pending<AdminJobData>(name)).filter((j) => j.data?.requestedBy === data.requestedBy);
    const same = data.requestKey === undefined ? undefined : pending.find((j) => j.data.requestKey === data.requestKey);
    if (same) return { jobId: same.id, existing: true };
    if (pending.length >= max) throw new TooManyPendingJobs(what, max);
    return { jobId: await jobs.enqueue<Data>(name, data), existing: false };
  });
  turns.set(key, mine);
  try {
    return await mine;
  } finally {
    if (turns.get(key) === mine) turns.delete(key);
  }
}

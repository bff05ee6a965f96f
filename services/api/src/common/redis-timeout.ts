/** How long a Redis call may take before its caller falls back to what it keeps itself. */
export const REDIS_TIMEOUT_MS = 500;

/**
 * `work`, or a rejection once Redis has not answered within `ms`: ioredis queues a command while it
 * reconnects, and a caller on a request's path must not wait for that.
 */
export function redisAnswerWithin<T>(work: Promise<T>, ms = REDIS_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  // The losing promise may still reject later; that must not surface as unhandled.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

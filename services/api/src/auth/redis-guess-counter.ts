import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { GuessCounter, GuessLimit, GuessTaken } from './guess-counter.port.js';
import { hashed } from './pg-guess-counter.js';
import { redisAnswerWithin } from '../common/redis-timeout.js';
import { throttledWarning } from '../common/throttled-warning.js';

/** pg-guess-counter's statement as one script: count and check at once, the window starting with its first guess. */
const TAKE = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'n', 'ends')
local n = tonumber(state[1])
local ends = tonumber(state[2])
if n == nil or ends == nil or ends <= now then
  n = 0
  ends = now + window
end
if n >= limit then return {0, tostring(ends - now)} end
n = n + 1
redis.call('HSET', KEYS[1], 'n', n, 'ends', tostring(ends))
redis.call('PEXPIRE', KEYS[1], math.ceil(ends - now))
return {1, tostring(n), tostring(ends)}
`;

const REFUND = `
local n = tonumber(redis.call('HGET', KEYS[1], 'n'))
if n ~= nil and n > 0 then redis.call('HINCRBY', KEYS[1], 'n', -1) end
return 0
`;

/**
 * Guess counts in Redis, shared by every API process. If Redis cannot answer in time the count
 * goes to PostgreSQL (shared too) rather than to this process alone: a Redis outage must not hand
 * a guesser a fresh count on every replica.
 */
export class RedisGuessCounter implements GuessCounter {
  private readonly logger = new Logger('GuessCounter');
  private readonly redis: Redis;
  private readonly warnThrottled = throttledWarning((message) => this.logger.warn(message));

  constructor(
    url: string,
    private readonly fallback: GuessCounter,
    private readonly prefix = 'postershop:guesses:',
    private readonly now: () => number = Date.now,
  ) {
    this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
    this.redis.on('error', () => undefined); // reported by the failing calls, once a minute
  }

  async connect(): Promise<void> {
    await this.redis.connect();
  }

  async take(key: string, limit: GuessLimit): Promise<GuessTaken> {
    try {
      const [allowed, value, ends] = (await redisAnswerWithin(this.redis.eval(TAKE, 1, this.prefix + hashed(key), this.now(), limit.limit, limit.windowMs))) as [number, string, string?];
      return allowed === 1 ? { allowed: true, count: Number(value), windowEndsAt: Number(ends) } : { allowed: false, retryAfterMs: Math.max(1, Number(value)) };
    } catch (e) {
      this.warn(e);
      return this.fallback.take(key, limit);
    }
  }

  async refund(key: string): Promise<void> {
    try {
      await redisAnswerWithin(this.redis.eval(REFUND, 1, this.prefix + hashed(key)));
    } catch (e) {
      this.warn(e);
      await this.fallback.refund(key);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    await this.fallback.close();
  }

  private warn(e: unknown): void {
    this.warnThrottled(`guess counts kept in PostgreSQL while Redis fails: ${(e as Error).message}`);
  }
}

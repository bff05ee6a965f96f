import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { BudgetRule } from '#platform/config/budgets-config.js';
import type { BudgetStore } from './budget-store.port.js';
import { clampCost, interval, type Verdict } from './gcra.js';
import { MemoryBudgetStore } from './memory-budget-store.js';
import { redisAnswerWithin } from '../common/redis-timeout.js';
import { throttledWarning } from '../common/throttled-warning.js';

/**
 * gcra.ts's spend in one script, so two API processes spending the same key at once cannot both
 * read the old value. Times are milliseconds from the API's clock (ARGV[1]), so tests control it;
 * numbers go back as strings because Redis turns a Lua number into an integer.
 */
const SPEND = `
local now = tonumber(ARGV[1])
local step = tonumber(ARGV[2])
local tolerance = tonumber(ARGV[3])
local cost = tonumber(ARGV[4])
local tat = tonumber(redis.call('GET', KEYS[1]) or ARGV[1])
if tat < now then tat = now end
local nextTat = tat + cost * step
local allowAt = nextTat - tolerance
if allowAt > now then return {0, tostring(allowAt - now)} end
local ttl = math.ceil(nextTat - now)
if ttl > 0 then redis.call('SET', KEYS[1], tostring(nextTat), 'PX', ttl) end
return {1, '0'}
`;

/** Slots in flight as a sorted set of lease ids scored by when they lapse. */
const ENTER = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[4])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
`;

/**
 * Budgets shared by every API process through Redis. If Redis cannot answer in time, this process
 * keeps budgets of its own meanwhile (the in-process store) rather than failing the request or
 * letting it through unchecked: a Redis outage must not stop sales nor open the gate.
 */
export class RedisBudgetStore implements BudgetStore {
  private readonly logger = new Logger('Budgets');
  private readonly redis: Redis;
  private readonly fallback: MemoryBudgetStore;
  private readonly warnThrottled = throttledWarning((message) => this.logger.warn(message));

  constructor(
    url: string,
    private readonly prefix = 'postershop:budget:',
    private readonly now: () => number = Date.now,
  ) {
    this.fallback = new MemoryBudgetStore(now);
    // No offline queue: while disconnected a command fails at once and the fallback answers.
    this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
    this.redis.on('error', () => undefined); // reported by the failing calls, once a minute
  }

  async connect(): Promise<void> {
    await this.redis.connect();
  }

  async spend(key: string, rule: BudgetRule, cost: number): Promise<Verdict> {
    const step = interval(rule);
    try {
      const [allowed, wait] = (await redisAnswerWithin(
        this.redis.eval(SPEND, 1, this.prefix + key, this.now(), step, rule.burst * step, clampCost(rule, cost)),
      )) as [number, string];
      return allowed === 1 ? { allowed: true } : { allowed: false, retryAfterMs: Number(wait) };
    } catch (e) {
      this.warn(e);
      return this.fallback.spend(key, rule, cost);
    }
  }

  async enter(key: string, limit: number, leaseMs: number): Promise<{ entered: true; release: () => Promise<void> } | { entered: false }> {
    const id = randomUUID();
    const redisKey = `${this.prefix}inflight:${key}`;
    try {
      const entered = (await redisAnswerWithin(this.redis.eval(ENTER, 1, redisKey, this.now(), leaseMs, limit, id))) as number;
      if (entered !== 1) return { entered: false };
      return {
        entered: true,
        release: async () => {
          await redisAnswerWithin(this.redis.zrem(redisKey, id)).catch((e: unknown) => this.warn(e)); // else it lapses after leaseMs
        },
      };
    } catch (e) {
      this.warn(e);
      return this.fallback.enter(key, limit, leaseMs);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    await this.fallback.close();
  }

  private warn(e: unknown): void {
    this.warnThrottled(`budgets kept in this process while Redis fails: ${(e as Error).message}`);
  }
}

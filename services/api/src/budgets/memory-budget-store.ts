import type { BudgetRule } from '#platform/config/budgets-config.js';
import type { BudgetStore } from './budget-store.port.js';
import { spend, type Verdict } from './gcra.js';

/** Enough for every client of a busy day; beyond it the map is pruned rather than grown. */
export const MAX_BUDGET_KEYS = 100_000;

/**
 * Budgets of one API process (no REDIS_URL). Memory stays bounded: a key whose bucket has
 * refilled is exactly the same as no key, so idle keys are dropped whenever the map is full; if
 * it is still full (very many clients at once), the least recently used tenth is forgotten,
 * which forgives those clients rather than letting an attack from many addresses grow the heap.
 */
export class MemoryBudgetStore implements BudgetStore {
  private readonly buckets = new Map<string, number>();
  private readonly inFlight = new Map<string, Set<symbol>>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = MAX_BUDGET_KEYS,
  ) {}

  get size(): number {
    return this.buckets.size;
  }

  async spend(key: string, rule: BudgetRule, cost: number): Promise<Verdict> {
    const t = this.now();
    const previous = this.buckets.get(key);
    const { verdict, tat } = spend(previous, t, rule, cost);
    // Re-inserting keeps the map in least-recently-used order for prune().
    this.buckets.delete(key);
    if (tat > t) {
      if (this.buckets.size >= this.maxKeys) this.prune(t);
      this.buckets.set(key, tat);
    }
    return verdict;
  }

  async enter(key: string, limit: number, leaseMs: number): Promise<{ entered: true; release: () => Promise<void> } | { entered: false }> {
    // Requests of this process: a lease cannot outlive it, so leaseMs is only the Redis store's concern.
    void leaseMs;
    const slots = this.inFlight.get(key) ?? new Set<symbol>();
    if (slots.size >= limit) return { entered: false };
    const slot = Symbol(key);
    slots.add(slot);
    this.inFlight.set(key, slots);
    return {
      entered: true,
      release: async () => {
        slots.delete(slot);
        if (slots.size === 0 && this.inFlight.get(key) === slots) this.inFlight.delete(key);
      },
    };
  }

  async close(): Promise<void> {
    this.buckets.clear();
  }

  private prune(t: number): void {
    for (const [k, tat] of this.buckets) if (tat <= t) this.buckets.delete(k);
    if (this.buckets.size < this.maxKeys) return;
    const drop = Math.max(1, Math.ceil(this.maxKeys / 10));
    let n = 0;
    for (const k of this.buckets.keys()) {
      if (n++ >= drop) break;
      this.buckets.delete(k);
    }
  }
}

import type { BudgetRule } from '#platform/config/budgets-config.js';
import type { Verdict } from './gcra.js';

/**
 * Where budgets are kept: in Redis when REDIS_URL is set, so every API process draws on the same
 * budget, and in this process otherwise. Keys are opaque here (budget name and client).
 */
export interface BudgetStore {
  /** Spends `cost` units of the key's budget now, or says how long until it could. */
  spend(key: string, rule: BudgetRule, cost: number): Promise<Verdict>;
  /**
   * Takes one of `limit` slots of the key (requests in flight), or refuses. A slot is given back
   * by `release`, and lapses after `leaseMs` anyway, so a process that died holding it cannot
   * lock the client out.
   */
  enter(key: string, limit: number, leaseMs: number): Promise<{ entered: true; release: () => Promise<void> } | { entered: false }>;
  close(): Promise<void>;
}

export const BUDGET_STORE = Symbol('BUDGET_STORE');

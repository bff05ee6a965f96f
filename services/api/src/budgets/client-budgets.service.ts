import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '#platform/config/app-config.js';
import type { BudgetRule, BudgetsConfig } from '#platform/config/budgets-config.js';
import { APP_CONFIG } from '../common/tokens.js';
import { BUDGET_STORE, type BudgetStore } from './budget-store.port.js';
import { OverBudget } from './over-budget.error.js';

type RuleName = { [K in keyof BudgetsConfig]: BudgetsConfig[K] extends BudgetRule ? K : never }[keyof BudgetsConfig];

/** A concurrency slot lapses after this long even if never given back (a process that died). */
const LEASE_MS = 10 * 60_000;
/** What Retry-After says when the slots in flight are full: they free up as uploads finish. */
const BUSY_RETRY_SECONDS = 5;

/** The one way a route spends a client's budget: check and spend before anything is appended. */
@Injectable()
export class ClientBudgets implements OnApplicationShutdown {
  constructor(
    @Inject(BUDGET_STORE) private readonly store: BudgetStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Spends `cost` units of the named budget of `who`, or throws OverBudget (429) naming the wait. */
  async spend(rule: RuleName, who: string, refusal: { code: string; message: string }, cost = 1): Promise<void> {
    const verdict = await this.store.spend(`${rule}:${who}`, this.config.budgets[rule], cost);
    if (!verdict.allowed) throw new OverBudget(refusal.code, refusal.message, Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)));
  }

  /** One of the client's upload slots, or OverBudget; the caller releases it when the request ends. */
  async enterUpload(who: string, refusal: { code: string; message: string }): Promise<() => Promise<void>> {
    const slot = await this.store.enter(`uploads:${who}`, this.config.budgets.uploadConcurrency, LEASE_MS);
    if (!slot.entered) throw new OverBudget(refusal.code, refusal.message, BUSY_RETRY_SECONDS);
    return slot.release;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

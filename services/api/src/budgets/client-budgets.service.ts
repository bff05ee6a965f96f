import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '#platform/config/app-config.js';
import type { BudgetRule, BudgetsConfig } from '#platform/config/budgets-config.js';
import { APP_CONFIG } from '../common/tokens.js';
import { BUDGET_STORE, type BudgetStore } from './budget-store.port.js';
import { OverBudget } from './over-budget.error.js';

type RuleName = { [K in keyof BudgetsConfig]: BudgetsConfig[K] extends BudgetRule ? K : never }[keyof BudgetsConfig];
/** The budgets kept per client token, with the address's ceiling over its tokens together. */
export type ClientRuleName = 'cartCommands' | 'cartCreations' | 'checkoutsPerClient';

/** Who spends: the address always, and the storefront's signed client token when the request has one. */
export interface BudgetClient {
  address: string;
  token?: string;
}

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
    await this.spendKey(`${rule}:${who}`, this.config.budgets[rule], refusal, cost);
  }

  /**
   * Spends the client's budget: its token's when it has one, and then its address's ceiling (the
   * same rule times BUDGET_ADDRESS_CEILING_FACTOR), which only token holders share; without a
   * token, the address's own budget at the client's rule. So one shopper flooding, with or without
   * a token, does not refuse another shopper at the same address who has one.
   */
  async spendAsClient(rule: ClientRuleName, client: BudgetClient, refusal: { code: string; message: string }): Promise<void> {
    if (!client.token) return this.spend(rule, client.address, refusal);
    const own = this.config.budgets[rule];
    await this.spendKey(`${rule}:token:${client.token}`, own, refusal, 1);
    const factor = this.config.budgets.addressCeilingFactor;
    await this.spendKey(`${rule}:ceiling:${client.address}`, { amount: own.amount * factor, periodMs: own.periodMs, burst: own.burst * factor }, refusal, 1);
  }

  /** Spends one unit when the budget allows it; false, not an error, when it does not. */
  async tryToSpend(rule: RuleName, who: string): Promise<boolean> {
    return (await this.store.spend(`${rule}:${who}`, this.config.budgets[rule], 1)).allowed;
  }

  private async spendKey(key: string, rule: BudgetRule, refusal: { code: string; message: string }, cost: number): Promise<void> {
    const verdict = await this.store.spend(key, rule, cost);
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

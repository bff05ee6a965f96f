import { Global, Logger, Module } from '@nestjs/common';
import type { AppConfig } from '#platform/config/app-config.js';
import { APP_CONFIG } from '../common/tokens.js';
import { BUDGET_STORE, type BudgetStore } from './budget-store.port.js';
import { BudgetGuard } from './budget.guard.js';
import { ClientBudgets } from './client-budgets.service.js';
import { ClientTokens } from './client-token.js';
import { MemoryBudgetStore } from './memory-budget-store.js';
import { RedisBudgetStore } from './redis-budget-store.js';

/** Per-client budgets of anonymous writes, in Redis when REDIS_URL is set, and the storefront's client tokens. */
@Global()
@Module({
  providers: [
    {
      provide: BUDGET_STORE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<BudgetStore> => {
        if (!config.redisUrl) return new MemoryBudgetStore();
        const store = new RedisBudgetStore(config.redisUrl, config.budgets.redisPrefix);
        // Redis down at boot: the API still starts, budgets held per process until it answers.
        await store.connect().catch((e: unknown) => new Logger('Budgets').warn(`Redis not reachable at start, budgets kept in this process: ${(e as Error).message}`));
        return store;
      },
    },
    ClientBudgets,
    ClientTokens,
    BudgetGuard,
  ],
  exports: [ClientBudgets, ClientTokens, BudgetGuard],
})
export class BudgetsModule {}

import { DEFAULT_BUDGETS, loadBudgetsConfig, parseBudgetRule } from './budgets-config.js';

describe('budget variables', () => {
  it('reads <amount>/<period>[,burst=<n>]', () => {
    expect(parseBudgetRule('300/min,burst=100', 'X', DEFAULT_BUDGETS.cartCommands)).toEqual({ amount: 300, periodMs: 60_000, burst: 100 });
    expect(parseBudgetRule('3/h', 'X', DEFAULT_BUDGETS.cartCommands)).toEqual({ amount: 3, periodMs: 3_600_000, burst: 3 });
    expect(parseBudgetRule(' 5 / s , burst = 2 ', 'X', DEFAULT_BUDGETS.cartCommands)).toEqual({ amount: 5, periodMs: 1000, burst: 2 });
    expect(parseBudgetRule('2GB/h,burst=200MB', 'X', DEFAULT_BUDGETS.uploadBytes, true)).toEqual({ amount: 2 * 1024 ** 3, periodMs: 3_600_000, burst: 200 * 1024 ** 2 });
  });

  it('keeps the default when unset or empty', () => {
    expect(loadBudgetsConfig({})).toEqual(DEFAULT_BUDGETS);
    expect(loadBudgetsConfig({ BUDGET_CART_COMMANDS: '' }).cartCommands).toEqual(DEFAULT_BUDGETS.cartCommands);
  });

  it.each(['0/min', '-1/min', '1.5/min', '0x10/min', '10/week', '10', '10/min,burst=0', '10/min,burst=', '10MB/min', 'Infinity/s', '1e3/min', '10/min,rate=1'])(
    'stops the boot on %p, naming the variable',
    (value) => {
      expect(() => loadBudgetsConfig({ BUDGET_CART_COMMANDS: value })).toThrow(/^BUDGET_CART_COMMANDS: /);
    },
  );

  it('reads the Redis key prefix, refusing what would not be a plain key', () => {
    expect(loadBudgetsConfig({ BUDGET_REDIS_PREFIX: 'shop-2:budget:' }).redisPrefix).toBe('shop-2:budget:');
    expect(() => loadBudgetsConfig({ BUDGET_REDIS_PREFIX: 'a b' })).toThrow(/BUDGET_REDIS_PREFIX/);
  });

  it('reads the upload concurrency as a whole number ≥ 1', () => {
    expect(loadBudgetsConfig({ BUDGET_UPLOAD_CONCURRENCY: '2' }).uploadConcurrency).toBe(2);
    expect(() => loadBudgetsConfig({ BUDGET_UPLOAD_CONCURRENCY: '0' })).toThrow(/BUDGET_UPLOAD_CONCURRENCY/);
    expect(() => loadBudgetsConfig({ BUDGET_UPLOAD_CONCURRENCY: '2MB' })).toThrow(/BUDGET_UPLOAD_CONCURRENCY/);
  });
});

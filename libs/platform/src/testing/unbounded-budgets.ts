/**
 * Budgets of anonymous writes (BUDGET_*: libs/platform/src/config/budgets-config.ts) that nothing
 * but the budgets' own tests reaches: the suites of other features and the throughput benchmarks
 * (bench:api, bench:soak) play many shoppers from one address, which the shop would rightly refuse
 * as one client flooding it. They measure other things; bench:abuse and the budgets' suites
 * measure the budgets.
 */
export const UNBOUNDED_BUDGETS: Readonly<Record<string, string>> = {
  BUDGET_CART_COMMANDS: '1000000/s',
  BUDGET_CART_CREATIONS: '1000000/s',
  BUDGET_CHECKOUTS_PER_CLIENT: '1000000/s',
  BUDGET_CLIENT_TOKENS: '1000000/s',
  BUDGET_UPLOADS: '1000000/s',
  BUDGET_UPLOAD_BYTES: '1000000GB/s',
  BUDGET_UPLOAD_CONCURRENCY: '1000',
  BUDGET_NEWSLETTER_SIGNUPS: '1000000/s',
};

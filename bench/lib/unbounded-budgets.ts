/**
 * Budgets of anonymous writes (issue 24) that a throughput benchmark never reaches: bench:api and
 * bench:soak play many shoppers from one address (127.0.0.1), which the shop would rightly refuse
 * as one client flooding it. They measure capacity, not the budgets; bench:abuse measures those.
 */
export const UNBOUNDED_BUDGETS: Readonly<Record<string, string>> = {
  BUDGET_CART_COMMANDS: '1000000/s',
  BUDGET_CART_CREATIONS: '1000000/s',
  BUDGET_CHECKOUTS_PER_CLIENT: '1000000/s',
  BUDGET_CHECKOUTS_PER_PHONE: '1000000/s',
  BUDGET_UPLOADS: '1000000/s',
  BUDGET_UPLOAD_BYTES: '1000000GB/s',
  BUDGET_UPLOAD_CONCURRENCY: '1000',
  BUDGET_NEWSLETTER_SIGNUPS: '1000000/s',
};

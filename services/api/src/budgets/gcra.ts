import type { BudgetRule } from '#platform/config/budgets-config.js';

/**
 * A token bucket kept as one number (GCRA): the "theoretical arrival time" `tat`, the moment the
 * bucket would be full again. Spending `cost` units pushes it `cost × interval` later; the spend
 * is refused when that would put it more than `burst × interval` ahead of now. One number per
 * key, no timer, and the Redis script (redis-budget-store.ts) does the same arithmetic.
 */
export type Verdict = { allowed: true } | { allowed: false; retryAfterMs: number };

export function interval(rule: BudgetRule): number {
  return rule.periodMs / rule.amount;
}

/** A spend larger than the whole bucket costs the whole bucket: a single request is never refused forever. */
export function clampCost(rule: BudgetRule, cost: number): number {
  return Math.min(Math.max(cost, 0), rule.burst);
}

export function spend(tat: number | undefined, now: number, rule: BudgetRule, cost: number): { verdict: Verdict; tat: number } {
  const from = Math.max(tat ?? now, now);
  const next = from + clampCost(rule, cost) * interval(rule);
  const allowAt = next - rule.burst * interval(rule);
  if (allowAt > now) return { verdict: { allowed: false, retryAfterMs: allowAt - now }, tat: from };
  return { verdict: { allowed: true }, tat: next };
}

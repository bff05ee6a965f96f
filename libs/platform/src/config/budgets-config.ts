/**
 * Per-client budgets of anonymous writes. Each is a token bucket: `amount` units per
 * `periodMs` on average, with up to `burst` units at once. The defaults and why they were
 * chosen are in the README ("Budgets of anonymous writes").
 */
export interface BudgetRule {
  amount: number;
  periodMs: number;
  burst: number;
}

export interface BudgetsConfig {
  /**
   * Cart commands (add, change, remove, clear, promo code, payment method), per client: its signed
   * client token, or its address when it has none.
   */
  cartCommands: BudgetRule;
  /** New carts (a cart write without a usable X-Cart-Id), per client. */
  cartCreations: BudgetRule;
  /** Checkout attempts per client. Never per phone: anyone can type anyone's phone. */
  checkoutsPerClient: BudgetRule;
  /**
   * How many times a client's budget one address's token holders share together (the three above):
   * carrier NAT puts many shoppers behind one address, each with a token of their own.
   */
  addressCeilingFactor: number;
  /** Client tokens issued per address (with first pages): minting tokens does not mint budgets. */
  clientTokens: BudgetRule;
  /** Anonymous custom-poster uploads per client address: how many, how many bytes, how many at once. */
  uploads: BudgetRule;
  uploadBytes: BudgetRule;
  uploadConcurrency: number;
  /** Newsletter sign-ups per client address. */
  newsletterSignups: BudgetRule;
  /** Prefix of the budgets' Redis keys, so several shops (or test runs) can share one Redis. */
  redisPrefix: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MB = 1024 * 1024;

export const DEFAULT_BUDGETS: BudgetsConfig = {
  cartCommands: { amount: 300, periodMs: MINUTE, burst: 100 },
  cartCreations: { amount: 60, periodMs: MINUTE, burst: 30 },
  checkoutsPerClient: { amount: 20, periodMs: MINUTE, burst: 20 },
  addressCeilingFactor: 10,
  clientTokens: { amount: 60, periodMs: MINUTE, burst: 60 },
  uploads: { amount: 60, periodMs: HOUR, burst: 10 },
  uploadBytes: { amount: 2048 * MB, periodMs: HOUR, burst: 200 * MB },
  uploadConcurrency: 4,
  newsletterSignups: { amount: 60, periodMs: HOUR, burst: 10 },
  redisPrefix: 'postershop:budget:',
};

const PERIODS: Record<string, number> = { s: 1000, min: MINUTE, h: HOUR, d: 24 * HOUR };
const SIZES: Record<string, number> = { '': 1, kb: 1024, mb: MB, gb: 1024 * MB };

/** A whole number ≥ 1, with a size suffix (KB, MB, GB) where sizes are allowed. */
function count(text: string, name: string, sizes: boolean): number {
  const m = /^(\d{1,15})\s*([a-z]*)$/i.exec(text.trim());
  const unit = m?.[2].toLowerCase() ?? '';
  if (!m || (!sizes && unit !== '') || !(unit in SIZES)) {
    throw new Error(`${name}: "${text}" is not a whole number${sizes ? ' (optionally with KB, MB or GB)' : ''}`);
  }
  const n = Number(m[1]) * SIZES[unit];
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name}: must be at least 1, not "${text}"`);
  return n;
}

/**
 * `<amount>/<period>[,burst=<n>]`, period one of s, min, h, d: `300/min,burst=100`. Without a
 * burst, a whole period's amount may come at once. Anything else stops the process at boot with
 * the variable's name: a typo must not silently leave the shop without a budget.
 */
export function parseBudgetRule(value: string | undefined, name: string, fallback: BudgetRule, sizes = false): BudgetRule {
  if (value === undefined || value.trim() === '') return fallback;
  const m = /^\s*([^/,]+)\/\s*(s|min|h|d)\s*(?:,\s*burst\s*=\s*([^,]+))?$/i.exec(value);
  if (!m) throw new Error(`${name}: "${value}" is not <amount>/<s|min|h|d>[,burst=<n>], e.g. 300/min,burst=100`);
  const amount = count(m[1], name, sizes);
  const burst = m[3] === undefined ? amount : count(m[3], name, sizes);
  return { amount, periodMs: PERIODS[m[2].toLowerCase()], burst };
}

function parsePositiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  return count(value, name, false);
}

function parsePrefix(value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  if (!/^[A-Za-z0-9:._-]{1,64}$/.test(value)) throw new Error(`BUDGET_REDIS_PREFIX: "${value}" is not 1-64 of A-Z a-z 0-9 : . _ -`);
  return value;
}

export function loadBudgetsConfig(env: NodeJS.ProcessEnv): BudgetsConfig {
  const d = DEFAULT_BUDGETS;
  return {
    cartCommands: parseBudgetRule(env.BUDGET_CART_COMMANDS, 'BUDGET_CART_COMMANDS', d.cartCommands),
    cartCreations: parseBudgetRule(env.BUDGET_CART_CREATIONS, 'BUDGET_CART_CREATIONS', d.cartCreations),
    checkoutsPerClient: parseBudgetRule(env.BUDGET_CHECKOUTS_PER_CLIENT, 'BUDGET_CHECKOUTS_PER_CLIENT', d.checkoutsPerClient),
    addressCeilingFactor: parsePositiveInt(env.BUDGET_ADDRESS_CEILING_FACTOR, 'BUDGET_ADDRESS_CEILING_FACTOR', d.addressCeilingFactor),
    clientTokens: parseBudgetRule(env.BUDGET_CLIENT_TOKENS, 'BUDGET_CLIENT_TOKENS', d.clientTokens),
    uploads: parseBudgetRule(env.BUDGET_UPLOADS, 'BUDGET_UPLOADS', d.uploads),
    uploadBytes: parseBudgetRule(env.BUDGET_UPLOAD_BYTES, 'BUDGET_UPLOAD_BYTES', d.uploadBytes, true),
    uploadConcurrency: parsePositiveInt(env.BUDGET_UPLOAD_CONCURRENCY, 'BUDGET_UPLOAD_CONCURRENCY', d.uploadConcurrency),
    newsletterSignups: parseBudgetRule(env.BUDGET_NEWSLETTER_SIGNUPS, 'BUDGET_NEWSLETTER_SIGNUPS', d.newsletterSignups),
    redisPrefix: parsePrefix(env.BUDGET_REDIS_PREFIX, d.redisPrefix),
  };
}

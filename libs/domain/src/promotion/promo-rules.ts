/**
 * The rules of a promo code: when it works (shop days, both inclusive), how often (in all, and
 * once per customer), from which subtotal, and on which category. Each refusal has a stable code
 * and the values it names (params), so the storefront can say it in the shopper's language.
 */
import { DomainError } from '../shared/domain-error.js';
import { formatEgp, isValidPiastres, MAX_PRICE, type Piastres } from '../shared/money.js';
import { dayAndMonth, isShopDate } from '../shared/shop-date.js';
import { trimmed } from '../shared/validation.js';
import { type Category, categoryLabel, isCategory } from '../shop-config.js';

export interface PromoRules {
  /** First shop day it works ('YYYY-MM-DD'), or null: from its creation. */
  startsOn: string | null;
  /** Last shop day it works, or null: until deactivated. */
  endsOn: string | null;
  /** Uses in all (orders placed with it and not cancelled or refused), or null: no limit. */
  usageLimit: number | null;
  oncePerCustomer: boolean;
  /** The cart's subtotal (catalogue prices) it needs; 0: none. */
  minimumSubtotal: Piastres;
  /** The only category it takes money off, or null: every line. */
  category: Category | null;
}

export const NO_PROMO_RULES: PromoRules = Object.freeze({
  startsOn: null,
  endsOn: null,
  usageLimit: null,
  oncePerCustomer: false,
  minimumSubtotal: 0,
  category: null,
});

/** A shop that needs more uses than this wants no limit; larger numbers are typing mistakes. */
export const MAX_USAGE_LIMIT = 1_000_000;

/** The rules as a form or an old event sends them: any field may be missing. */
export type PromoRulesInput = { [K in keyof PromoRules]?: unknown };

/** The rules an event recorded; events written before rules existed have none of the fields. */
export function promoRulesOf(data: Partial<PromoRules>): PromoRules {
  return {
    startsOn: data.startsOn ?? null,
    endsOn: data.endsOn ?? null,
    usageLimit: data.usageLimit ?? null,
    oncePerCustomer: data.oncePerCustomer ?? false,
    minimumSubtotal: data.minimumSubtotal ?? 0,
    category: data.category ?? null,
  };
}

const RULE_MESSAGES = {
  startsOn: 'Enter the start as a date (YYYY-MM-DD)',
  endsOn: 'Enter the end as a date (YYYY-MM-DD)',
  endsBeforeStart: 'The end must not be before the start',
  usageLimit: `Enter a whole number of uses from 1 to ${MAX_USAGE_LIMIT}, or leave it empty for no limit`,
  oncePerCustomer: 'Once per customer must be true or false',
  minimumSubtotal: `Enter a minimum subtotal in piastres from 0 to ${MAX_PRICE}`,
  category: 'Please select a valid category',
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Validates rules from a form: every wrong field at once, named (fieldErrors), code
 * PROMO_CODE_INVALID_RULES. Missing fields take `base`'s value (NO_PROMO_RULES for a new code).
 */
export function validatePromoRules(input: PromoRulesInput, base: PromoRules = NO_PROMO_RULES): PromoRules {
  const errors: Record<string, string> = {};
  const rules = { ...base };
  const has = (k: keyof PromoRules) => Object.prototype.hasOwnProperty.call(input, k) && input[k] !== undefined;
  for (const k of ['startsOn', 'endsOn'] as const) {
    if (!has(k)) continue;
    const v = input[k];
    if (blank(v)) rules[k] = null;
    else if (isShopDate(trimmed(v))) rules[k] = trimmed(v);
    else errors[k] = RULE_MESSAGES[k];
  }
  if (has('usageLimit')) {
    const v = input.usageLimit;
    if (v === null) rules.usageLimit = null;
    else if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_USAGE_LIMIT) rules.usageLimit = v;
    else errors.usageLimit = RULE_MESSAGES.usageLimit;
  }
  if (has('oncePerCustomer')) {
    if (typeof input.oncePerCustomer === 'boolean') rules.oncePerCustomer = input.oncePerCustomer;
    else errors.oncePerCustomer = RULE_MESSAGES.oncePerCustomer;
  }
  if (has('minimumSubtotal')) {
    const v = input.minimumSubtotal;
    if (v === null) rules.minimumSubtotal = 0;
    else if (isValidPiastres(v) && v >= 0 && v <= MAX_PRICE) rules.minimumSubtotal = v;
    else errors.minimumSubtotal = RULE_MESSAGES.minimumSubtotal;
  }
  if (has('category')) {
    const v = input.category;
    const code = trimmed(v).toUpperCase();
    if (blank(v)) rules.category = null;
    else if (isCategory(code)) rules.category = code;
    else errors.category = RULE_MESSAGES.category;
  }
  if (!errors.startsOn && !errors.endsOn && rules.startsOn && rules.endsOn && rules.endsOn < rules.startsOn) {
    errors.endsOn = RULE_MESSAGES.endsBeforeStart;
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) {
    throw DomainError.validation('PROMO_CODE_INVALID_RULES', `${fields[0]}: ${errors[fields[0]]}`, errors);
  }
  return rules;
}

/** Why a code cannot be used, as the shopper reads it; params carry the values named. */
export const promoRefusals = {
  notStarted: (startsOn: string) =>
    new DomainError('PROMO_CODE_NOT_STARTED', `This code starts on ${dayAndMonth(startsOn)}`, 'validation', undefined, { startsOn }),
  ended: (endsOn: string) =>
    new DomainError('PROMO_CODE_ENDED', `This code ended on ${dayAndMonth(endsOn)}`, 'validation', undefined, { endsOn }),
  minimumSubtotal: (minimum: Piastres) =>
    new DomainError('PROMO_CODE_MINIMUM_SUBTOTAL', `This code needs a subtotal of LE ${egpText(minimum)}`, 'validation', undefined, {
      minimum: minimum / 100,
    }),
  category: (category: Category) =>
    new DomainError('PROMO_CODE_CATEGORY', `This code is only for ${categoryLabel(category)} posters`, 'validation', undefined, { category }),
  usedUp: () => DomainError.conflict('PROMO_CODE_USED_UP', 'This code has been used up'),
  alreadyUsed: () => DomainError.conflict('PROMO_CODE_ALREADY_USED', 'You have already used this code'),
};

/** 50000 → '500', 49950 → '499.50'. */
function egpText(piastres: Piastres): string {
  return piastres % 100 === 0 ? String(piastres / 100) : formatEgp(piastres);
}

/** What a cart must show for the rules the cart itself decides (not the uses: checkout decides those). */
export interface PromoCartFacts {
  /** The shop day now; undefined: the dates are not checked (a replay of recorded orders). */
  today: string | undefined;
  subtotal: Piastres;
  categories: readonly (string | null)[];
}

/** The first rule the cart breaks, or null when the code applies to it. */
export function promoCartRefusal(rules: PromoRules, facts: PromoCartFacts): DomainError | null {
  if (facts.today !== undefined) {
    if (rules.startsOn !== null && facts.today < rules.startsOn) return promoRefusals.notStarted(rules.startsOn);
    if (rules.endsOn !== null && facts.today > rules.endsOn) return promoRefusals.ended(rules.endsOn);
  }
  if (rules.category !== null && !facts.categories.includes(rules.category)) return promoRefusals.category(rules.category);
  if (facts.subtotal < rules.minimumSubtotal) return promoRefusals.minimumSubtotal(rules.minimumSubtotal);
  return null;
}

/**
 * A promotion an admin drafts before switching it on, to try it on past orders ("what if"):
 * any of a category discount, a promo code, a free-shipping threshold and a COD fee. Validated
 * here, once, so the API answers absurd values with a 400 naming what is wrong.
 */
import { DomainError } from '../shared/domain-error.js';
import { isValidPiastres, type Piastres } from '../shared/money.js';
import { isBlank, isPercentage, trimmed } from '../shared/validation.js';
import { type Category, isCategory } from '../shop-config.js';
import { validateDiscountWindow } from '../promotion/discount-window.js';
import type { DiscountWindow } from '../promotion/events.js';
import { isPromoCode } from '../promotion/promo-code-format.js';
import { type PromoRules, validatePromoRules } from '../promotion/promo-rules.js';
import { normalisePromoCode } from '../streams.js';

export interface PromotionDraft {
  /**
   * Added to the category discounts in force when each order was priced; category null: every
   * category. Its window (absent: open) is checked on each order's shop day.
   */
  categoryDiscount?: { category: Category | null; percentage: number } & Partial<DiscountWindow>;
  /**
   * As if every shopper of the period had entered it. A shopper whose own code took more off
   * keeps theirs (a cart holds one code); an order that used this very code gets the draft percent.
   * Its rules (absent: none) decide as checkout would, on the order's shop day and in the order
   * the orders were placed: an order it does not apply to keeps its own code.
   */
  promoCode?: { code: string; percentOff: number; rules?: PromoRules };
  freeShippingThreshold?: Piastres;
  codFee?: Piastres;
}

/** The draft as a form sends it: blanks mean "not part of the draft". */
export interface PromotionDraftInput {
  discountCategory?: string | null;
  discountPercent?: number | null;
  promoCode?: string | null;
  promoPercent?: number | null;
  /** Piastres. */
  freeShippingThreshold?: number | null;
  /** Piastres. */
  codFee?: number | null;
  /** The draft discount's window: shop days, inclusive; blank: open. */
  discountStartsOn?: string | null;
  discountEndsOn?: string | null;
  /** The draft code's rules, as a promo code's form sends them (validatePromoRules); blank: none. */
  promoStartsOn?: string | null;
  promoEndsOn?: string | null;
  /** Piastres. */
  promoMinimumSubtotal?: number | null;
  promoCategory?: string | null;
  promoUsageLimit?: number | null;
  promoOncePerCustomer?: boolean | null;
}

/** Beyond these a draft is a typing slip, not a promotion (the shop's own values are 1,499 and 20 EGP). */
export const MAX_DRAFT_THRESHOLD: Piastres = 100_000_000; // 1,000,000 EGP
export const MAX_DRAFT_COD_FEE: Piastres = 1_000_000; // 10,000 EGP
export const INVALID_PROMO_CODE_MESSAGE = 'A promo code is 1 to 40 letters, digits, dashes or underscores';

const invalid = (code: string, message: string) => DomainError.validation(`WHAT_IF_${code}`, message);
const present = (value: unknown) => value !== undefined && value !== null;

/** A rule of the draft, refused with the draft form's name for its field ("discountEndsOn: …"). */
function renamed<T>(prefix: 'discount' | 'promo', code: string, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (!(e instanceof DomainError) || !e.fieldErrors) throw e;
    const fieldErrors = Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [`${prefix}${k[0].toUpperCase()}${k.slice(1)}`, v]));
    const [first] = Object.keys(fieldErrors);
    throw DomainError.validation(`WHAT_IF_${code}`, `${first}: ${fieldErrors[first]}`, fieldErrors);
  }
}

/** Rules the form left blank are no rules; the promo code's own validation names a wrong one. */
function draftPromoRules(input: PromotionDraftInput): PromoRules | undefined {
  const given = {
    startsOn: input.promoStartsOn,
    endsOn: input.promoEndsOn,
    minimumSubtotal: input.promoMinimumSubtotal,
    category: input.promoCategory,
    usageLimit: input.promoUsageLimit,
    oncePerCustomer: input.promoOncePerCustomer ?? undefined,
  };
  if (Object.values(given).every((v) => v === undefined || v === null || v === '' || v === false)) return undefined;
  return renamed('promo', 'INVALID_RULES', () => validatePromoRules(given));
}

function money(value: number, max: Piastres, name: string, maxEgp: string): Piastres {
  if (!isValidPiastres(value) || value < 0 || value > max) throw invalid('INVALID_AMOUNT', `${name} must be between 0 and ${maxEgp} EGP`);
  return value;
}

export function parsePromotionDraft(input: PromotionDraftInput): PromotionDraft {
  const draft: PromotionDraft = {};
  if (present(input.discountPercent)) {
    if (!isPercentage(input.discountPercent)) throw invalid('INVALID_PERCENT', 'The category discount must be a whole percent between 1 and 100');
    let category: Category | null = null;
    if (!isBlank(input.discountCategory)) {
      const code = trimmed(input.discountCategory).toUpperCase();
      if (!isCategory(code)) throw invalid('INVALID_CATEGORY', 'Please select a valid category');
      category = code;
    }
    const window = renamed('discount', 'INVALID_DATES', () => validateDiscountWindow({ startsOn: input.discountStartsOn, endsOn: input.discountEndsOn }));
    draft.categoryDiscount = { category, percentage: input.discountPercent, ...(window.startsOn || window.endsOn ? window : {}) };
  } else if (!isBlank(input.discountCategory) || !isBlank(input.discountStartsOn) || !isBlank(input.discountEndsOn)) {
    throw invalid('INVALID_PERCENT', 'Give the category discount a percent between 1 and 100');
  }
  if (present(input.promoPercent) || !isBlank(input.promoCode)) {
    const code = normalisePromoCode(trimmed(input.promoCode));
    if (!isPromoCode(code)) throw invalid('INVALID_PROMO_CODE', INVALID_PROMO_CODE_MESSAGE);
    if (!isPercentage(input.promoPercent)) throw invalid('INVALID_PERCENT', 'The promo code must take a whole percent between 1 and 100');
    const rules = draftPromoRules(input);
    draft.promoCode = { code, percentOff: input.promoPercent, ...(rules ? { rules } : {}) };
  } else if (draftPromoRules(input) !== undefined) {
    throw invalid('INVALID_PROMO_CODE', INVALID_PROMO_CODE_MESSAGE);
  }
  if (present(input.freeShippingThreshold)) draft.freeShippingThreshold = money(input.freeShippingThreshold!, MAX_DRAFT_THRESHOLD, 'The free-shipping threshold', '1,000,000');
  if (present(input.codFee)) draft.codFee = money(input.codFee!, MAX_DRAFT_COD_FEE, 'The COD fee', '10,000');
  return draft;
}

/** The orders a what-if replays: placed at or after `from` and before `to`. */
export interface ReplayPeriod {
  from: Date;
  to: Date;
}

export const DEFAULT_PERIOD_DAYS = 30;
/** The longest period one what-if replays; the log itself may hold more. */
export const MAX_PERIOD_DAYS = 1830;
const DAY_MS = 24 * 3600 * 1000;

/** Missing ends default to the last 30 days before `now`. */
export function parseReplayPeriod(input: { from?: Date | null; to?: Date | null }, now: Date): ReplayPeriod {
  const to = input.to ?? now;
  const from = input.from ?? new Date(to.getTime() - DEFAULT_PERIOD_DAYS * DAY_MS);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw invalid('INVALID_PERIOD', 'The period needs valid dates');
  if (from.getTime() >= to.getTime()) throw invalid('INVALID_PERIOD', 'The period must start before it ends');
  if (from.getTime() > now.getTime()) throw invalid('INVALID_PERIOD', 'The period starts in the future: no orders to replay yet');
  if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * DAY_MS) throw invalid('INVALID_PERIOD', `The period may span at most ${MAX_PERIOD_DAYS} days`);
  return { from, to };
}

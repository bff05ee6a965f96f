/** Promotion commands. */
import type { DomainCommand } from '../shared/event.js';
import type { DiscountWindowInput } from './discount-window.js';
import type { PromoRulesInput } from './promo-rules.js';

/** category: a category code, or null/'' for all categories; startsOn/endsOn: shop days, absent or blank: open. */
export type CreateDiscount = DomainCommand<'CreateDiscount', {
  category: string | null;
  percentage: number;
  active: boolean;
} & DiscountWindowInput>;

/** Absent fields keep their value (PATCH); a null or blank date opens that end of the window. */
export type ChangeDiscount = DomainCommand<'ChangeDiscount', { discountId: number; percentage?: number; active?: boolean } & DiscountWindowInput>;
export type DeleteDiscount = DomainCommand<'DeleteDiscount', { discountId: number }>;

export type DiscountCommand = CreateDiscount | ChangeDiscount | DeleteDiscount;

/** code is trimmed and upper-cased by the decider; active defaults to true; absent rules: none. */
export type CreatePromoCode = DomainCommand<'CreatePromoCode', { code: string; percentOff: number; active?: boolean; rules?: PromoRulesInput }>;
/** Rules not sent keep their value. */
export type ChangePromoCodeRules = DomainCommand<'ChangePromoCodeRules', { code: string; rules: PromoRulesInput }>;
export type ActivatePromoCode = DomainCommand<'ActivatePromoCode', { code: string }>;
export type DeactivatePromoCode = DomainCommand<'DeactivatePromoCode', { code: string }>;
export type ChangePromoCodePercent = DomainCommand<'ChangePromoCodePercent', { code: string; percentOff: number }>;
export type DeletePromoCode = DomainCommand<'DeletePromoCode', { code: string }>;

export type PromoCodeCommand =
  | CreatePromoCode
  | ActivatePromoCode
  | DeactivatePromoCode
  | ChangePromoCodePercent
  | ChangePromoCodeRules
  | DeletePromoCode;

/**
 * A checkout takes a use for its order (orderId); the code's limit and once-per-customer rule
 * come from the code's stream. Taking a use the order already holds changes nothing (a retry).
 */
export type UsePromoCode = DomainCommand<'UsePromoCode', { code: string; orderId: string; customer: string; usageLimit: number | null; oncePerCustomer: boolean }>;
/** The order was cancelled or refused before delivery. */
export type ReturnPromoCodeUse = DomainCommand<'ReturnPromoCodeUse', { code: string; orderId: string }>;
/**
 * A cancelled or refused order was re-opened: it takes its use back even past the limit, since
 * it was priced with the code and is not priced again.
 */
export type RetakePromoCodeUse = DomainCommand<'RetakePromoCodeUse', { code: string; orderId: string }>;
export type PromoUsageCommand = UsePromoCode | ReturnPromoCodeUse | RetakePromoCodeUse;

export type PromotionCommand = DiscountCommand | PromoCodeCommand | PromoUsageCommand;

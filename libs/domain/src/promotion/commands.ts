/** Promotion commands. */
import type { DomainCommand } from '../shared/event.js';

/** category: a category code, or null/'' for all categories. */
export type CreateDiscount = DomainCommand<'CreateDiscount', {
  category: string | null;
  percentage: number;
  active: boolean;
}>;

/** Absent fields keep their value (PATCH with percentage and/or active). */
export type ChangeDiscount = DomainCommand<'ChangeDiscount', { discountId: number; percentage?: number; active?: boolean }>;
export type DeleteDiscount = DomainCommand<'DeleteDiscount', { discountId: number }>;

export type DiscountCommand = CreateDiscount | ChangeDiscount | DeleteDiscount;

/** code is trimmed and upper-cased by the decider; active defaults to true. */
export type CreatePromoCode = DomainCommand<'CreatePromoCode', { code: string; percentOff: number; active?: boolean }>;
export type ActivatePromoCode = DomainCommand<'ActivatePromoCode', { code: string }>;
export type DeactivatePromoCode = DomainCommand<'DeactivatePromoCode', { code: string }>;
export type ChangePromoCodePercent = DomainCommand<'ChangePromoCodePercent', { code: string; percentOff: number }>;
export type DeletePromoCode = DomainCommand<'DeletePromoCode', { code: string }>;

export type PromoCodeCommand =
  | CreatePromoCode
  | ActivatePromoCode
  | DeactivatePromoCode
  | ChangePromoCodePercent
  | DeletePromoCode;

export type PromotionCommand = DiscountCommand | PromoCodeCommand;

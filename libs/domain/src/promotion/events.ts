/** Promotion events: category discounts (`discounts`) and promo codes (`promo-<CODE>`). */
import type { DomainEvent } from '../shared/event.js';
import type { Category } from '../shop-config.js';
import type { PromoRules } from './promo-rules.js';

/**
 * When a category discount is in force: shop days (Africa/Cairo), both inclusive; null: open on
 * that side. Schema 2 of DiscountCreated and DiscountChanged; schema 1 had no window (upcasters.ts).
 */
export interface DiscountWindow {
  startsOn: string | null;
  endsOn: string | null;
}

/** discountId is the next integer (1, 2, 3…) of the `discounts` stream; category null = all categories. */
export type DiscountCreated = DomainEvent<'DiscountCreated', {
  discountId: number;
  category: Category | null;
  percentage: number;
  active: boolean;
} & DiscountWindow>;

/** Everything a discount's form changes, as it now is. */
export type DiscountChanged = DomainEvent<'DiscountChanged', { discountId: number; percentage: number; active: boolean } & DiscountWindow>;
export type DiscountDeleted = DomainEvent<'DiscountDeleted', { discountId: number }>;

export type DiscountEvent = DiscountCreated | DiscountChanged | DiscountDeleted;

/**
 * code is upper-cased; it is also the promo code's id. The rules are optional: codes created
 * before they existed have none (promoRulesOf reads a missing rule as "no rule").
 */
export type PromoCodeCreated = DomainEvent<'PromoCodeCreated', { code: string; percentOff: number; active: boolean } & Partial<PromoRules>>;
/** Every rule as it now is (a form saves them together). */
export type PromoCodeRulesChanged = DomainEvent<'PromoCodeRulesChanged', { code: string } & PromoRules>;
export type PromoCodeActivated = DomainEvent<'PromoCodeActivated', { code: string }>;
export type PromoCodeDeactivated = DomainEvent<'PromoCodeDeactivated', { code: string }>;
export type PromoCodePercentChanged = DomainEvent<'PromoCodePercentChanged', { code: string; percentOff: number }>;
export type PromoCodeDeleted = DomainEvent<'PromoCodeDeleted', { code: string }>;

export type PromoCodeEvent =
  | PromoCodeCreated
  | PromoCodeActivated
  | PromoCodeDeactivated
  | PromoCodePercentChanged
  | PromoCodeRulesChanged
  | PromoCodeDeleted;

/**
 * A code's uses (`promouse-<CODE>`), apart from the code's own stream so that checkouts racing
 * for its last uses conflict on this stream's revision and nothing else. customer is the data
 * subject's id (docs/adr/012), never a phone.
 */
export type PromoCodeUsed = DomainEvent<'PromoCodeUsed', { code: string; orderId: string; customer: string }>;
/** The order was cancelled or refused at the door: its use counts no more. */
export type PromoCodeUseReturned = DomainEvent<'PromoCodeUseReturned', { code: string; orderId: string }>;
export type PromoUsageEvent = PromoCodeUsed | PromoCodeUseReturned;

export type PromotionEvent = DiscountEvent | PromoCodeEvent | PromoUsageEvent;

const discountEventTypes: Record<DiscountEvent['type'], true> = {
  DiscountCreated: true,
  DiscountChanged: true,
  DiscountDeleted: true,
};
const promoCodeEventTypes: Record<PromoCodeEvent['type'], true> = {
  PromoCodeCreated: true,
  PromoCodeActivated: true,
  PromoCodeDeactivated: true,
  PromoCodePercentChanged: true,
  PromoCodeRulesChanged: true,
  PromoCodeDeleted: true,
};
const promoUsageEventTypes: Record<PromoUsageEvent['type'], true> = { PromoCodeUsed: true, PromoCodeUseReturned: true };

export const DISCOUNT_EVENT_TYPES = Object.keys(discountEventTypes) as DiscountEvent['type'][];
export const PROMO_CODE_EVENT_TYPES = Object.keys(promoCodeEventTypes) as PromoCodeEvent['type'][];
export const PROMO_USAGE_EVENT_TYPES = Object.keys(promoUsageEventTypes) as PromoUsageEvent['type'][];
export const PROMOTION_EVENT_TYPES: PromotionEvent['type'][] = [...DISCOUNT_EVENT_TYPES, ...PROMO_CODE_EVENT_TYPES, ...PROMO_USAGE_EVENT_TYPES];

/** Promotion events: category discounts (`discounts`) and promo codes (`promo-<CODE>`). */
import type { DomainEvent } from '../shared/event.js';
import type { Category } from '../shop-config.js';

/** discountId is the next integer (1, 2, 3…) of the `discounts` stream; category null = all categories. */
export type DiscountCreated = DomainEvent<'DiscountCreated', {
  discountId: number;
  category: Category | null;
  percentage: number;
  active: boolean;
}>;

export type DiscountChanged = DomainEvent<'DiscountChanged', { discountId: number; percentage: number; active: boolean }>;
export type DiscountDeleted = DomainEvent<'DiscountDeleted', { discountId: number }>;

export type DiscountEvent = DiscountCreated | DiscountChanged | DiscountDeleted;

/** code is upper-cased; it is also the promo code's id. */
export type PromoCodeCreated = DomainEvent<'PromoCodeCreated', { code: string; percentOff: number; active: boolean }>;
export type PromoCodeActivated = DomainEvent<'PromoCodeActivated', { code: string }>;
export type PromoCodeDeactivated = DomainEvent<'PromoCodeDeactivated', { code: string }>;
export type PromoCodePercentChanged = DomainEvent<'PromoCodePercentChanged', { code: string; percentOff: number }>;
export type PromoCodeDeleted = DomainEvent<'PromoCodeDeleted', { code: string }>;

export type PromoCodeEvent =
  | PromoCodeCreated
  | PromoCodeActivated
  | PromoCodeDeactivated
  | PromoCodePercentChanged
  | PromoCodeDeleted;

export type PromotionEvent = DiscountEvent | PromoCodeEvent;

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
  PromoCodeDeleted: true,
};

export const DISCOUNT_EVENT_TYPES = Object.keys(discountEventTypes) as DiscountEvent['type'][];
export const PROMO_CODE_EVENT_TYPES = Object.keys(promoCodeEventTypes) as PromoCodeEvent['type'][];
export const PROMOTION_EVENT_TYPES: PromotionEvent['type'][] = [...DISCOUNT_EVENT_TYPES, ...PROMO_CODE_EVENT_TYPES];

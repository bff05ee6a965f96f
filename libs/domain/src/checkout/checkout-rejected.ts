/**
 * A checkout the shop refused for a business rule, recorded for the cart funnel
 * (`checkoutrejection-<cartId>`). Only the reason and the governorate: no name, phone or address,
 * so the log holds no personal data for it. Malformed input (missing fields, an unknown
 * governorate) is not recorded: it says nothing about the shop's rules.
 */
import { CHECKOUT_MESSAGES } from './checkout-form.js';
import type { DomainError } from '../shared/domain-error.js';
import type { DomainEvent } from '../shared/event.js';
import type { Governorate } from '../shop-config.js';

export const CHECKOUT_REJECTION_REASONS = [
  'BAD_PHONE', 'MINIMUM_POSTERS', 'LINE_UNAVAILABLE', 'CART_EMPTY', 'PROMO_UNKNOWN', 'PROMO_INACTIVE',
  'PROMO_NOT_STARTED', 'PROMO_ENDED', 'PROMO_MINIMUM_SUBTOTAL', 'PROMO_CATEGORY', 'PROMO_USED_UP', 'PROMO_ALREADY_USED',
] as const;

/**
 * Refusals of a promo code being applied: the shopper may not be at checkout yet. Its uses are
 * counted at checkout, so PROMO_USED_UP and PROMO_ALREADY_USED refuse a checkout.
 */
export const PROMO_APPLY_REJECTION_REASONS: readonly CheckoutRejectionReason[] = [
  'PROMO_UNKNOWN', 'PROMO_INACTIVE', 'PROMO_NOT_STARTED', 'PROMO_ENDED', 'PROMO_MINIMUM_SUBTOTAL', 'PROMO_CATEGORY',
];
export type CheckoutRejectionReason = (typeof CHECKOUT_REJECTION_REASONS)[number];

export type CheckoutRejected = DomainEvent<'CheckoutRejected', {
  cartId: string;
  reason: CheckoutRejectionReason;
  /** The form's governorate when it had a valid one (promo rejections have none). */
  governorate: Governorate | null;
}>;

const BY_CODE: Readonly<Record<string, CheckoutRejectionReason>> = {
  MINIMUM_POSTERS: 'MINIMUM_POSTERS',
  POSTER_UNAVAILABLE: 'LINE_UNAVAILABLE',
  SIZE_UNAVAILABLE: 'LINE_UNAVAILABLE',
  ADDON_UNAVAILABLE: 'LINE_UNAVAILABLE',
  CART_EMPTY: 'CART_EMPTY',
  PROMO_CODE_INVALID: 'PROMO_UNKNOWN',
  PROMO_CODE_INACTIVE: 'PROMO_INACTIVE',
  PROMO_CODE_NOT_STARTED: 'PROMO_NOT_STARTED',
  PROMO_CODE_ENDED: 'PROMO_ENDED',
  PROMO_CODE_MINIMUM_SUBTOTAL: 'PROMO_MINIMUM_SUBTOTAL',
  PROMO_CODE_CATEGORY: 'PROMO_CATEGORY',
  PROMO_CODE_USED_UP: 'PROMO_USED_UP',
  PROMO_CODE_ALREADY_USED: 'PROMO_ALREADY_USED',
};

/** Which funnel reason a refusal is, or undefined when it is malformed input (not recorded). */
export function checkoutRejectionReason(error: DomainError): CheckoutRejectionReason | undefined {
  if (error.code === 'CHECKOUT_INVALID') {
    // The phone is the one form rule a well-formed request can break: the number is not Egyptian.
    const fields = Object.keys(error.fieldErrors ?? {});
    return fields.length === 1 && error.fieldErrors?.phone === CHECKOUT_MESSAGES.invalidPhone ? 'BAD_PHONE' : undefined;
  }
  return BY_CODE[error.code];
}

export function checkoutRejected(cartId: string, error: DomainError, governorate: Governorate | null): CheckoutRejected | undefined {
  const reason = checkoutRejectionReason(error);
  return reason && { type: 'CheckoutRejected', data: { cartId, reason, governorate } };
}

/**
 * The blocked-phone list's input rule and checkout's refusal for a blocked phone. The refusal is
 * neutral: it does not tell the shopper (or someone trying numbers) that the phone is blocked.
 */
import { normaliseEgyptianPhone } from '../checkout/egyptian-phone.js';
import { DomainError } from '../shared/domain-error.js';

export const BLOCKED_PHONE_MESSAGES = {
  phone: 'Enter an Egyptian mobile number (01XXXXXXXXX)',
  reason: 'Choose a reason from the list',
  notBlocked: 'This phone is not blocked',
} as const;

/** The phone to block as 01XXXXXXXXX, or 400 PHONE_INVALID naming the field. */
export function blockedPhoneOf(raw: unknown): string {
  const phone = typeof raw === 'string' && raw.length <= 64 ? normaliseEgyptianPhone(raw) : undefined;
  if (!phone) throw DomainError.validation('PHONE_INVALID', `phone: ${BLOCKED_PHONE_MESSAGES.phone}`, { phone: BLOCKED_PHONE_MESSAGES.phone });
  return phone;
}

/** The storefront says it in the shopper's language by its code (CHECKOUT_NOT_ACCEPTED). */
export const CHECKOUT_NOT_ACCEPTED_MESSAGE = 'We could not accept this order online. Please contact us to complete it.';

export function checkoutNotAccepted(): DomainError {
  return new DomainError('CHECKOUT_NOT_ACCEPTED', CHECKOUT_NOT_ACCEPTED_MESSAGE, 'validation');
}

/**
 * Correcting an order's customer: the name, phone or address fields an admin may change, checked
 * with the checkout form's rules (same messages, same limits), and compared with what the order
 * holds so only real changes are recorded.
 */
import { CHECKOUT_MESSAGES } from '../checkout/checkout-form.js';
import { normaliseEgyptianPhone } from '../checkout/egyptian-phone.js';
import { DomainError } from '../shared/domain-error.js';
import type { OrderCustomer } from './events.js';

export const CORRECTABLE_FIELDS = ['firstName', 'lastName', 'phone', 'addressLine', 'building', 'apartment', 'city'] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];
export type CustomerFields = Pick<OrderCustomer, CorrectableField>;

const MAX_FIELD = 200;

/** The changes as typed → clean values (phone normalised); a 4xx naming every bad field. */
export function validateCorrection(changes: Partial<Record<CorrectableField, unknown>>): Partial<CustomerFields> {
  const errors: Record<string, string> = {};
  const clean: Partial<CustomerFields> = {};
  for (const field of CORRECTABLE_FIELDS) {
    const raw = changes[field];
    if (raw === undefined) continue;
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value === '') errors[field] = CHECKOUT_MESSAGES[field];
    else if (value.length > MAX_FIELD) errors[field] = CHECKOUT_MESSAGES.tooLong;
    else if (field === 'phone') {
      const phone = normaliseEgyptianPhone(value);
      if (phone) clean.phone = phone;
      else errors.phone = CHECKOUT_MESSAGES.invalidPhone;
    } else clean[field] = value;
  }
  const bad = Object.keys(errors);
  if (bad.length > 0) throw DomainError.validation('CORRECTION_INVALID', `${bad[0]}: ${errors[bad[0]]}`, errors);
  if (Object.keys(clean).length === 0) throw DomainError.validation('CORRECTION_EMPTY', `Give at least one of ${CORRECTABLE_FIELDS.join(', ')}`);
  return clean;
}

/** The fields whose value changes, with their value before and after; empty when nothing changes. */
export function correctionOf(current: CustomerFields, changes: Partial<CustomerFields>): { fields: CorrectableField[]; before: Partial<CustomerFields>; after: Partial<CustomerFields> } {
  const fields = CORRECTABLE_FIELDS.filter((f) => changes[f] !== undefined && changes[f] !== current[f]);
  return {
    fields,
    before: Object.fromEntries(fields.map((f) => [f, current[f]])),
    after: Object.fromEntries(fields.map((f) => [f, changes[f]!])),
  };
}

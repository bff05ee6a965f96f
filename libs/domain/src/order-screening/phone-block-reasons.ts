/**
 * Why a phone is blocked: a code with a name, not free text, because a typed reason would often
 * name the person ("Mona's husband ordered…") and the log keeps it after their data is erased.
 */
export const PHONE_BLOCK_REASONS = ['FAKE_ORDERS', 'REFUSED_PARCELS', 'ABUSIVE_CALLS', 'OWNER_REQUEST', 'OTHER'] as const;
export type PhoneBlockReason = (typeof PHONE_BLOCK_REASONS)[number];

export const PHONE_BLOCK_REASON_LABELS: Readonly<Record<PhoneBlockReason, string>> = {
  FAKE_ORDERS: 'Fake orders',
  REFUSED_PARCELS: 'Refused parcels',
  ABUSIVE_CALLS: 'Abusive on calls',
  OWNER_REQUEST: 'Owner’s decision',
  OTHER: 'Other',
};

export function isPhoneBlockReason(value: unknown): value is PhoneBlockReason {
  return typeof value === 'string' && (PHONE_BLOCK_REASONS as readonly string[]).includes(value);
}

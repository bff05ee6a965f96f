/**
 * Facts about a data subject's personal data (`personaldata-<subjectId>`). They carry subject
 * ids, order ids and a reason code, never the data itself: the log keeps them for ever.
 */
import type { DomainEvent } from '../shared/event.js';

/**
 * Why an admin erased a subject's data: a code, not free text, because a typed reason would
 * often name the person ("Mona asked…") and the log would keep that name after the erasure.
 */
export const ERASURE_REASONS = ['SUBJECT_REQUEST', 'CONSENT_WITHDRAWN', 'NO_LONGER_NEEDED', 'UNLAWFUL_PROCESSING', 'LEGAL_OBLIGATION'] as const;
export type ErasureReason = (typeof ERASURE_REASONS)[number];

/**
 * The subject's key is to be destroyed (and with it every personal field of its events), and
 * every read model forgets what it derived from them. `newsletterSubjectIds`: the newsletter
 * addresses the shopper gave at checkout, erased with them. `orderIds`: the orders known to be the
 * subject's when it was decided (the audit trail notes the erasure on each).
 */
export type PersonalDataErased = DomainEvent<'PersonalDataErased', {
  subjectId: string;
  newsletterSubjectIds: string[];
  orderIds: string[];
  reason: ErasureReason;
  erasedAt: string;
}>;

/**
 * An erasure asked for while some of the subject's orders are unfinished (order/order-finished.ts):
 * held, not refused, until the last of them is finished, then it runs by itself with the reason
 * asked for. `legalBasis` is the sentence the back-office and the person read; it names the law's
 * grounds and no one. `expectedEnd`: when the last held order can be finished, null while one has
 * no known end (not yet delivered).
 */
export type PersonalDataErasureHeld = DomainEvent<'PersonalDataErasureHeld', {
  subjectId: string;
  orderIds: string[];
  reason: ErasureReason;
  legalBasis: string;
  heldAt: string;
  expectedEnd: string | null;
}>;

/** Why a held erasure waits, as the hold records it (the same words in the back-office and to the person). */
export const ERASURE_HOLD_BASIS =
  'Held under Law 151/2020 on the protection of personal data: the data is needed to perform the contract of the open orders (delivery, returns) and to meet legal obligations (refunds, the courier\'s settlement, accounts). The erasure runs by itself once the last of them is finished.';

export type PersonalDataEvent = PersonalDataErased | PersonalDataErasureHeld;

const personalDataEventTypes: Record<PersonalDataEvent['type'], true> = { PersonalDataErased: true, PersonalDataErasureHeld: true };
export const PERSONAL_DATA_EVENT_TYPES = Object.keys(personalDataEventTypes) as PersonalDataEvent['type'][];

/** Every subject an erasure destroys the key of. */
export function erasedSubjects(data: PersonalDataErased['data']): string[] {
  return [data.subjectId, ...data.newsletterSubjectIds];
}

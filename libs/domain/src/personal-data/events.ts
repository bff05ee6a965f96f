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

export type PersonalDataEvent = PersonalDataErased;

const personalDataEventTypes: Record<PersonalDataEvent['type'], true> = { PersonalDataErased: true };
export const PERSONAL_DATA_EVENT_TYPES = Object.keys(personalDataEventTypes) as PersonalDataEvent['type'][];

/** Every subject an erasure destroys the key of. */
export function erasedSubjects(data: PersonalDataErased['data']): string[] {
  return [data.subjectId, ...data.newsletterSubjectIds];
}

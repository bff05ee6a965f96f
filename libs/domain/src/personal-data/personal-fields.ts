/**
 * Which fields of which events are personal data (anything that names, locates or contacts a
 * person), and whose: the one declaration the event log's encryption reads. A new personal field
 * is declared here, or it is stored in plain text: a bug.
 *
 * A data subject is a person: a shopper, known by the normalised phone they checked out with, or
 * a newsletter-only address, known by the normalised e-mail. The log stores each event's personal
 * fields encrypted under its subject's key; once that key is destroyed, readers get the `erased`
 * value declared here in their place, of the type the field has.
 */
import { normaliseEgyptianPhone } from '../checkout/egyptian-phone.js';
import { normaliseEmail } from '../shared/validation.js';
import { parseStreamName, type StreamCategory } from '../streams.js';
import { SNAPSHOT_TAKEN } from '../snapshots.js';
import { ERASED } from './erased-value.js';

export type SubjectKind = 'phone' | 'email';

export { ERASED };

export interface PersonalField {
  /** From the event's data: ['customer', 'firstName']. */
  readonly path: readonly string[];
  /** Its value once the subject's key is gone: the same type (projections keep working), never the data. */
  readonly erased: string | number | null;
}

export interface PersonalFieldsOfEvent {
  /** Where the subject's identifier (phone or e-mail) is in the data, and which kind it is. */
  readonly subject: { readonly kind: SubjectKind; readonly path: readonly string[] };
  readonly fields: readonly PersonalField[];
}

function customerAt(prefix: readonly string[]): PersonalFieldsOfEvent {
  const field = (name: string, erased: PersonalField['erased']): PersonalField => ({ path: [...prefix, name], erased });
  return {
    subject: { kind: 'phone', path: [...prefix, 'phone'] },
    // governorate stays plain: it locates no one, and the dashboards and shipping need it after an erasure.
    fields: [
      field('firstName', ERASED),
      field('lastName', ERASED),
      field('phone', ERASED),
      field('email', null),
      field('addressLine', ERASED),
      field('building', ERASED),
      field('apartment', ERASED),
      field('city', ERASED),
      field('latitude', 0),
      field('longitude', 0),
      field('notes', null),
    ],
  };
}

/** A correction: the order's phone (its subject) and every correctable field before and after. */
const CORRECTION: PersonalFieldsOfEvent = {
  subject: { kind: 'phone', path: ['phone'] },
  fields: [
    { path: ['phone'], erased: ERASED },
    ...['before', 'after'].flatMap((side) =>
      ['firstName', 'lastName', 'phone', 'addressLine', 'building', 'apartment', 'city'].map((name) => ({ path: [side, name], erased: ERASED })),
    ),
  ],
};

/** An edit: the order's subject (the phone it was placed with) and the customer before and after. */
const EDIT: PersonalFieldsOfEvent = {
  subject: { kind: 'phone', path: ['phone'] },
  fields: [
    { path: ['phone'], erased: ERASED },
    ...['before', 'after'].flatMap((side) => [
      ...['firstName', 'lastName', 'phone', 'addressLine', 'building', 'apartment', 'city'].map((name) => ({ path: [side, 'customer', name], erased: ERASED })),
      { path: [side, 'customer', 'notes'], erased: null },
    ]),
    // Staff free text about the person (why their order was changed).
    { path: ['reason'], erased: null },
  ],
};

/** A staff note: free text about a person, under the order's subject. */
const NOTE: PersonalFieldsOfEvent = {
  subject: { kind: 'phone', path: ['phone'] },
  fields: [
    { path: ['phone'], erased: ERASED },
    { path: ['text'], erased: ERASED },
  ],
};

/**
 * A status move or a return: the reason staff wrote is free text about a person, under the
 * order's subject (`phone`, as a note's). Events written before it was declared carry neither the
 * phone nor a sealed reason: they are read as they were, and the read models blank the reason
 * when the person is erased.
 */
function reasonOf(erased: PersonalField['erased']): PersonalFieldsOfEvent {
  return {
    subject: { kind: 'phone', path: ['phone'] },
    fields: [
      { path: ['phone'], erased: ERASED },
      { path: ['reason'], erased },
    ],
  };
}

const NEWSLETTER_ADDRESS: PersonalFieldsOfEvent = {
  subject: { kind: 'email', path: ['email'] },
  fields: [{ path: ['email'], erased: ERASED }],
};

/** A blocked phone: the phone is its own subject's identifier, kept encrypted like an order's. */
const BLOCKED_PHONE: PersonalFieldsOfEvent = {
  subject: { kind: 'phone', path: ['phone'] },
  fields: [{ path: ['phone'], erased: ERASED }],
};

/** Per event type (the stored type string). Types not listed carry no personal data. */
export const PERSONAL_FIELDS: Readonly<Record<string, PersonalFieldsOfEvent>> = {
  OrderPlaced: customerAt(['customer']),
  CartCheckedOut: customerAt(['order', 'customer']),
  PersonalDataCorrected: CORRECTION,
  OrderEdited: EDIT,
  OrderNoteAdded: NOTE,
  OrderStatusChanged: reasonOf(null),
  OrderReturned: reasonOf(ERASED),
  NewsletterSubscribed: NEWSLETTER_ADDRESS,
  NewsletterUnsubscribed: NEWSLETTER_ADDRESS,
  PhoneBlocked: BLOCKED_PHONE,
};

/**
 * Streams whose folded state holds personal data (an order's customer, a checked-out cart's
 * order, newsletter addresses): their snapshots are never taken. A snapshot folds many events,
 * possibly of several subjects (the old `newsletter` stream lists everyone), so one subject's key
 * cannot cover it, and these streams stay short without one (an order's lifecycle, one address).
 */
export const STREAMS_WITH_PERSONAL_STATE: ReadonlySet<StreamCategory> = new Set(['order', 'cart', 'subscriber', 'newsletter']);

/** Whether `stream`'s snapshot may hold personal data. A cart holds none until it is checked out. */
export function snapshotHoldsPersonalData(stream: string, state: unknown): boolean {
  const category = parseStreamName(stream)?.category;
  if (!category || !STREAMS_WITH_PERSONAL_STATE.has(category)) return false;
  if (category === 'cart') return (state as { checkedOut?: unknown } | null)?.checkedOut != null;
  return true;
}

/** An AggregateSnapshotTaken event whose state may hold personal data: the log refuses it. */
export function isPersonalSnapshot(type: string, data: unknown): boolean {
  if (type !== SNAPSHOT_TAKEN) return false;
  const d = data as { stream?: unknown; state?: unknown } | null;
  return typeof d?.stream === 'string' && snapshotHoldsPersonalData(d.stream, d.state);
}

/**
 * The one form of an identifier its lookup is keyed by: every way checkout accepts a phone, every
 * case of an e-mail. An event without one (checkout never writes such) is still encrypted, under
 * the subject of the empty identifier: never stored in plain text, never refused for it.
 */
export function normaliseSubjectIdentifier(kind: SubjectKind, raw: unknown): string {
  if (typeof raw !== 'string') return '';
  if (kind === 'email') return normaliseEmail(raw);
  const trimmed = raw.trim();
  return normaliseEgyptianPhone(trimmed) ?? trimmed;
}

export function valueAt(data: unknown, path: readonly string[]): unknown {
  let at: unknown = data;
  for (const key of path) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

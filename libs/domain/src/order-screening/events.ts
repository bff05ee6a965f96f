/**
 * The fake cash-on-delivery order defence: blocked phones (`phoneblock-<subjectId>`), the owner's
 * thresholds (`screeningsettings`) and each person's screened orders (`screening-<subjectId>`).
 * A person is their data subject (docs/adr/012): no stream name or plain field holds a phone;
 * the blocked phone itself is a personal field, encrypted under its subject.
 */
import type { StaffActor } from '../admin/staff-actor.js';
import type { DomainEvent } from '../shared/event.js';
import type { Piastres } from '../shared/money.js';
import type { PhoneBlockReason } from './phone-block-reasons.js';
import type { ScreeningFlag } from './screening-flags.js';
import type { OrderScreeningSettings } from './screening-settings.js';

/** Checkouts with this phone are refused until it is unblocked. `phone`: normalised 01XXXXXXXXX (personal). */
export type PhoneBlocked = DomainEvent<'PhoneBlocked', {
  subjectId: string;
  phone: string;
  reason: PhoneBlockReason;
  by: StaffActor;
  blockedAt: string;
}>;

export type PhoneUnblocked = DomainEvent<'PhoneUnblocked', {
  subjectId: string;
  by: StaffActor;
  unblockedAt: string;
}>;

/** Every setting as it is from now on (not only the changed ones). */
export type OrderScreeningSettingsChanged = DomainEvent<'OrderScreeningSettingsChanged', {
  settings: OrderScreeningSettings;
  by: StaffActor;
  changedAt: string;
}>;

/**
 * What checkout found about a placed order, appended right after its OrderPlaced. `lines`: the
 * order's lines as one comparable text (screening-flags.ts), never a name or an address.
 * `duplicateOf`: the earlier order's number when the order is a likely duplicate.
 */
export type OrderScreened = DomainEvent<'OrderScreened', {
  subjectId: string;
  orderId: string;
  orderNumber: string;
  placedAt: string;
  lines: string;
  total: Piastres;
  flags: ScreeningFlag[];
  duplicateOf: string | null;
}>;

export type OrderScreeningEvent = PhoneBlocked | PhoneUnblocked | OrderScreeningSettingsChanged | OrderScreened;

const orderScreeningEventTypes: Record<OrderScreeningEvent['type'], true> = {
  PhoneBlocked: true,
  PhoneUnblocked: true,
  OrderScreeningSettingsChanged: true,
  OrderScreened: true,
};
export const ORDER_SCREENING_EVENT_TYPES = Object.keys(orderScreeningEventTypes) as OrderScreeningEvent['type'][];

/** Courier events (one `couriers` stream: the shop works with a handful of couriers). */
import type { DomainEvent } from '../shared/event.js';

export interface CourierDetails {
  courierId: string;
  name: string;
  /** https URL with a {tracking} placeholder (tracking-url.ts), or null: the tracking page links nowhere. */
  trackingUrlTemplate: string | null;
}

export type CourierAdded = DomainEvent<'CourierAdded', CourierDetails>;
export type CourierUpdated = DomainEvent<'CourierUpdated', CourierDetails>;

export type CourierEvent = CourierAdded | CourierUpdated;

const courierEventTypes: Record<CourierEvent['type'], true> = { CourierAdded: true, CourierUpdated: true };
export const COURIER_EVENT_TYPES = Object.keys(courierEventTypes) as CourierEvent['type'][];
